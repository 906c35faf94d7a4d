// Tournaments through the real server and PostgreSQL (protocol/README.md
// section 12): organizers, registration with frozen decks, rounds that run
// themselves (rooms with reserved seats, results as matches end), no-shows,
// round time, standings and ratings, and kill -9 in the middle of a round.
// High Card Duel (the test game) has no turns, so time called at the end of a
// round draws its game at once.
#include <pqxx/pqxx>

#include <chrono>
#include <cstdio>
#include <set>
#include <thread>

#include "harness.hpp"
#include "judge_requests.hpp"

namespace concord::testing {
namespace {

using namespace std::chrono_literals;

v1::TournamentGameReady next_game(Client& client, std::chrono::seconds limit = 30s);
void play_game(Client& a, const v1::TournamentGameReady& ready, Client& b, std::uint64_t salt);

class Tournaments : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--admins", "root"}; }

  // The organizer "olga", made one by the admin "root".
  std::unique_ptr<Client> organizer() {
    auto root = player("root");
    auto olga = player("olga");
    v1::ClientMessage grant;
    grant.mutable_grant_organizer()->set_username("olga");
    EXPECT_EQ(code_of(*root, grant), "");
    return olga;
  }

  static v1::ClientMessage create(std::map<std::string, std::uint32_t> numbers = {}) {
    v1::ClientMessage m;
    auto* s = m.mutable_create_tournament()->mutable_settings();
    s->set_game("test_highcard");
    s->set_name("Friday Duel");
    s->set_best_of(numbers.count("best_of") ? numbers["best_of"] : 1);
    s->set_swiss_rounds(numbers["swiss_rounds"]);
    s->set_round_seconds(numbers["round_seconds"]);
    s->set_no_show_seconds(numbers.count("no_show_seconds") ? numbers["no_show_seconds"] : 600);
    s->set_top_cut(numbers["top_cut"]);
    return m;
  }

  static v1::ClientMessage control(std::int64_t id, v1::TournamentControl::Action action) {
    v1::ClientMessage m;
    m.mutable_tournament_control()->set_tournament_id(id);
    m.mutable_tournament_control()->set_action(action);
    return m;
  }

  // Creates the event and opens registration; returns its id.
  std::int64_t open_event(Client& olga, std::map<std::string, std::uint32_t> numbers = {}) {
    const auto created = olga.call(create(std::move(numbers)));
    EXPECT_EQ(created.tournament().status(), v1::TOURNAMENT_ANNOUNCED);
    const auto id = created.tournament().tournament_id();
    EXPECT_EQ(olga.call(control(id, v1::TournamentControl::OPEN_REGISTRATION)).tournament().status(),
              v1::TOURNAMENT_REGISTRATION);
    return id;
  }

  void register_with_deck(Client& client, std::int64_t id) {
    v1::ClientMessage m;
    m.mutable_register_entrant()->set_tournament_id(id);
    m.mutable_register_entrant()->set_deck_id(save_standard_deck(client));
    client.call(m);
  }

  // ann and ben, registered for event `id` with a deck.
  std::pair<std::unique_ptr<Client>, std::unique_ptr<Client>> register_two(std::int64_t id) {
    auto ann = player("ann");
    auto ben = player("ben");
    register_with_deck(*ann, id);
    register_with_deck(*ben, id);
    return {std::move(ann), std::move(ben)};
  }

  // ann, ben, cat and dan, each registered for event `id` with a deck.
  std::map<std::string, std::unique_ptr<Client>> register_four(std::int64_t id) {
    std::map<std::string, std::unique_ptr<Client>> players;
    for (const auto* name : {"ann", "ben", "cat", "dan"}) {
      players[name] = player(name);
      register_with_deck(*players[name], id);
    }
    return players;
  }

  // Plays the table's games from `ready` (game `game` of it) until one is
  // won: a drawn game is followed by another at the same table.
  void play_table_out(Client& a, v1::TournamentGameReady ready, Client& b, std::uint64_t salt, int game = 1) {
    const auto table = " AND round = " + std::to_string(ready.round()) + " AND table_no = " + std::to_string(ready.table());
    for (;; ++game) {
      play_game(a, ready, b, salt + static_cast<std::uint64_t>(game));
      ASSERT_EQ(wait_count("SELECT count(*) FROM tournament_games WHERE winner_side IS NOT NULL" + table, game), game);
      if (count("SELECT count(*) FROM tournament_games WHERE winner_side IN ('first', 'second')" + table) > 0) return;
      ready = next_game(a);
    }
  }

