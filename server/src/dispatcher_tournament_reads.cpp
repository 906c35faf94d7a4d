// Tournament reads (protocol/README.md section 12): ListTournaments,
// GetTournament, GetPairings, GetStandings, GetRating. Anyone logged in may
// read; every read is served from the database (TournamentReader).
#include "dispatcher.hpp"
#include "text_limits.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

constexpr std::size_t kMaxNameChars = 64;  // usernames and game ids

// Sends the message `fill` puts into a reply, or the read's error.
template <typename T, typename Fill>
std::function<void(ReadResult<T>)> reply_with(const std::shared_ptr<ClientLink>& link, std::uint64_t rid,
                                              Fill fill) {
  return [link, rid, fill](ReadResult<T> result) {
    if (const auto* error = std::get_if<ReadError>(&result)) {
      link->send(make_error(rid, error->code, error->message));
      return;
    }
    v1::ServerMessage reply;
    reply.set_request_id(rid);
    *fill(reply) = std::move(std::get<T>(result));
    link->send(reply);
  };
}

}  // namespace

void Dispatcher::on_list_tournaments(const LinkPtr& link, std::uint64_t rid) {
  tournament_reads_.list(
      reply_with<v1::TournamentList>(link, rid, [](v1::ServerMessage& m) { return m.mutable_tournament_list(); }));
}

void Dispatcher::on_get_tournament(const LinkPtr& link, std::uint64_t rid, const v1::GetTournament& request) {
  tournament_reads_.info(request.tournament_id(), reply_with<v1::TournamentInfo>(link, rid, [](v1::ServerMessage& m) {
                           return m.mutable_tournament();
                         }));
}

void Dispatcher::on_get_pairings(const LinkPtr& link, std::uint64_t rid, const v1::GetPairings& request) {
  if (request.round() > static_cast<std::uint32_t>(TournamentReader::kMaxRound)) {
    link->send(make_error(rid, read_errors::kNoSuchRound, "rounds are at most 1000"));
    return;
  }
  tournament_reads_.pairings(
      request.tournament_id(), static_cast<int>(request.round()),
      reply_with<v1::Pairings>(link, rid, [](v1::ServerMessage& m) { return m.mutable_pairings(); }));
}

void Dispatcher::on_get_standings(const LinkPtr& link, std::uint64_t rid, const v1::GetStandings& request) {
  if (request.round() > static_cast<std::uint32_t>(TournamentReader::kMaxRound)) {
    link->send(make_error(rid, read_errors::kNoSuchRound, "rounds are at most 1000"));
    return;
  }
  tournament_reads_.standings(
      request.tournament_id(), static_cast<int>(request.round()),
      reply_with<v1::Standings>(link, rid, [](v1::ServerMessage& m) { return m.mutable_standings(); }));
}

void Dispatcher::on_get_rating(const LinkPtr& link, std::uint64_t rid, const v1::GetRating& request) {
  if (!printable_text(request.username(), 1, kMaxNameChars)) {
    link->send(make_error(rid, read_errors::kNoSuchPlayer, "usernames are 1-64 printable characters"));
    return;
  }
  if (!ctx_.games.find(request.game())) {
    link->send(make_error(rid, "UNKNOWN_GAME", "no game '" + utf8_prefix(request.game(), kMaxNameChars) + "'"));
    return;
  }
  tournament_reads_.rating(request.username(), request.game(),
                           reply_with<v1::Rating>(link, rid, [](v1::ServerMessage& m) { return m.mutable_rating(); }));
}

}  // namespace concord::server
