// TournamentReader: the repository reads of tournaments on a database worker.
#include "tournament_reader.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include "app_context.hpp"
#include "concord/persistence/repositories.hpp"
#include "concord/persistence/tournament_repository.hpp"
#include "db_errors.hpp"
#include "tournament_config.hpp"
#include "tournament_views.hpp"

namespace concord::server {

namespace {

using persistence::TournamentRepository;

ReadError no_such_tournament(std::int64_t id) {
  return {read_errors::kNoSuchTournament, "no tournament " + std::to_string(id)};
}

std::map<std::int64_t, std::string> names_of(const std::vector<persistence::EntrantRecord>& entrants) {
  std::map<std::int64_t, std::string> names;
  for (const auto& e : entrants) names[e.player_id] = e.username;
  return names;
}

}  // namespace

TournamentReader::TournamentReader(AppContext& ctx) : db_(ctx.db) {}
TournamentReader::TournamentReader(persistence::WorkerPool& db) : db_(db) {}

template <typename T>
void TournamentReader::run(std::function<void(ReadResult<T>)> done,
                           std::function<ReadResult<T>(pqxx::connection&)> read) {
  auto shared_done = std::make_shared<std::function<void(ReadResult<T>)>>(std::move(done));
  db_.post(
      [shared_done, read = std::move(read)](pqxx::connection& conn) {
        std::optional<ReadResult<T>> result;
        try {
          result = read(conn);
        } catch (const std::exception& e) {
          const auto failure = classify_db_error(e);
          spdlog::log(failure.code == "INVALID_REQUEST" ? spdlog::level::info : spdlog::level::err,
                      "tournament read failed ({}): {}", failure.code, e.what());
          (*shared_done)(ReadError{failure.code, failure.message});
          if (failure.reset_connection) throw;  // lets the worker reset its connection
          return;
        }
        (*shared_done)(std::move(*result));
      },
      [shared_done] {
        (*shared_done)(ReadError{read_errors::kUnavailable, "the database is unavailable; try again"});
      });
}

void TournamentReader::list(std::function<void(ReadResult<v1::TournamentList>)> done) {
  run<v1::TournamentList>(std::move(done), [](pqxx::connection& conn) -> ReadResult<v1::TournamentList> {
    TournamentRepository repo(conn);
    auto records = repo.list(false);  // by id: the newest last
    std::reverse(records.begin(), records.end());
    if (records.size() > static_cast<std::size_t>(kMaxListed)) records.resize(kMaxListed);
    v1::TournamentList list;
    for (const auto& record : records) {
      *list.add_tournaments() = info_from_records(record, repo.entrants(record.id), repo.tables(record.id), false);
    }
    return list;
  });
}

void TournamentReader::info(std::int64_t id, std::function<void(ReadResult<v1::TournamentInfo>)> done) {
  run<v1::TournamentInfo>(std::move(done), [id](pqxx::connection& conn) -> ReadResult<v1::TournamentInfo> {
    TournamentRepository repo(conn);
    const auto record = repo.get(id);
    if (!record) return no_such_tournament(id);
    return info_from_records(*record, repo.entrants(id), repo.tables(id), true);
  });
}

void TournamentReader::pairings(std::int64_t id, int round, std::function<void(ReadResult<v1::Pairings>)> done) {
  if (round < 0 || round > kMaxRound) {
    done(ReadError{read_errors::kNoSuchRound, "rounds are 1-" + std::to_string(kMaxRound) + " (0: the current)"});
    return;
  }
  run<v1::Pairings>(std::move(done), [id, round](pqxx::connection& conn) -> ReadResult<v1::Pairings> {
    TournamentRepository repo(conn);
    const auto record = repo.get(id);
    if (!record) return no_such_tournament(id);
    const auto tables = repo.tables(id);
    const int wanted = round == 0 ? current_round(tables) : round;
    const bool paired =
        std::any_of(tables.begin(), tables.end(), [wanted](const auto& t) { return t.round == wanted; });
    if (!paired) {
      return ReadError{read_errors::kNoSuchRound, round == 0 ? "no round has been paired yet"
                                                             : "round " + std::to_string(round) + " is not paired"};
    }
    const auto config = config_from_text(record->settings);
    const int best_of = config ? config->best_of : 3;
    return pairings_from_records(id, wanted, tables, repo.games(id), names_of(repo.entrants(id)), best_of);
  });
}

void TournamentReader::standings(std::int64_t id, int round, std::function<void(ReadResult<v1::Standings>)> done) {
  if (round < 0 || round > kMaxRound) {
    done(ReadError{read_errors::kNoSuchRound, "rounds are 1-" + std::to_string(kMaxRound) + " (0: the newest)"});
    return;
  }
  run<v1::Standings>(std::move(done), [id, round](pqxx::connection& conn) -> ReadResult<v1::Standings> {
    TournamentRepository repo(conn);
    if (!repo.get(id)) return no_such_tournament(id);
    const auto body = repo.standings(id, round);
    if (!body) {
      if (round == 0) return ReadError{read_errors::kNoStandingsYet, "no round of this event has finished yet"};
      return ReadError{read_errors::kNoSuchRound, "no standings after round " + std::to_string(round)};
    }
    auto standings = standings_from_json(*body);
    if (!standings) {
      spdlog::error("tournament {}: the standings snapshot of round {} does not parse", id, round);
      return ReadError{read_errors::kInternal, "internal error"};
    }
    return std::move(*standings);
  });
}

void TournamentReader::rating(std::string username, std::string game,
                              std::function<void(ReadResult<v1::Rating>)> done) {
  run<v1::Rating>(std::move(done), [username = std::move(username),
                                    game = std::move(game)](pqxx::connection& conn) -> ReadResult<v1::Rating> {
    const auto player = persistence::PlayerRepository(conn).find_by_username(username);
    if (!player) return ReadError{read_errors::kNoSuchPlayer, "no player '" + username + "'"};
    persistence::RatingRepository ratings(conn);
    return rating_to_wire(player->username, game, ratings.get(player->id, game),
                          ratings.history(player->id, game, kMaxRatingHistory));
  });
}

}  // namespace concord::server