  std::unique_ptr<Client> login(const std::string& name) {
    auto client = connect();
    client->login(name, "password-" + name);
    return client;
  }

  std::unique_ptr<Client> login_or_register(const std::string& name) { return player(name); }

  std::string status_of(std::int64_t id) const {
    pqxx::connection conn(database_);
    pqxx::read_transaction txn(conn);
    return txn.exec1("SELECT status FROM tournaments WHERE id = " + std::to_string(id))[0].as<std::string>();
  }

  // Polls the database until `sql` counts `expected` (the director works
  // asynchronously); returns the last count.
  std::int64_t wait_count(const std::string& sql, std::int64_t expected, std::chrono::seconds limit = 30s) const {
    const auto until = std::chrono::steady_clock::now() + limit;
    std::int64_t n = count(sql);
    while (n != expected && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(50ms);
      n = count(sql);
    }
    return n;
  }
};

// The next TournamentGameReady pushed to the client (other pushes are dropped).
v1::TournamentGameReady next_game(Client& client, std::chrono::seconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    auto push = client.next_push(std::chrono::duration_cast<std::chrono::milliseconds>(limit));
    if (push && push->has_tournament_game_ready()) return push->tournament_game_ready();
  }
  throw std::runtime_error("no TournamentGameReady arrived");
}

// Both players of a game take their reserved seats (no deck named: the frozen
// one is used), ready up, and play it with random answers to the end.
void play_game(Client& a, const v1::TournamentGameReady& ready, Client& b, std::uint64_t salt) {
  const auto room = ready.room_id();
  const auto seat_a = a.join_room(room).your_seat();
  const auto seat_b = b.join_room(room).your_seat();
  ASSERT_NE(seat_a, seat_b);
  a.set_ready(room);
  b.set_ready(room);
  std::vector<Client*> seats = seat_a < seat_b ? std::vector<Client*>{&a, &b} : std::vector<Client*>{&b, &a};
  const auto end = play_until(seats, room, 100000, salt);
  EXPECT_TRUE(end.finished());
  a.leave_room(room);
  b.leave_room(room);
}

TEST_F(Tournaments, OnlyOrganizersCreateEventsAndOnlyAdminsGrantTheCapability) {
  auto root = player("root");
  auto olga = player("olga");
  EXPECT_EQ(code_of(*olga, create()), "NOT_ORGANIZER");
  v1::ClientMessage grant;
  grant.mutable_grant_organizer()->set_username("olga");
  EXPECT_EQ(code_of(*olga, grant), "NOT_AN_ADMIN");
  EXPECT_EQ(code_of(*root, grant), "");
  EXPECT_EQ(count("SELECT count(*) FROM organizers"), 1) << "the capability is stored";
  EXPECT_EQ(code_of(*olga, create()), "");
  auto bad = create({{"best_of", 2}});
  EXPECT_EQ(code_of(*olga, bad), "INVALID_SETTINGS");
  auto unknown = create();
  unknown.mutable_create_tournament()->mutable_settings()->set_game("chess");
  EXPECT_EQ(code_of(*olga, unknown), "UNKNOWN_GAME");
}

TEST_F(Tournaments, OnlyTheOrganizerMovesTheEventOnAndRegistrationFollowsItsState) {
  auto olga = organizer();
  auto mallory = player("mallory");
  const auto created = olga->call(create());
  const auto id = created.tournament().tournament_id();
  v1::ClientMessage reg;
  reg.mutable_register_entrant()->set_tournament_id(id);
  reg.mutable_register_entrant()->set_deck_id(save_standard_deck(*mallory));
  EXPECT_EQ(code_of(*mallory, reg), "REGISTRATION_CLOSED") << "announced: registration is not open yet";
  EXPECT_EQ(code_of(*mallory, control(id, v1::TournamentControl::OPEN_REGISTRATION)), "NOT_ORGANIZER");
  olga->call(control(id, v1::TournamentControl::OPEN_REGISTRATION));
  EXPECT_EQ(code_of(*mallory, reg), "");
  EXPECT_EQ(code_of(*mallory, reg), "ALREADY_REGISTERED");
  v1::ClientMessage no_deck;
  no_deck.mutable_register_entrant()->set_tournament_id(id);
  auto dave = player("dave");
  EXPECT_EQ(code_of(*dave, no_deck), "DECK_REQUIRED") << "High Card Duel is played with a deck";
  EXPECT_EQ(code_of(*olga, control(id, v1::TournamentControl::START)), "NOT_ENOUGH_PLAYERS");
  EXPECT_EQ(count("SELECT count(*) FROM tournament_entrants WHERE deck_body <> ''"), 1)
      << "the deck is frozen as a copy";
}

