// The whole tournament of issue 14 through the real server: concord-load runs
// a 32-player EverZone Swiss (5 rounds, best of three) and a top 8 with bots,
// with a late entry, a drop, a no-show and a judge's GAME_LOSS; the server is
// killed (-9) in the middle of round 3 and started again, the bots come back,
// and the event ends with standings equal to a recomputation, written here
// from the Magic Tournament Rules (appendix C), of the results the database
// recorded.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pqxx/pqxx>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>
#include <thread>

#include "harness.hpp"

namespace concord::testing {
namespace {

using namespace std::chrono_literals;

// A child process running concord-load; its output goes to a file.
class LoadProcess {
 public:
  LoadProcess(const std::vector<std::string>& args, std::string log) : log_(std::move(log)) {
    pid_ = ::fork();
    if (pid_ == 0) {
      const int fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(CONCORD_LOAD_PATH));
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(CONCORD_LOAD_PATH, argv.data());
      ::_exit(127);
    }
  }
  ~LoadProcess() {
    if (pid_ > 0 && !status_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  // The exit code, waiting up to `limit`; -1 if it is still running.
  int wait(std::chrono::seconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    for (;;) {
      int status = 0;
      if (!status_ && ::waitpid(pid_, &status, WNOHANG) == pid_) {
        status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
      }
      if (status_ || std::chrono::steady_clock::now() >= until) break;
      std::this_thread::sleep_for(200ms);
    }
    return status_ ? *status_ : -1;
  }
  std::string output() const {
    std::ifstream in(log_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

 private:
  std::string log_;
  pid_t pid_ = -1;
  std::optional<int> status_;
};

// --- the recomputation (MTR appendix C, as protocol/README.md section 12) ---

struct Tally {
  int match_points = 0, game_points = 0, rounds = 0, games = 0, wins = 0, draws = 0, losses = 0, byes = 0;
  std::vector<std::int64_t> opponents;
};

void add_match(Tally& t, int won, int lost, int drawn) {
  t.rounds += 1;
  t.games += won + lost + drawn;
  t.game_points += 3 * won + drawn;
  t.match_points += won > lost ? 3 : won == lost ? 1 : 0;
  (won > lost ? t.wins : won == lost ? t.draws : t.losses) += 1;
}

double floored(int points, int played) {
  return played == 0 ? 1.0 / 3.0 : std::max(1.0 / 3.0, points / (3.0 * played));
}

struct Recomputed {
  std::map<std::string, Tally> tallies;
  std::map<std::string, std::int64_t> omw, gwp, ogw;
};

// Every Swiss table and game the database holds for event `id`.
Recomputed recompute(const std::string& conninfo, std::int64_t id) {
  pqxx::connection conn(conninfo);
  pqxx::read_transaction txn(conn);
  const auto ids = std::to_string(id);
  std::map<std::int64_t, std::string> name;
  std::map<std::int64_t, Tally> tally;
  const int rounds = txn.exec1("SELECT max(round) FROM tournament_tables WHERE NOT top_cut AND tournament_id = " + ids)[0]
                         .as<int>();
  for (const auto& row : txn.exec("SELECT e.player_id, p.username, e.first_round FROM tournament_entrants e "
                                  "JOIN players p ON p.id = e.player_id WHERE e.tournament_id = " + ids)) {
    const auto player = row[0].as<std::int64_t>();
    name[player] = row[1].as<std::string>();
    for (int r = 1; r < std::min(row[2].as<int>(), rounds + 1); ++r) add_match(tally[player], 0, 2, 0);  // missed
  }
  const auto tables = txn.exec(
      "SELECT t.first_id, t.second_id, "
      "  count(*) FILTER (WHERE g.winner_side = 'first'), count(*) FILTER (WHERE g.winner_side = 'second'), "
      "  count(*) FILTER (WHERE g.winner_side = 'draw') "
      "FROM tournament_tables t LEFT JOIN tournament_games g USING (tournament_id, round, table_no) "
      "WHERE t.tournament_id = " + ids + " AND NOT t.top_cut GROUP BY t.round, t.table_no, t.first_id, t.second_id");
  for (const auto& row : tables) {
    const auto first = row[0].as<std::int64_t>();
    if (row[1].is_null()) {  // a bye: a 2-0 match win with no opponent
      add_match(tally[first], 2, 0, 0);
      tally[first].byes += 1;
      continue;
    }
    const auto second = row[1].as<std::int64_t>();
    const int a = row[2].as<int>(), b = row[3].as<int>(), d = row[4].as<int>();
    add_match(tally[first], a, b, d);
    add_match(tally[second], b, a, d);
    tally[first].opponents.push_back(second);
    tally[second].opponents.push_back(first);
  }
  auto mwp = [&](std::int64_t p) { return floored(tally[p].match_points, tally[p].rounds); };
  auto gw = [&](std::int64_t p) { return floored(tally[p].game_points, tally[p].games); };
  auto ppb = [](double share) { return static_cast<std::int64_t>(std::llround(share * 1e9)); };
  auto mean = [&](const Tally& t, auto share) {
    if (t.opponents.empty()) return ppb(1.0 / 3.0);
    double sum = 0;
    for (auto o : t.opponents) sum += share(o);
    return ppb(sum / static_cast<double>(t.opponents.size()));
  };
  Recomputed out;
  for (const auto& [player, username] : name) {
    const Tally& t = tally[player];
    out.tallies[username] = t;
    out.omw[username] = mean(t, mwp);
    out.gwp[username] = ppb(gw(player));
    out.ogw[username] = mean(t, gw);
  }
  return out;
}

class BotEvent : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--organizers", "organizer"}; }
};

TEST_F(BotEvent, ThirtyTwoEverZonePlayersFiveSwissRoundsBestOfThreeAndATopEightThroughConcordLoadWithKillDashNine) {
  const bool sanitized = std::getenv("CONCORD_SANITIZED") != nullptr;
  const int players = sanitized ? 8 : 32;  // the sanitizer build: 3 rounds and a top 4 of the same scenario
  LoadProcess load({"--host", "127.0.0.1", "--port", std::to_string(server_->port()), "--game", "everzone",
                    "--tournament", std::to_string(players), "--organizer", "organizer", "--best-of", "3", "--top-cut",
                    sanitized ? "4" : "8", "--late-entry", "--no-show", "--drop-after", "2", "--game-loss-round", "2",
                    "--no-show-seconds", "5", "--reconnect-seconds", "120", "--stall-timeout", "120",
                    "--duration-limit", "1500", "--seed", "20261202"},
                   ::testing::TempDir() + "/concord_load_event_" + std::to_string(::getpid()) + ".log");
  // Kill -9 once the third round is under way: a few of its games recorded.
  const auto round3 = "SELECT count(*) FROM tournament_games WHERE round = 3 AND winner_side IS NOT NULL";
  const auto until = std::chrono::steady_clock::now() + 900s;
  while (count(round3) < 3 && std::chrono::steady_clock::now() < until && load.wait(0s) == -1) {
    std::this_thread::sleep_for(100ms);
  }
  ASSERT_GE(count(round3), 3) << load.output();
  server_->kill_hard();
  server_->start();
  const int exit_code = load.wait(1500s);
  const auto output = load.output();
  ASSERT_EQ(exit_code, 0) << output;
  EXPECT_EQ(output.find(" 0 reconnect(s)"), std::string::npos) << "the bots came back after the restart";

  const auto id = count("SELECT max(id) FROM tournaments");
  const auto ids = std::to_string(id);
  EXPECT_EQ(count("SELECT count(*) FROM tournaments WHERE status = 'finished' AND id = " + ids), 1);
  EXPECT_EQ(count("SELECT count(*) FROM tournament_entrants WHERE first_round = 2 AND tournament_id = " + ids), 1)
      << "the late entry";
  EXPECT_EQ(count("SELECT count(*) FROM tournament_entrants WHERE dropped AND tournament_id = " + ids), 1) << "the drop";
  EXPECT_GE(count("SELECT count(*) FROM tournament_games WHERE reason = 'no-show' AND tournament_id = " + ids), 1);
  EXPECT_EQ(count("SELECT count(*) FROM tournament_games WHERE round = 2 AND reason LIKE 'judge: game_loss for %' "
                  "AND tournament_id = " + ids), 1) << "the judge's game loss";
  EXPECT_EQ(count("SELECT count(*) FROM tournament_games WHERE winner_side IS NULL"), 0);
  const int swiss = sanitized ? 3 : 5;
  EXPECT_EQ(count("SELECT count(*) FROM tournament_standings WHERE tournament_id = " + ids), swiss);
  EXPECT_EQ(count("SELECT count(*) FROM tournament_tables WHERE top_cut AND tournament_id = " + ids),
            sanitized ? 3 : 7);

  // The published standings are the recorded results' standings.
  auto reader = player("reader");
  v1::ClientMessage m;
  m.mutable_get_standings()->set_tournament_id(id);
  const auto standings = reader->call(m).standings();
  EXPECT_EQ(standings.round(), static_cast<std::uint32_t>(swiss));
  const auto expected = recompute(database_, id);
  ASSERT_EQ(standings.entries_size(), players);
  for (int i = 0; i < standings.entries_size(); ++i) {
    const auto& e = standings.entries(i);
    SCOPED_TRACE(e.username());
    ASSERT_EQ(expected.tallies.count(e.username()), 1u);
    const Tally& t = expected.tallies.at(e.username());
    EXPECT_EQ(e.rank(), static_cast<std::uint32_t>(i + 1));
    EXPECT_EQ(e.match_points(), static_cast<std::uint32_t>(t.match_points));
    EXPECT_EQ(e.game_points(), static_cast<std::uint32_t>(t.game_points));
    EXPECT_EQ(e.wins(), static_cast<std::uint32_t>(t.wins));
    EXPECT_EQ(e.draws(), static_cast<std::uint32_t>(t.draws));
    EXPECT_EQ(e.losses(), static_cast<std::uint32_t>(t.losses));
    EXPECT_EQ(e.byes(), static_cast<std::uint32_t>(t.byes));
    EXPECT_NEAR(e.omw_ppb(), expected.omw.at(e.username()), 1);
    EXPECT_NEAR(e.gwp_ppb(), expected.gwp.at(e.username()), 1);
    EXPECT_NEAR(e.ogw_ppb(), expected.ogw.at(e.username()), 1);
    if (i == 0) continue;
    const auto& p = standings.entries(i - 1);  // ordered by points, then OMW%, GW%, OGW%
    const auto key = [](const v1::StandingEntry& s) {
      return std::make_tuple(s.match_points(), s.omw_ppb(), s.gwp_ppb(), s.ogw_ppb());
    };
    EXPECT_GE(key(p), key(e));
  }
}

}  // namespace
}  // namespace concord::testing
