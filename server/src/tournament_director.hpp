// The tournament director (protocol/README.md section 12): runs every live
// event of the server on its own strand. The database is the truth: every
// change is stored (TournamentRepository, on a worker) before the director
// applies it to its copy of the records and announces it, and the pure
// tournament (pairings, standings, top cut) is rebuilt from those records
// whenever it is needed (tournament_state.hpp). One step of an event runs at
// a time; a step whose write fails is tried again (an outage of the database
// must not end an event). Rooms: one per game, both seats reserved for the
// table's players with their frozen decks, tagged with the game
// (GameTag); the director hears how each ended through MatchEndListener.
// Reads (lists, pairings, standings) are served from the database by
// TournamentReader, not from here.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <pqxx/pqxx>
#include <spdlog/spdlog.h>

#include "app_context.hpp"
#include "concord/server/link.hpp"
#include "tournament_state.hpp"

namespace concord::server {

class TournamentDirector : public MatchEndListener, public std::enable_shared_from_this<TournamentDirector> {
 public:
  using LinkPtr = std::shared_ptr<ClientLink>;
  using Push = std::function<void(std::int64_t player_id, const v1::ServerMessage& message)>;

  explicit TournamentDirector(AppContext& ctx);

  // Pushes to a player's connections (the dispatcher's).
  void set_push(Push push) { push_ = std::move(push); }

  // Crash recovery, before the I/O threads run. load(): every unfinished event
  // from the database (before the matches are recovered); resume(): after
  // them, each game's room is found again or replaced, finished matches whose
  // end was not recorded are recorded, and the deadlines are re-armed.
  void load(pqxx::connection& conn);
  void resume(pqxx::connection& conn);

  // Organizers (the dispatcher checked the capability and the settings' shape
  // and game options; `staff` are the staff's account ids).
  void create(PlayerRef organizer, LinkPtr link, std::uint64_t request_id, TournamentConfig config,
              std::vector<std::int64_t> staff);
  void control(PlayerRef who, bool admin, LinkPtr link, std::uint64_t request_id, std::int64_t id, int action);
  void remove(PlayerRef who, bool admin, LinkPtr link, std::uint64_t request_id, std::int64_t id,
              PlayerRef entrant);
  void extend(PlayerRef judge, bool admin, LinkPtr link, std::uint64_t request_id, std::int64_t id, int table,
              int seconds);
  // Players: `deck` is the frozen copy (checked by the dispatcher), or none.
  void register_entrant(PlayerRef player, LinkPtr link, std::uint64_t request_id, std::int64_t id,
                        std::optional<rules::Deck> deck);
  void drop(PlayerRef player, LinkPtr link, std::uint64_t request_id, std::int64_t id);

  // MatchEndListener: a game's room ended (posted to the strand).
  void match_ended(const std::string& room_id, const std::string& tag, std::int64_t match_id,
                   const rules::MatchResult& result) override;

 private:
  struct Event {
    EventRecords data;
    std::vector<std::int64_t> staff;  // judge every room of the event
    bool busy = false;
    std::deque<std::function<void()>> steps;
    std::map<std::string, std::shared_ptr<boost::asio::steady_timer>> timers;  // "noshow r/t", "time r/t"
  };
  using Job = std::function<void(pqxx::connection&)>;

  template <typename F>
  void on_strand(F&& f);
  Event* find(std::int64_t id);
  Event* find_or_reply(const LinkPtr& link, std::uint64_t request_id, std::int64_t id);
  // Steps of one event run one at a time, in order.
  void enqueue(std::int64_t id, std::function<void()> step);
  void step_done(std::int64_t id);
  // Stores `job` on a worker, then runs `then` on the strand. For a request
  // (link set), a failure replies UNAVAILABLE and the step ends; otherwise it
  // is tried again after a pause.
  void store(std::int64_t id, Job job, std::function<void()> then, LinkPtr link = nullptr,
             std::uint64_t request_id = 0);
  void reply_info(const LinkPtr& link, std::uint64_t request_id, const Event& event) const;
  void push_to_entrants(const Event& event, const v1::ServerMessage& message) const;

  // requests (tournament_director.cpp)
  void do_control(PlayerRef who, bool admin, LinkPtr link, std::uint64_t request_id, std::int64_t id, int action);
  void set_status(std::int64_t id, const std::string& status, LinkPtr link, std::uint64_t request_id);
  void start(std::int64_t id, LinkPtr link, std::uint64_t request_id);
  void cancel(std::int64_t id, LinkPtr link, std::uint64_t request_id);
  void drop_entrant(std::int64_t id, std::int64_t player_id, LinkPtr link, std::uint64_t request_id);

  // rounds and games (tournament_rounds.cpp)
  void pair_round(std::int64_t id);
  void store_round(std::int64_t id, std::vector<persistence::TableRecord> tables, bool first,
                   const std::string& seed_hex, const std::string& commitment, LinkPtr link,
                   std::uint64_t request_id);
  void round_started(std::int64_t id, int round);
  void reconcile_round(std::int64_t id);
  void open_game(std::int64_t id, const persistence::TableRecord& table, int game_no);
  void arm(std::int64_t id, const std::string& key, std::int64_t at_unix_ms, std::function<void()> fire);
  void no_show(std::int64_t id, int round, int table, int game_no);
  // How a game ended, as it is stored.
  struct GameOutcome {
    GameTag tag;
    std::optional<std::int64_t> match_id;
    std::string side;  // "first", "second", "draw"
    std::string reason;
    bool rate = false;        // a played game, first recorded: ratings change
    bool end_match = false;   // the table's match ends as it stands
    int forfeit_games = 0;    // a match loss: further games won by `side`
    std::optional<std::int64_t> drop;  // a disqualified player
  };
  void game_ended(std::int64_t id, const std::string& room_id, GameTag tag, std::int64_t match_id,
                  const rules::MatchResult& result);
  void record_game(std::int64_t id, GameOutcome outcome);
  void apply_game(std::int64_t id, const GameOutcome& outcome);
  void time_over(std::int64_t id, int round, int table);
  void finish_round(std::int64_t id);
  void start_top_cut_round(std::int64_t id, const std::vector<tournament::PlayerId>& ranked);
  void finish_event(std::int64_t id, const std::string& status);
  std::vector<tournament::PlayerId> ranked_players(const Event& event) const;

  AppContext& ctx_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::map<std::int64_t, std::unique_ptr<Event>> events_;
  Push push_;
};

template <typename F>
inline void TournamentDirector::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
    try {
      f(*self);
    } catch (const std::exception& e) {
      spdlog::error("tournament director: a step threw: {}", e.what());
    }
  });
}

}  // namespace concord::server