// Four players, two Swiss rounds of best-of-1: the server pairs, opens the
// rooms, records each result as the match ends, publishes standings after
// each round, rates every game, and reveals the seed at the end.
TEST_F(Tournaments, AFourPlayerSwissEventRunsItselfToTheEnd) {
  auto olga = organizer();
  const auto id = open_event(*olga);
  auto players = register_four(id);
  const auto started = olga->call(control(id, v1::TournamentControl::START)).tournament();
  EXPECT_EQ(started.status(), v1::TOURNAMENT_RUNNING);
  EXPECT_EQ(started.seed_commitment().size(), 64u);
  EXPECT_TRUE(started.seed_hex().empty()) << "the seed stays secret until the end";
  EXPECT_EQ(started.planned_rounds(), 2u);
  std::uint64_t salt = 7;
  for (int round = 1; round <= 2; ++round) {
    // Every game of the round as it is pushed (a drawn game is followed by
    // another at its table), until the round's standings are published.
    const auto standings = "SELECT count(*) FROM tournament_standings WHERE round = " + std::to_string(round);
    std::map<std::string, std::vector<std::string>> waiting;  // room -> players pushed to it
    const auto until = std::chrono::steady_clock::now() + 60s;
    while (count(standings) == 0 && std::chrono::steady_clock::now() < until) {
      for (auto& [name, client] : players) {
        auto push = client->next_push(20ms);
        if (!push || !push->has_tournament_game_ready()) continue;
        const auto& r = push->tournament_game_ready();
        EXPECT_EQ(r.round(), static_cast<std::uint32_t>(round));
        ASSERT_TRUE(players.count(r.opponent())) << r.opponent();
        auto& pushed = waiting[r.room_id()];
        pushed.push_back(name);
        if (pushed.size() == 2) play_game(*players[pushed[0]], r, *players[pushed[1]], ++salt);
      }
    }
    EXPECT_EQ(count(standings), 1) << "standings are published after round " << round;
    for (const auto& [room, pushed] : waiting) EXPECT_EQ(pushed.size(), 2u) << "both players of " << room;
  }
  EXPECT_EQ(wait_count("SELECT count(*) FROM tournaments WHERE status = 'finished'", 1), 1);
  EXPECT_EQ(count("SELECT count(*) FROM tournament_games WHERE winner_side IS NULL OR match_id IS NULL"), 0);
  EXPECT_GE(count("SELECT count(*) FROM tournament_games"), 4);
  EXPECT_EQ(count("SELECT count(*) FROM rating_history"), 2 * count("SELECT count(*) FROM tournament_games"))
      << "every game rated both players";
  EXPECT_EQ(count("SELECT count(*) FROM ratings"), 4);
  EXPECT_EQ(count("SELECT count(*) FROM ratings WHERE deviation < 350"), 4) << "every rated game makes RD smaller";
  // Swiss: round 2 pairs the two round-1 winners (never the same pair twice).
  EXPECT_EQ(count("SELECT count(*) FROM tournament_tables a JOIN tournament_tables b ON a.round = 1 AND b.round = 2"
                  " AND ((a.first_id = b.first_id AND a.second_id = b.second_id) OR"
                  " (a.first_id = b.second_id AND a.second_id = b.first_id))"),
            0);
}

