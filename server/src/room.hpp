// A room: seats, spectators, readiness and the match it owns. Every public
// method posts to the room's strand; no locks around game state. Replies and
// broadcasts go to ClientLinks (thread-safe). Accepted commands are journaled
// and acknowledged only once durable.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "app_context.hpp"
#include "concord/rules/match.hpp"
#include "concord/persistence/repositories.hpp"
#include "concord/rules/prompt_ids.hpp"
#include "concord/server/link.hpp"
#include "concord/v1/concord.pb.h"
#include "delta/view_feed.hpp"
#include "room_options.hpp"

namespace concord::server {

// Persisted with the match (matches table) so that recovery restores them.
struct RoomSettings {
  std::string name;
  rules::OptionValues options;  // resolved
  int seat_count = 2;
  std::string password_hash;     // room_password_hash() of the password; empty = public
  std::int64_t creator = 0;
  std::string extra;             // the settings blob (settings_blob() of the fields below), stored as is
  std::set<std::int64_t> room_judges;  // accounts the creator named judges of this room (in `extra`)
  rules::OptionValues room_options;    // resolved against room_option_specs() (in `extra`)
  std::set<std::int64_t> allowed_spectators;  // spectators = list: who may watch (in `extra`)
  // Tournament rooms: the account each seat is kept for and its frozen deck
  // (empty: seats are open to anyone), and the tag the MatchEndListener gets.
  std::vector<std::int64_t> reserved;
  std::vector<std::optional<rules::Deck>> reserved_decks;
  std::string tag;
  bool is_private() const { return !password_hash.empty(); }
};

// The settings blob (matches.settings_blob, room_settings.cpp): "key=value"
// lines. Holds the room's own judges ("judges=<id>,<id>"), its spectator list
// ("spectators=<id>,<id>") and its room options ("room.<name>=<value>").
std::string settings_blob(const RoomSettings& settings);
void read_settings_blob(const std::string& blob, RoomSettings& settings);

struct JoinRequest {
  std::uint64_t request_id = 0;
  v1::Role role = v1::PLAYER;
  std::string password;
  int preferred_seat = -1;                // -1 = first free
  std::optional<rules::Deck> deck;        // validated by the caller
  bool server_judge = false;              // the account judges every room (role JUDGE)
};

// IssuePenalty, checked for shape by the dispatcher.
struct PenaltyOrder {
  int seat = 0;                // seat index
  std::string category;
  v1::Penalty penalty = v1::NOTE;
  std::string note;
};

// What an answer was made against: the 1.0 command index (0 = unchecked) and
// the 1.1 per-seat prompt id (required in 1.1).
struct StaleCheck {
  std::uint64_t command_index = 0;
  std::uint64_t prompt_id = 0;
};

// Thread-safe summary for listings and per-player room counts.
struct RoomSummary {
  v1::RoomInfo info;                      // your_seat unset
  std::vector<std::int64_t> seated_players;
  std::int64_t creator = 0;
  bool closed = false;
  std::set<std::int64_t> room_judges;  // the room's own judges (calls reach them)
  std::int64_t match_id = 0;           // 0 before the match is recorded
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  using LinkPtr = std::shared_ptr<ClientLink>;

  Room(AppContext& ctx, const GameEntry& game, std::string id, RoomSettings settings);

  const std::string& id() const { return id_; }
  const std::string& game_id() const { return game_.definition.id; }
  RoomSummary summary() const;

