// EverZone through the shipped concord-server: real clients play whole
// matches (two and three players) with the ready-made decks; a spectator
// watches; simultaneous secret choices stay secret until all are in.
#include <set>

#include "concord/rules/seed.hpp"
#include "concord/v1/games/everzone.pb.h"
#include "harness.hpp"

namespace concord::testing {
namespace {

namespace ez = concord::v1::games::everzone;

class EverZoneMatch : public ServerTest {
 protected:
  std::string server_binary() const override { return ServerProcess::shipped_server_binary(); }
  // Bots answer far faster than people: lift the per-connection command rate.
  std::vector<std::string> server_args() const override { return {"--rate", "2000", "--burst", "2000"}; }

  // `decks.size()` players take seats in order with those starter decks and
  // ready up; carol watches. Returns the seated clients.
  std::vector<Client*> seat_everyone(const std::vector<std::string>& decks) {
    v1::CreateRoom spec;
    spec.set_game("everzone");
    spec.set_seats(static_cast<std::uint32_t>(decks.size()));
    spec.mutable_options()->insert({"command_points", "10"});
    std::vector<Client*> seats;
    for (std::size_t i = 0; i < decks.size(); ++i) {
      players_.push_back(player("player" + std::to_string(i)));
      seats.push_back(players_.back().get());
    }
    room_ = seats.front()->create_room(spec).room_id();
    for (std::size_t i = 0; i < decks.size(); ++i) {
      seats[i]->join_room(room_, v1::PLAYER, save_deck(*seats[i], starter_deck(*seats[i], "everzone", decks[i])));
    }
    carol_ = player("carol");
    carol_->join_room(room_, v1::SPECTATOR);
    for (Client* c : seats) c->set_ready(room_);
    return seats;
  }