// A player who does not take their seat before the no-show deadline loses the
// game; the event goes on without them.
TEST_F(Tournaments, APlayerWhoDoesNotShowUpLosesTheGame) {
  auto olga = organizer();
  const auto id = open_event(*olga, {{"no_show_seconds", 2}});
  auto [ann, ben] = register_two(id);
  olga->call(control(id, v1::TournamentControl::START));
  const auto ready = next_game(*ann);
  EXPECT_EQ(ready.opponent(), "ben");
  ann->join_room(ready.room_id());
  ann->set_ready(ready.room_id());
  EXPECT_EQ(wait_count("SELECT count(*) FROM tournament_games WHERE reason = 'no-show'", 1), 1);
  EXPECT_EQ(wait_count("SELECT count(*) FROM tournaments WHERE status = 'finished'", 1), 1)
      << "two players play one round";
  pqxx::connection conn(database_);
  pqxx::read_transaction txn(conn);
  const auto winner =
      txn.exec1("SELECT p.username FROM tournament_games g JOIN tournament_tables t USING (tournament_id, round, table_no)"
                " JOIN players p ON p.id = CASE WHEN g.winner_side = 'first' THEN t.first_id ELSE t.second_id END")[0]
          .as<std::string>();
  EXPECT_EQ(winner, "ann");
  EXPECT_EQ(count("SELECT count(*) FROM rating_history"), 0) << "a game not played is not rated";
}

// Best of three: a new room for every game until one player has won two.
TEST_F(Tournaments, ABestOfThreeMatchPlaysGameAfterGameInNewRooms) {
  auto olga = organizer();
  const auto id = open_event(*olga, {{"best_of", 3}});
  auto [ann, ben] = register_two(id);
  olga->call(control(id, v1::TournamentControl::START));
  std::set<std::string> rooms;
  std::uint64_t salt = 3;
  while (count("SELECT count(*) FROM tournaments WHERE status = 'finished'") == 0) {
    const auto ready = next_game(*ann);
    const auto other = next_game(*ben);
    EXPECT_EQ(ready.room_id(), other.room_id());
    EXPECT_TRUE(rooms.insert(ready.room_id()).second) << "every game has its own room";
    play_game(*ann, ready, *ben, ++salt);
    // Either the next game opens or the event ends.
    const auto until = std::chrono::steady_clock::now() + 30s;
    while (count("SELECT count(*) FROM tournament_games") == static_cast<std::int64_t>(rooms.size()) &&
           count("SELECT count(*) FROM tournaments WHERE status = 'finished'") == 0 &&
           std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(50ms);
    }
  }
  // Drawn games count for neither player, so a best of three takes two to
  // three decided games and any number of drawn ones.
  const auto decided = count("SELECT count(*) FROM tournament_games WHERE winner_side <> 'draw'");
  EXPECT_GE(decided, 2);
  EXPECT_LE(decided, 3);
  EXPECT_EQ(count("SELECT count(*) FROM tournament_games WHERE winner_side = 'first'") >= 2 ||
                count("SELECT count(*) FROM tournament_games WHERE winner_side = 'second'") >= 2,
            true)
      << "the match ends once a player has won the majority";
}

// kill -9 while round 1 is being played: after the restart the event, its
// round, its rooms and the finished games are all there, and it runs on.
TEST_F(Tournaments, KillDashNineInTheMiddleOfARoundAndTheEventGoesOn) {
  auto olga = organizer();
  const auto id = open_event(*olga);
  auto players = register_four(id);
  olga->call(control(id, v1::TournamentControl::START));
  std::map<std::string, v1::TournamentGameReady> ready;
  for (auto& [name, client] : players) ready[name] = next_game(*client);
  // One table plays its game to the end; the other is mid-game.
  const auto& first = ready["ann"];
  play_table_out(*players["ann"], first, *players[first.opponent()], 11);
  std::string other_a;
  for (const auto& [name, r] : ready) {
    if (name != "ann" && name != first.opponent()) other_a = name;
  }
  const auto& second = ready[other_a];
  auto& c = *players[other_a];
  auto& d = *players[second.opponent()];
  const auto seat_c = c.join_room(second.room_id()).your_seat();
  const auto seat_d = d.join_room(second.room_id()).your_seat();
  c.set_ready(second.room_id());
  d.set_ready(second.room_id());
  std::vector<Client*> seats = seat_c < seat_d ? std::vector<Client*>{&c, &d} : std::vector<Client*>{&d, &c};
  play_until(seats, second.room_id(), 1, 5);
  players.clear();
  olga.reset();

  server_->kill_hard();
  server_->start();

  EXPECT_EQ(status_of(id), "running");
  auto cc = login(other_a);
  auto dd = login(second.opponent());
  cc->join_room(second.room_id());
  dd->join_room(second.room_id());
  std::vector<Client*> again = seat_c < seat_d ? std::vector<Client*>{cc.get(), dd.get()}
                                               : std::vector<Client*>{dd.get(), cc.get()};
  const auto end = play_until(again, second.room_id(), 100000, 6);
  EXPECT_TRUE(end.finished()) << "the game in progress was recovered with its room";
  const auto table = " AND round = 1 AND table_no = " + std::to_string(second.table());
  ASSERT_EQ(wait_count("SELECT count(*) FROM tournament_games WHERE winner_side IS NOT NULL" + table, 1), 1);
  if (count("SELECT count(*) FROM tournament_games WHERE winner_side = 'draw'" + table) == 1) {
    play_table_out(*cc, next_game(*cc), *dd, 21, 2);  // a drawn game: the table plays another
  }
  EXPECT_EQ(wait_count("SELECT count(*) FROM tournament_standings WHERE round = 1", 1), 1);
  EXPECT_EQ(wait_count("SELECT count(*) FROM tournament_tables WHERE round = 2", 2), 2)
      << "round 2 is paired after the restart";
}