  void join(PlayerRef player, LinkPtr link, JoinRequest request);
  void leave(PlayerRef player, LinkPtr link, std::uint64_t request_id);
  void set_ready(PlayerRef player, LinkPtr link, std::uint64_t request_id, bool ready);
  void submit(PlayerRef player, LinkPtr link, std::uint64_t request_id, StaleCheck against, rules::Answer answer);
  void concede(PlayerRef player, LinkPtr link, std::uint64_t request_id);
  // RequestView (protocol 1.1): a full view for a seated or watching link.
  void request_view(LinkPtr link, std::uint64_t request_id);
  // The creator closes a room whose match has not started (1.1 CloseRoom).
  void close_by_creator(PlayerRef player, LinkPtr link, std::uint64_t request_id);
  // Judging (room_judging.cpp). Every judge request needs a connection that
  // joined this room as JUDGE; otherwise NOT_A_JUDGE.
  void add_room_judge(PlayerRef creator, LinkPtr link, std::uint64_t request_id, PlayerRef judge);
  void pause(PlayerRef judge, LinkPtr link, std::uint64_t request_id, std::string reason, bool share);
  void resume_play(PlayerRef judge, LinkPtr link, std::uint64_t request_id);
  void penalize(PlayerRef judge, LinkPtr link, std::uint64_t request_id, PenaltyOrder order);
  void override_result(PlayerRef judge, LinkPtr link, std::uint64_t request_id, rules::MatchResult result);
  void judge_view(PlayerRef judge, LinkPtr link, std::uint64_t request_id, bool follow);
  // Clocks (room_clock.cpp): a judge adds time to one seat's clock.
  void extend_time(PlayerRef judge, LinkPtr link, std::uint64_t request_id, int seat, std::int64_t seconds);
  // The creator of a room with spectators = list allows or disallows a watcher.
  void allow_spectator(PlayerRef creator, LinkPtr link, std::uint64_t request_id, PlayerRef watcher, bool allow);
  // Rollback (room_rollback.cpp): a judge backs the paused match up to index k.
  void rollback(PlayerRef judge, LinkPtr link, std::uint64_t request_id, std::uint64_t to_index, std::string reason);
  // A judge reads the match's log, voided commands and rollbacks included.
  void match_log(LinkPtr link, std::uint64_t request_id);
  // Crash recovery: the judge actions journaled for the match (a pause still in force).
  void restore_judging(const std::vector<persistence::JudgeActionRecord>& actions,
                       const std::map<std::int64_t, std::string>& judge_names);
  // Re-attaches a resumed connection of a seated player (fresh RoomInfo + MatchUpdate).
  void attach(PlayerRef player, LinkPtr link);
  // The connection is gone (closed or logged out).
  void detach(LinkPtr link);

  // Tournaments (room_tournament.cpp). At a game's no-show deadline: who is
  // seated; if everyone is, the match starts (ready or not), otherwise the
  // room closes. `done` runs on the room's strand.
  struct NoShowReport {
    bool started = false;
    std::vector<bool> present;  // per seat
  };
  void no_show_deadline(std::function<void(NoShowReport)> done);
  // The round's time ran out: the match is drawn once `extra_turns` more
  // turns have begun (at once without them), decided by `authority`.
  void call_time(PlayerRef authority, int extra_turns, std::string reason);

  // Starts the expiry checks (room_expiry.cpp); the lobby calls it once the
  // room is shared.
  void start_expiry();

  // Crash recovery: rebuilds the match from the stored record and command log.
  // Returns an error text if the replay fails or the final hash differs.
  // `rollbacks`: how many the match has had (the epoch of its prompt ids).
  std::optional<std::string> restore(std::int64_t match_id, const std::vector<PlayerRef>& players,
                                     const std::vector<std::optional<rules::Deck>>& decks,
                                     const rules::Seed& seed, const std::vector<rules::Command>& log,
                                     const std::string& last_hash, std::uint64_t rollbacks);
  // After restore() and restore_judging(): the clocks from each journaled
  // command's meta and the judges' extensions.
  std::optional<std::string> restore_clock(const std::vector<std::string>& metas,
                                           const std::vector<persistence::JudgeActionRecord>& actions);
  // After restore(), before the room is shared: the result text if the
  // rebuilt match is already over (its end was not journaled before the crash).
  std::optional<std::string> restored_result() const;