  std::vector<std::unique_ptr<Client>> players_;
  std::unique_ptr<Client> carol_;
  std::string room_;
};

const auto view_of = &unpack_view<ez::EzView>;


// What one viewer must never see of another seat.
void expect_private_parts_hidden(const ez::EzSeat& seat, const std::string& context) {
  EXPECT_FALSE(seat.hand_visible()) << context;
  EXPECT_EQ(seat.hand_size(), 0) << context;
  EXPECT_FALSE(seat.deployed_visible()) << context;
  EXPECT_EQ(seat.deployed_size(), 0) << context;
  EXPECT_FALSE(seat.deck_visible()) << context;
  EXPECT_EQ(seat.deck_size(), 0) << context;
  EXPECT_FALSE(seat.secret_visible()) << context;
  EXPECT_EQ(seat.secret_size(), 0) << context;
}

void expect_finished_with_revealed_seed(const v1::MatchUpdate& last) {
  ASSERT_TRUE(last.finished());
  EXPECT_TRUE(last.result().draw() || last.result().winners_size() >= 1);
  const auto seed = rules::Seed::from_hex(last.result().seed_hex());
  ASSERT_TRUE(seed.has_value());
  EXPECT_EQ(seed->commitment(), last.seed_commitment());
}

// Every update one seat received (those play_until took while waiting, and
// the rest of its pushes): it sees its own private parts and nobody else's,
// and it never sees another seat's pending choice.
void check_seat_updates(Client& client, const std::string& room, std::vector<v1::MatchUpdate> updates) {
  for (auto& update : drain_updates(client, room)) updates.push_back(std::move(update));
  ASSERT_FALSE(updates.empty());
  for (const auto& update : updates) {
    const auto view = view_of(update);
    const int mine = update.your_seat() - 1;
    for (const auto& seat : view.seats()) {
      const std::string context = "seat " + std::to_string(mine) + " looking at seat " +
                                  std::to_string(seat.index()) + ", command " +
                                  std::to_string(update.command_index());
      if (static_cast<int>(seat.index()) == mine) {
        EXPECT_TRUE(seat.hand_visible()) << context;
        EXPECT_FALSE(seat.deck_visible()) << context;
      } else {
        expect_private_parts_hidden(seat, context);
      }
    }
  }
}

TEST_F(EverZoneMatch, TheGameIsListedWithSixReadyMadeDecks) {
  auto client = player("dana");
  std::set<std::string> names;
  const v1::GameList games = client->list_games();
  for (const auto& game : games.games()) {
    if (game.id() == "everzone") {
      for (const auto& deck : game.starter_decks()) names.insert(deck.name());
    }
  }
  EXPECT_EQ(names.size(), 6u);
  EXPECT_TRUE(names.count("numens_virago"));
}

TEST_F(EverZoneMatch, TwoPlayersPlayAWholeMatchWhileASpectatorWatches) {
  const auto seats = seat_everyone({"numens_virago", "slurrs_kraken"});
  std::vector<std::vector<v1::MatchUpdate>> taken;
  const auto last = play_until(seats, room_, UINT64_MAX, 5, &taken);
  expect_finished_with_revealed_seed(last);
  const auto watched = drain_updates(*carol_, room_);
  ASSERT_FALSE(watched.empty());
  EXPECT_TRUE(watched.back().finished());
  EXPECT_EQ(watched.back().command_index(), last.command_index());
  for (const auto& update : watched) {
    EXPECT_FALSE(update.has_prompt());
    const auto view = view_of(update);
    for (const auto& seat : view.seats()) {
      expect_private_parts_hidden(seat, "spectator, command " + std::to_string(update.command_index()));
    }
  }
  for (std::size_t i = 0; i < seats.size(); ++i) check_seat_updates(*seats[i], room_, taken[i]);
}

TEST_F(EverZoneMatch, ASecretChoiceIsOnlyKnownAsChosenUntilEveryoneHasChosen) {
  const auto seats = seat_everyone({"utrons_vlad", "numens_zarkendra"});
  // Play until both seats must make a simultaneous secret choice (deployment,
  // activation count or surrender); the battle phase's hand refresh is open.
  std::uint64_t index = 0;
  auto at_index = [&index](const v1::MatchUpdate& u) { return u.command_index() >= index; };
  for (int guard = 0; guard < 2000; ++guard) {
    const auto a = seats[0]->wait_for_match_update(room_, at_index);
    const auto b = seats[1]->wait_for_match_update(room_, at_index);
    ASSERT_FALSE(a.finished());
    const std::string phase = view_of(a).phase();
    const bool secret_phase = phase == "deployment" || phase == "activation" || phase == "surrender";
    if (secret_phase && a.has_prompt() && b.has_prompt() && a.command_index() == b.command_index()) {
      index = answer_randomly(*seats[0], a, 6);
      const auto seen_by_b = seats[1]->wait_for_match_update(room_, at_index);
      const auto view = view_of(seen_by_b);
      EXPECT_TRUE(view.seats(0).has_chosen()) << "b knows that a has chosen; phase " << view.phase() << ", prompt " << a.prompt().kind() << " / " << seen_by_b.prompt().kind();
      expect_private_parts_hidden(view.seats(0), "b looking at a after a chose");
      EXPECT_TRUE(seen_by_b.has_prompt()) << "b still has to choose";
      for (const auto& event : seen_by_b.events()) {
        EXPECT_NE(event.kind(), "own_choice") << "a's own echo goes to a only: " << event.text();
      }
      return;
    }
    index = a.has_prompt() ? answer_randomly(*seats[0], a, 6) : answer_randomly(*seats[1], b, 6);
  }
  FAIL() << "no simultaneous choice within 2000 commands";
}

TEST_F(EverZoneMatch, ThreePlayersPlayAWholeMatch) {
  const auto seats = seat_everyone({"numens_virago", "slurrs_medusa", "utrons_xenogray"});
  std::vector<std::vector<v1::MatchUpdate>> taken;
  const auto last = play_until(seats, room_, UINT64_MAX, 7, &taken);
  expect_finished_with_revealed_seed(last);
  EXPECT_EQ(view_of(last).seats_size(), 3);
  for (std::size_t i = 0; i < seats.size(); ++i) check_seat_updates(*seats[i], room_, taken[i]);
}

// "When one player is eliminated, the remaining two fight under the standard
// rules in a 1-vs-1 format": a concession in a three-player game eliminates
// only the conceding player (as when their CP reach zero); the two others
// play the match to its end.
TEST_F(EverZoneMatch, ThreePlayersOneConcedesTheOtherTwoPlayOnToTheEnd) {
  const auto seats = seat_everyone({"numens_virago", "slurrs_medusa", "utrons_xenogray"});
  seats[2]->wait_for_match_update(room_);
  seats[2]->concede(room_);
  const auto after = seats[0]->wait_for_match_update(room_, [](const v1::MatchUpdate& u) {
    const auto view = view_of(u);
    return view.seats_size() == 3 && view.seats(2).eliminated();
  });
  ASSERT_FALSE(after.finished()) << "a three-player concession does not end the match";
  const auto last = play_until({seats[0], seats[1]}, room_, UINT64_MAX, 13);
  expect_finished_with_revealed_seed(last);
  for (const auto winner : last.result().winners()) EXPECT_NE(winner, 2u) << "the conceding player cannot win";
  EXPECT_NE(last.result().reason(), "conceded");
  const auto gone = drain_updates(*seats[2], room_);
  ASSERT_FALSE(gone.empty());
  EXPECT_TRUE(gone.back().finished());
  for (const auto& update : gone) {
    EXPECT_FALSE(update.has_prompt()) << "an eliminated player has nothing to answer";
    EXPECT_TRUE(view_of(update).seats(2).eliminated());
  }
}

TEST_F(EverZoneMatch, TwoTeamsOfTwoPlayAWholeMatch) {
  v1::CreateRoom spec;
  spec.set_game("everzone");
  spec.set_seats(4);
  spec.mutable_options()->insert({"teams", "true"});
  spec.mutable_options()->insert({"command_points", "30"});
  std::vector<Client*> seats;
  for (int i = 0; i < 4; ++i) {
    players_.push_back(player("teamer" + std::to_string(i)));
    seats.push_back(players_.back().get());
  }
  room_ = seats.front()->create_room(spec).room_id();
  const char* decks[] = {"numens_virago", "slurrs_kraken", "numens_zarkendra", "utrons_vlad"};
  for (int i = 0; i < 4; ++i) {
    seats[static_cast<std::size_t>(i)]->join_room(
        room_, v1::PLAYER, save_deck(*seats[static_cast<std::size_t>(i)], starter_deck(*seats[0], "everzone", decks[i])));
  }
  for (Client* c : seats) c->set_ready(room_);
  std::vector<std::vector<v1::MatchUpdate>> taken;
  const auto last = play_until(seats, room_, UINT64_MAX, 9, &taken);
  expect_finished_with_revealed_seed(last);
  const auto view = view_of(last);
  EXPECT_TRUE(view.teams());
  EXPECT_EQ(view.seats(0).team(), view.seats(2).team());
  EXPECT_NE(view.seats(0).team(), view.seats(1).team());
  for (std::size_t i = 0; i < seats.size(); ++i) check_seat_updates(*seats[i], room_, taken[i]);
}

TEST_F(EverZoneMatch, ARoomWhoseOptionsDoNotFitItsSeatsIsRefusedWithTheReason) {
  auto client = player("dana");
  v1::CreateRoom spec;
  spec.set_game("everzone");
  spec.set_seats(4);
  spec.mutable_options()->insert({"command_points", "40"});
  spec.mutable_options()->insert({"teams", "false"});  // four seats are a 2-vs-2 team game
  try {
    client->create_room(spec);
    FAIL() << "a four-seat room without teams was created";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "INVALID_OPTIONS");
    EXPECT_NE(std::string(e.what()).find("team"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace concord::testing