// Casual rooms with the room option `rated` change ratings too; others do not.
TEST_F(Tournaments, ARatedCasualRoomChangesBothPlayersRatingsAndAnUnratedOneDoesNot) {
  auto ann = player("ann");
  auto ben = player("ben");
  const auto casual = start_duel(*ann, *ben);
  EXPECT_TRUE(play_until(*ann, *ben, casual, 100000, 1).finished());
  const auto rated = start_duel(*ann, *ben, {{"rated", "true"}});
  EXPECT_TRUE(play_until(*ann, *ben, rated, 100000, 2).finished());
  EXPECT_EQ(wait_count("SELECT count(*) FROM rating_history", 2), 2) << "one history row per player";
  EXPECT_EQ(count("SELECT count(*) FROM ratings WHERE game = 'test_highcard' AND deviation < 350"), 2);
}

// One entrant played by a thread: joins each game it is given (from the push,
// or from the pairings when it was not connected at the time), plays it with
// random answers, until the event is over or the connection is gone.
class Entrant {
 public:
  Entrant(std::unique_ptr<Client> client, std::string name, std::int64_t event, std::uint64_t salt)
      : client_(std::move(client)), name_(std::move(name)), event_(event), salt_(salt) {}

  // Returns when the event is over (true) or the server went away (false).
  bool run() {
    for (;;) {
      try {
        const auto room = next_room();
        if (!room) return true;
        play(*room);
      } catch (const ClientError& e) {
        if (!client_->is_open()) return false;  // the server is gone
        // a refusal (the room closed at its no-show deadline, say): look
        // again. Said on stderr: a room given up on here waits for its
        // no-show deadline, so a hung test shows why in its output.
        note("gave up on room " + current_ + ": " + e.code() + " " + e.message());
      }
    }
  }

 private:
  // Runs a request, waiting out RATE_LIMITED refusals as a real client would:
  // a request refused for the rate is not a refusal of what it asked.
  template <typename Request>
  auto patiently(Request request) {
    for (;;) {
      try {
        return request();
      } catch (const ClientError& e) {
        if (e.code() != "RATE_LIMITED") throw;
        std::this_thread::sleep_for(100ms);
      }
    }
  }

  // The room of this entrant's game in progress, waiting for it; nullopt once
  // the event is over. Pushes left over from earlier games (updates skipped
  // for a newer one, room infos) are taken without a request each: the event
  // and its pairings are asked at most twice a second, as a polite client
  // would, so that polling never spends the rate limit a game's requests need.
  std::optional<std::string> next_room() {
    auto next_poll = std::chrono::steady_clock::now();
    for (;;) {
      if (auto push = client_->next_push(500ms); push) {
        if (push->has_tournament_game_ready() && !played_.count(push->tournament_game_ready().room_id())) {
          return push->tournament_game_ready().room_id();
        }
        if (std::chrono::steady_clock::now() < next_poll) continue;
      }
      next_poll = std::chrono::steady_clock::now() + 500ms;
      v1::ClientMessage info;
      info.mutable_get_tournament()->set_tournament_id(event_);
      const auto status = patiently([&] { return client_->call(info); }).tournament().status();
      if (status == v1::TOURNAMENT_FINISHED || status == v1::TOURNAMENT_CANCELLED) return std::nullopt;
      v1::ClientMessage pairings;
      pairings.mutable_get_pairings()->set_tournament_id(event_);
      const auto reply = patiently([&] { return client_->call(pairings); });
      for (const auto& table : reply.pairings().tables()) {
        if ((table.first() == name_ || table.second() == name_) && !table.room_id().empty() &&
            !played_.count(table.room_id())) {
          return table.room_id();
        }
      }
    }
  }