 private:
  struct Seat {
    std::optional<PlayerRef> player;
    std::optional<rules::Deck> deck;
    bool ready = false;
    std::set<LinkPtr> links;
    // Seat holds: since when the seated player has had no connection during
    // the match, and whether on_grace_expiry was applied for that absence.
    std::optional<std::chrono::steady_clock::time_point> absent_since;
    bool grace_over = false;
  };
  // Messages produced by one accepted command, sent once it is durable.
  struct PendingFlush {
    std::uint64_t index = 0;
    LinkPtr submitter;
    int submitter_seat = -1;
    std::uint64_t request_id = 0;
    std::chrono::steady_clock::time_point received;
    std::vector<std::shared_ptr<const std::string>> seat_updates;  // per seat
    std::shared_ptr<const std::string> spectator_update;
    // The same updates for protocol 1.1 links: the view as a delta (room_views.cpp).
    std::vector<std::shared_ptr<const std::string>> seat_deltas;  // per seat
    std::shared_ptr<const std::string> spectator_delta;
    std::shared_ptr<const std::string> judge_update;  // only when a judge follows (room_judging.cpp)
  };
  // One viewer's MatchUpdate body in the forms its links need (null = not needed):
  // `full` with the whole view (protocol 1.0), `delta` for protocol 1.1.
  struct ViewerUpdate {
    std::shared_ptr<const std::string> full, delta;
  };
  enum class Phase { Waiting, Starting, Running, Finished };
  // A result a judge decided: a penalty that ended the match, or OverrideResult.
  struct JudgedResult {
    rules::MatchResult result;
    PlayerRef judge;
  };

  template <typename F>
  void on_strand(F&& f);
  void fail_handler(const std::string& what);

  // membership (room.cpp)
  void do_join(PlayerRef player, LinkPtr link, JoinRequest request);
  void join_as_player(PlayerRef player, const LinkPtr& link, JoinRequest& request);
  int open_seat_for(const LinkPtr& link, const JoinRequest& request) const;
  int reserved_seat_for(const PlayerRef& player, const LinkPtr& link, JoinRequest& request) const;
  void do_leave(PlayerRef player, LinkPtr link, std::uint64_t request_id);
  void creator_leaves(const LinkPtr& link, std::uint64_t request_id);
  void do_set_ready(PlayerRef player, LinkPtr link, std::uint64_t request_id, bool ready);
  void do_attach(PlayerRef player, LinkPtr link);
  void reattach_watcher(PlayerRef player, const LinkPtr& link);
  void do_detach(LinkPtr link);
  void do_close_by_creator(PlayerRef player, LinkPtr link, std::uint64_t request_id);
  void close_room(const std::string& reason);
  void cancel_timers();

  // expiry (room_expiry.cpp)
  void arm_expiry();
  void check_expiry();
  bool any_seat_connected() const;
  int seat_of(std::int64_t player_id) const;
  int free_seat(int preferred) const;
  bool all_ready() const;
  bool has_members() const;
  void maybe_close();

  // match flow (room_match.cpp)
  void start_match();
  void record_match_start(persistence::MatchRecord record);
  std::optional<std::string> create_match(const rules::MatchSetup& setup);
  void on_match_created(std::int64_t match_id);
  void on_match_create_failed(const std::string& error);
  void do_command(PlayerRef player, LinkPtr link, std::uint64_t request_id, StaleCheck against,
                  rules::Command command);
  void run_command(const LinkPtr& link, std::uint64_t request_id, int seat, rules::Command command,
                   std::chrono::steady_clock::time_point received);
  std::optional<std::string> check_command(PlayerRef player, const ClientLink& link, StaleCheck against,
                                           const rules::Command& command, int* seat) const;
  void abort_match(const std::string& reason);
  void record_end(std::int64_t match_id, const std::string& status, const std::string& text);
  void accept_command(const rules::Command& command, rules::Outcome& outcome, PendingFlush pending);
  void journal_command(const rules::Command& command, const std::string& hash, std::string meta);
  bool refuse_while_not_durable(const LinkPtr& link, std::uint64_t request_id);
  void on_durable(std::uint64_t index, bool ok);
  void flush(PendingFlush& pending);
  // True when the reply was the mover's own update (1.1), which flush() then skips.
  bool send_acknowledgement(const PendingFlush& pending);
  void fail_storage();
  void tell_match_end();
  void rate_if_rated(const rules::MatchResult& result);

