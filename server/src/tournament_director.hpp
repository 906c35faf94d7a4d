// The tournament director (protocol/README.md section 12): runs every live
// event of the server on its own strand. It owns each event's pure state
// (concord::tournament::Tournament, TopCut), persists every change before it
// is announced (TournamentRepository, one transaction per change), opens one
// room per game with the two seats reserved for the table's players and
// their frozen decks (RoomSettings.reserved, tag "t<id>/r<round>/t<table>/g<game>"),
// hears how each game ended (MatchEndListener), and keeps the deadlines
// (no-show, round time, end-of-round) as timers re-armed from the stored
// times after a restart.
//
// PLAN (not built yet): the methods below are the contract the dispatcher
// will call; each replies on `link` itself.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "app_context.hpp"
#include "concord/server/link.hpp"
#include "concord/tournament/top_cut.hpp"
#include "concord/tournament/tournament.hpp"
#include "tournament_config.hpp"

namespace concord::server {

class TournamentDirector : public MatchEndListener, public std::enable_shared_from_this<TournamentDirector> {
 public:
  using LinkPtr = std::shared_ptr<ClientLink>;

  explicit TournamentDirector(AppContext& ctx);

  // Crash recovery: every unfinished event from the database; the rooms of
  // games in progress come back through match recovery and are re-attached
  // by their tags; deadlines are re-armed.
  void recover(pqxx::connection& conn);

  // Organizers.
  void create(PlayerRef organizer, LinkPtr link, std::uint64_t request_id, TournamentConfig config);
  void control(PlayerRef who, LinkPtr link, std::uint64_t request_id, std::int64_t id, int action);
  void remove(PlayerRef who, LinkPtr link, std::uint64_t request_id, std::int64_t id, PlayerRef entrant);
  void extend(PlayerRef judge, LinkPtr link, std::uint64_t request_id, std::int64_t id, int table, int minutes);
  // Players.
  void register_entrant(PlayerRef player, LinkPtr link, std::uint64_t request_id, std::int64_t id,
                        rules::Deck frozen_deck);
  void drop(PlayerRef player, LinkPtr link, std::uint64_t request_id, std::int64_t id);
  // Everybody (and the HTTP JSON endpoints).
  void info(LinkPtr link, std::uint64_t request_id, std::int64_t id);
  void list(LinkPtr link, std::uint64_t request_id);
  void pairings(LinkPtr link, std::uint64_t request_id, std::int64_t id, int round);
  void standings(LinkPtr link, std::uint64_t request_id, std::int64_t id, int round);

  // MatchEndListener: a game's room ended (posted to the strand).
  void match_ended(const std::string& room_id, const std::string& tag, std::int64_t match_id,
                   const rules::MatchResult& result) override;

 private:
  struct Event;  // one live event: record, config, Tournament, TopCut, rooms, timers
  AppContext& ctx_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::map<std::int64_t, std::unique_ptr<Event>> events_;
};

}  // namespace concord::server