  void play(const std::string& room) {
    played_.insert(room);
    current_ = room;
    patiently([&] { return client_->join_room(room); });
    try {
      patiently([&] { client_->set_ready(room); });
    } catch (const ClientError& e) {
      // the match already started (recovered after a restart): play on
      if (e.code() != "MATCH_RUNNING") note("set_ready in room " + room + ": " + e.code() + " " + e.message());
    }
    std::uint64_t seen = 0;
    for (;;) {
      auto update = client_->wait_for_match_update(
          room, [seen](const v1::MatchUpdate& u) { return u.command_index() >= seen; }, 60s);
      if (auto latest = client_->latest_match_update(room); latest && latest->command_index() > update.command_index()) {
        update = *latest;
      }
      if (update.finished()) break;
      seen = update.command_index() + 1;
      if (!update.has_prompt()) continue;
      try {
        seen = answer_randomly(*client_, update, ++salt_);
      } catch (const std::runtime_error&) {
        // the prompt changed under us (the other seat moved): take the next update
      }
    }
    patiently([&] { client_->leave_room(room); });
  }

  void note(const std::string& what) const { std::fprintf(stderr, "[entrant %s] %s\n", name_.c_str(), what.c_str()); }

  std::unique_ptr<Client> client_;
  std::string name_;
  std::int64_t event_;
  std::uint64_t salt_;
  std::set<std::string> played_;
  std::string current_;  // the room play() was last given
};

class BigTournament : public Tournaments {
 protected:
  std::vector<std::string> server_args() const override { return {"--admins", "root", "--organizers", "olga"}; }

  // Every entrant on its own thread until the event ends or the server goes.
  void play_all(const std::vector<std::string>& names, std::int64_t id, bool relogin) {
    std::vector<std::unique_ptr<Entrant>> entrants;
    for (std::size_t i = 0; i < names.size(); ++i) {
      entrants.push_back(std::make_unique<Entrant>(relogin ? login(names[i]) : std::move(clients_[names[i]]),
                                                   names[i], id, 1000 * (i + 1) + (relogin ? 7 : 0)));
    }
    std::vector<std::thread> threads;
    for (auto& e : entrants) threads.emplace_back([&e] { e->run(); });
    for (auto& t : threads) t.join();
  }

  std::map<std::string, std::unique_ptr<Client>> clients_;
};

// 32 players, five Swiss rounds and a top 8, kill -9 in the middle of round 2:
// the event resumes and runs to its champion.
TEST_F(BigTournament, ThirtyTwoPlayersFiveSwissRoundsAndATopEightSurviveKillDashNine) {
  auto olga = login_or_register("olga");
  const auto id = open_event(*olga, {{"top_cut", 8}});
  std::vector<std::string> names;
  for (int i = 0; i < 32; ++i) {
    names.push_back("player" + std::to_string(i));
    clients_[names.back()] = player(names.back());
    register_with_deck(*clients_[names.back()], id);
  }
  EXPECT_EQ(olga->call(control(id, v1::TournamentControl::START)).tournament().planned_rounds(), 5u);
  std::thread killer([&] {
    wait_count("SELECT count(*) FROM tournament_games WHERE round = 2 AND winner_side IS NOT NULL", 8, 120s);
    server_->kill_hard();
  });
  play_all(names, id, false);
  killer.join();
  server_->start();
  play_all(names, id, true);
  EXPECT_EQ(status_of(id), "finished");
  EXPECT_EQ(count("SELECT count(*) FROM tournament_standings"), 5) << "a snapshot after every Swiss round";
  EXPECT_EQ(count("SELECT count(*) FROM tournament_tables WHERE top_cut"), 7) << "quarter-finals, semi-finals, final";
  EXPECT_EQ(count("SELECT count(*) FROM tournament_tables WHERE NOT top_cut"), 5 * 16);
  EXPECT_EQ(count("SELECT count(*) FROM tournament_games WHERE winner_side IS NULL"), 0);
}

}  // namespace
}  // namespace concord::testing