  // messages (room_views.cpp)
  v1::RoomInfo room_info(int your_seat, v1::Role your_role = v1::ROLE_UNSPECIFIED) const;
  void fill_room_info(v1::RoomInfo& info, int your_seat, v1::Role your_role) const;
  std::set<LinkPtr> public_links() const;  // spectators and judges: the spectators' stream
  void send_room_info(const LinkPtr& link, std::uint64_t request_id) const;
  void broadcast_room_info(const LinkPtr& except = nullptr) const;
  using SeatPrompts = std::vector<std::shared_ptr<const rules::Prompt>>;  // null: no prompt
  SeatPrompts seat_prompts() const;  // every seat's prompt now (computed once per command)
  void seat_prompts(SeatPrompts& out) const;  // the same written over `out`
  // What every update after one command is made of, encoded once for all
  // viewers: the views of everyone who is sent one (seats with links,
  // spectators when any watch or are held for), projected together
  // (GameAdapter::encode_view_pieces or encode_views_into, into the room's
  // piece_buffer_ or view_buffer_: valid until the next command's), the
  // events, each serialized once as a GameEvent (every viewer who may see it
  // gets the same bytes), and the fields every viewer's update has alike
  // (shared_update_fields). The room keeps one (command_buffer_), written
  // over by every command: its vectors and strings keep their capacity.
  struct CommandViews {
    std::vector<rules::Viewer> viewers;
    // One per viewer: in pieces when the game writes its views that way
    // (GameAdapter::encode_view_pieces, into piece_buffer_), else whole.
    const std::vector<protocol::PieceView>* pieces = nullptr;
    const std::vector<google::protobuf::Any>* views = nullptr;
    // The events, each a serialized GameEvent, one after the other: event i
    // ends at event_ends[i] and starts where event i - 1 ends.
    std::string event_bytes;
    std::vector<std::size_t> event_ends;
    std::string shared_fields;
    std::size_t event_count() const { return event_ends.size(); }
    std::string_view event(std::size_t i) const {
      const std::size_t begin = i ? event_ends[i - 1] : 0;
      return std::string_view(event_bytes).substr(begin, event_ends[i] - begin);
    }
    const protocol::PieceView* pieces_of(const rules::Viewer& viewer) const;
    const google::protobuf::Any* of(const rules::Viewer& viewer) const;
    // The viewer's view as an Any (from its pieces or as it is): false if
    // the viewer has none.
    bool whole_view(const rules::Viewer& viewer, google::protobuf::Any* out) const;
  };
  const CommandViews& command_views(const std::vector<rules::Event>& events, const SeatPrompts& prompts) const;
  // The part of a MatchUpdate every form shares, serialized (the request id
  // goes in the envelope: update_body.hpp): the shared fields, then the
  // viewer's own. With `command`, those are its shared fields and the events
  // the viewer may see are its serialized events, put last.
  // Written over `out` (kept by the caller: its capacity is reused).
  void update_header(std::string& out, const rules::Viewer& viewer, const std::vector<rules::Event>& events,
                     const SeatPrompts& prompts, const CommandViews* command) const;
  // The MatchUpdate fields that are the same for every viewer of the current
  // state (room, game, index, seed commitment, awaiting seats, result,
  // clocks), serialized over `out`.
  void shared_update_fields(const SeatPrompts& prompts, std::string& out) const;
  // Appends the viewer's own fields but its events: its seat, its prompt and
  // the prompt's id, written field by field.
  void append_viewer_fields(std::string& out, const rules::Viewer& viewer, const SeatPrompts& prompts) const;
  // `command`: the views and event details already encoded, else they are made here.
  ViewerUpdate match_update(const rules::Viewer& viewer, const std::vector<rules::Event>& events,
                            const std::set<LinkPtr>& links, const SeatPrompts& prompts, bool fresh = false,
                            std::uint64_t request_id = 0, const CommandViews* command = nullptr);
  protocol::ViewFeed& feed_of(const rules::Viewer& viewer);
  static bool takes_view_deltas(const ClientLink& link);
  void send_fresh_update(const LinkPtr& link, int seat, std::uint64_t request_id = 0);
  void do_request_view(const LinkPtr& link, std::uint64_t request_id);
  void update_summary();
  std::optional<rules::MatchResult> current_result() const;  // a judge's result first

  // judging (room_judging.cpp)
  void join_as_judge(PlayerRef player, const LinkPtr& link, const JoinRequest& request);
  bool judging(const LinkPtr& link, std::uint64_t request_id) const;  // else NOT_A_JUDGE sent
  void do_add_room_judge(PlayerRef creator, const LinkPtr& link, std::uint64_t request_id, PlayerRef judge);
  void do_pause(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, std::string reason, bool share);
  void do_resume_play(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id);
  void do_penalize(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, const PenaltyOrder& order);
  void penalty_ends_match(PlayerRef judge, const PenaltyOrder& order);
  void do_override_result(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id,
                          rules::MatchResult result);
  void end_by_judge();
  void do_judge_view(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, bool follow);
  std::shared_ptr<const std::string> judge_update(std::uint64_t request_id) const;
  void send_judge_view(const LinkPtr& link, const PlayerRef& judge, std::uint64_t request_id);
  void audit_judge_view(const PlayerRef& judge, std::uint64_t index);
  void send_judge_views(const PendingFlush& pending);  // to the judges who follow, after a command
  void record_judge_action(persistence::JudgeActionRecord action, bool decides_result,
                           std::function<void(Room&, std::int64_t)> stored, std::function<void(Room&)> failed);
  // Writes that must reach the database in the order they were taken (judge
  // actions, settings, rollbacks): one at a time, front first. A job returns
  // a row id, or nullopt when it refused (nothing stored); it throws when the
  // database failed. `stored` / `failed` run on the strand.
  using WriteJob = std::function<std::optional<std::int64_t>(pqxx::connection&)>;
  void queue_write(WriteJob job, std::function<void(Room&, std::int64_t)> stored, std::function<void(Room&)> failed);
  void write_next();
  void write_done(std::optional<std::int64_t> row);  // nullopt: not stored
  void lift_pause(const LinkPtr& except = nullptr);
  void send_to_everyone(const std::shared_ptr<const std::string>& body) const;
  void send_fresh_updates();  // everyone in the room: a full view of the present (their own)
  // The settings blob changed: stored (in order with judge actions) when the
  // match has a record; `done` runs once it is stored (or at once before the
  // match starts: its record takes the blob). While the record is being
  // written (Phase::Starting, with the blob from before), the change waits
  // for it (settings_while_starting_) and is stored after it.
  void store_settings_blob(std::function<void(Room&)> done = {}, std::function<void(Room&)> failed = {});
  // What becomes of the changes that waited: stored once the record exists,
  // kept for the next record (the match could not start: answered now), or
  // dropped (the room closed: answered as failed).
  enum class WaitingSettings { Store, Keep, Drop };
  void settle_settings_while_starting(WaitingSettings fate);
  void do_allow_spectator(PlayerRef creator, const LinkPtr& link, std::uint64_t request_id, PlayerRef watcher,
                          bool allow);
  bool may_watch(const PlayerRef& player) const;
  void send_away_spectator(std::int64_t account);

  // clocks (room_clock.cpp)
  std::set<int> clocked_seats() const;  // the seats whose clocks run now (they owe an answer)
  void start_clock();
  std::string clock_after_command(int mover);  // the command's meta
  void stop_clock();
  void restart_clock();
  void update_clock_presence();  // freeze_clock_while_disconnected: who is connected changed
  void arm_clock();
  void on_clock_timer();
  void flag_fall(int seat);
  bool answer_for_flagged(int seat);
  void call_judge_on_flag(int seat, const std::string& name);
  void do_extend_time(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, int seat, std::int64_t seconds);
  void clock_to_wire(v1::ClockState* out) const;
  void use_seed(const rules::Seed& seed);
  void rebuild_clock(const std::vector<std::string>& metas, const std::vector<persistence::JudgeActionRecord>& actions);

  // rollback (room_rollback.cpp)
 public:
  struct Rebuilt;  // what a rollback's worker rebuilt (room_rollback.cpp)

 private:
  void do_rollback(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, std::uint64_t to_index,
                   const std::string& reason);
  void fold_journal(std::function<void(Room&)> folded, std::function<void(Room&)> failed);
  void store_rollback(const PlayerRef& judge, const LinkPtr& link, std::uint64_t request_id,
                      const persistence::RollbackRecord& record);
  void install_rollback(Rebuilt& rebuilt, const PlayerRef& judge, std::uint64_t from_index);
  void do_match_log(const LinkPtr& link, std::uint64_t request_id);
  rules::MatchSetup match_setup() const;

  // tournaments (room_tournament.cpp)
  struct TimeCalled {
    PlayerRef authority;
    std::string reason;
    int last_turn = 0;     // the last turn that may begin (-1: none, a draw at once)
    bool drawing = false;  // the draw is being stored
  };
  NoShowReport do_no_show_deadline();
  void do_call_time(PlayerRef authority, int extra_turns, const std::string& reason);
  void check_time_called();
  void draw_on_time();

  // delayed spectators (room_spectator_delay.cpp)
  void hold_for_spectators(const std::vector<rules::Event>& events, const SeatPrompts& prompts,
                           const CommandViews* command = nullptr);
  void release_for_spectators();
  void arm_spectator_delay();
  void send_delayed_view(const LinkPtr& link, std::uint64_t request_id);
  bool end_shown_to_spectators() const;

  // seat holds (room_seat_holds.cpp)
  void note_seat_presence();
  void concede_for(int seat, const std::string& reason);
  void open_room_call(std::int64_t caller, const std::string& text);
  void announce_call(const persistence::JudgeCallRecord& call);
  void arm_grace();
  void on_grace_timer();

  AppContext& ctx_;
  const GameEntry& game_;
  std::string id_;
  RoomSettings settings_;
  // A room's handlers run one at a time: on its own strand with more than
  // one I/O thread; with one, on the io_context's executor (no strand needed).
  std::optional<boost::asio::strand<boost::asio::io_context::executor_type>> strand_;
  boost::asio::any_io_executor executor() const;

  Phase phase_ = Phase::Waiting;
  std::vector<Seat> seats_;
  std::set<LinkPtr> spectators_;
  std::map<LinkPtr, std::int64_t> spectator_accounts_;  // the account behind each spectator link
  std::set<std::int64_t> watchers_;  // players who joined as spectators and have not left (resume brings them back)
  std::map<LinkPtr, PlayerRef> judge_links_;  // connections judging the room (they get the spectators' stream)
  std::set<LinkPtr> judge_followers_;         // judge links that get a judge view with every command
  std::optional<PlayerRef> paused_by_;
  std::string pause_reason_;
  bool pause_shared_ = false;
  std::optional<JudgedResult> judged_;
  std::optional<TimeCalled> time_called_;
  bool resume_pending_ = false;  // a judge's ResumeMatch is being stored
  bool rated_ = false;  // the ratings of a `rated` room's match were updated
  struct RoomWrite {
    WriteJob job;
    std::function<void(Room&, std::int64_t)> stored;
    std::function<void(Room&)> failed;
  };
  std::deque<RoomWrite> writes_;         // written one at a time, front first
  std::uint64_t pause_token_ = 0;        // changes with every pause and its lifting
  RoomPolicy policy_;                    // from settings_.room_options
  // RoomInfo.options: the game's options and the room options the creator
  // changed (both fixed when the room is made).
  rules::OptionValues shown_options_;
  std::optional<MatchClock> clock_;      // while a match with a clock exists
  std::vector<MatchClock::Ms> unjournaled_charges_;  // charged while stopping, journaled with the next command
  std::set<int> flagged_;                // seats whose flag fell (and was dealt with)
  std::uint64_t clock_generation_ = 0;   // a timer armed under an older generation does nothing
  bool rolling_back_ = false;            // a rollback is being written: no other judge action meanwhile
  std::unique_ptr<rules::Match> match_;
  // The match's seed and its commitment (a SHA-256, which every update
  // carries), set together by use_seed().
  rules::Seed seed_{};
  std::string seed_commitment_;
  std::int64_t match_id_ = 0;
  // Settings changes taken while the match's record was being written:
  // their done and failed callbacks (store_settings_blob).
  std::vector<std::pair<std::function<void(Room&)>, std::function<void(Room&)>>> settings_while_starting_;
  std::uint64_t command_index_ = 0;
  std::optional<rules::PromptIds> prompt_ids_;
  std::deque<PendingFlush> pending_;
  std::vector<protocol::ViewFeed> seat_feeds_;  // last view sent per seat (deltas)
  protocol::ViewFeed spectator_feed_;
  // What the game keeps between commands to write views faster (it checks
  // itself against the match, so a rebuilt or new match is safe).
  mutable std::unique_ptr<GameAdapter::ViewMemo> view_memo_;
  mutable std::vector<google::protobuf::Any> view_buffer_;  // the last command's views (CommandViews::views), reused
  mutable std::vector<protocol::PieceView> piece_buffer_;   // ... or their pieces (CommandViews::pieces)
  mutable CommandViews command_buffer_;                     // the last command's (command_views)
  SeatPrompts prompt_buffer_;                               // the last command's prompts (accept_command)
  mutable std::vector<std::uint32_t> awaiting_buffer_;      // shared_update_fields' awaiting seats
  // A viewer's update before its envelope (match_update): the shared and own
  // fields, and the view part; reused from one viewer to the next (two
  // allocations a viewer otherwise).
  std::string header_buffer_, part_buffer_;
  bool closed_ = false;
  boost::asio::steady_timer expiry_timer_;
  boost::asio::steady_timer clock_timer_;
  boost::asio::steady_timer grace_timer_;
  boost::asio::steady_timer delay_timer_;
  std::uint64_t delay_generation_ = 0;
  struct HeldUpdate {
    std::uint64_t index = 0;  // the command index of the state it shows
    std::chrono::steady_clock::time_point made;
    std::shared_ptr<const std::string> body;  // a spectator MatchUpdate with the whole view
  };
  std::deque<HeldUpdate> held_;                 // not yet due for the spectators, oldest first
  std::shared_ptr<const std::string> released_;  // the newest one the spectators were shown
  std::uint64_t durable_index_ = 0;             // the newest command index the journal has made durable
  std::uint64_t grace_generation_ = 0;
  std::chrono::steady_clock::time_point unattended_since_ = std::chrono::steady_clock::now();

  mutable std::mutex summary_mutex_;
  RoomSummary summary_;
};

// Every room handler runs through here: an exception (a game engine failing
// while projecting a view, say) ends this room's match, never the server.
template <typename F>
inline void Room::on_strand(F&& f) {
  auto handler = [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
    try {
      f(*self);
    } catch (const std::exception& e) {
      self->fail_handler(e.what());
    }
  };
  if (strand_) {
    boost::asio::post(*strand_, std::move(handler));
  } else {
    boost::asio::post(ctx_.ioc.get_executor(), std::move(handler));
  }
}

}  // namespace concord::server
