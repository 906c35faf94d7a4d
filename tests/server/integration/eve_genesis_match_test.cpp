// EVE: The Second Genesis through the shipped concord-server: two real
// clients play a whole match with the ready-made decks while a spectator
// watches; PostgreSQL journals every command.
#include <set>

#include "concord/rules/seed.hpp"
#include "concord/v1/games/eve_genesis.pb.h"
#include "harness.hpp"

namespace concord::testing {
namespace {

namespace eve = concord::v1::games::eve;

class EveGenesisMatch : public ServerTest {
 protected:
  std::string server_binary() const override { return ServerProcess::shipped_server_binary(); }
  // Bots answer far faster than people: lift the per-connection command rate.
  std::vector<std::string> server_args() const override { return {"--rate", "2000", "--burst", "2000"}; }

  // alice (seat 1, Amarr) and bob (seat 2, Caldari) seated and ready; carol watching.
  void seat_everyone() {
    alice_ = player("alice");
    bob_ = player("bob");
    carol_ = player("carol");
    room_ = alice_->create_room("eve_genesis", 2).room_id();
    alice_->join_room(room_, v1::PLAYER, save_deck(*alice_, starter_deck(*alice_, "eve_genesis", "Amarr standard")));
    bob_->join_room(room_, v1::PLAYER, save_deck(*bob_, starter_deck(*bob_, "eve_genesis", "Caldari standard")));
    carol_->join_room(room_, v1::SPECTATOR);
    alice_->set_ready(room_);
    bob_->set_ready(room_);
  }

  std::unique_ptr<Client> alice_, bob_, carol_;
  std::string room_;
};

const auto view_of = &unpack_view<eve::EveView>;


// What a seat must never see of another seat: its hand, its market (order or
// content), its unplayed remote regions, and its base's upgraded side before
// the upgrade.
void expect_private_parts_hidden(const eve::EveSeat& seat, const std::string& context) {
  EXPECT_FALSE(seat.hand_visible()) << context;
  EXPECT_EQ(seat.hand_size(), 0) << context;
  EXPECT_FALSE(seat.market_visible()) << context;
  EXPECT_EQ(seat.market_size(), 0) << context;
  EXPECT_FALSE(seat.offdeck_visible()) << context;
  EXPECT_EQ(seat.offdeck_size(), 0) << context;
  if (!seat.upgraded()) {
    EXPECT_TRUE(seat.upgrade_name().empty()) << context;
  }
}

TEST_F(EveGenesisMatch, TheGameIsListedWithItsFourReadyMadeDecks) {
  auto client = player("dana");
  std::set<std::string> names;
  const v1::GameList games = client->list_games();
  for (const auto& game : games.games()) {
    if (game.id() != "eve_genesis") continue;
    EXPECT_TRUE(game.needs_deck());
    for (const auto& deck : game.starter_decks()) names.insert(deck.name());
  }
  EXPECT_EQ(names, (std::set<std::string>{"Amarr standard", "Caldari standard", "Gallente standard",
                                          "Minmatar standard"}));
}

TEST_F(EveGenesisMatch, SavingAnIllegalDeckListsEveryViolation) {
  auto client = player("dana");
  auto deck = starter_deck(*client, "eve_genesis", "Amarr standard");
  for (auto& section : *deck.mutable_sections()) {
    if (section.name() == "market") section.mutable_cards()->DeleteSubrange(0, section.cards_size() / 2);
    if (section.name() == "regions") section.mutable_cards()->RemoveLast();
  }
  try {
    client->save_deck(deck);
    FAIL() << "an illegal deck was saved";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "DECK_INVALID");
    std::set<std::string> codes;
    for (const auto& v : e.violations()) codes.insert(v.code());
    EXPECT_TRUE(codes.count("TOO_FEW_CARDS")) << e.what();
    EXPECT_TRUE(codes.count("REGION_COUNT")) << e.what();
  }
}

TEST_F(EveGenesisMatch, TwoPlayersPlayAWholeMatchWhileASpectatorWatches) {
  seat_everyone();
  // Random play usually ends a match in 1,500-3,000 commands but now and then
  // runs far longer (the server seeds each match at random): past 4,000
  // commands alice concedes, which is a legal end of the match too.
  auto last = play_until(*alice_, *bob_, room_, 4000, 3);
  if (!last.finished()) {
    alice_->concede(room_);
    last = alice_->wait_for_match_update(room_, [](const v1::MatchUpdate& u) { return u.finished(); });
  }
  ASSERT_TRUE(last.finished());
  EXPECT_GT(last.command_index(), 20u);
  EXPECT_TRUE(last.result().draw() || last.result().winners_size() >= 1);
  const auto seed = rules::Seed::from_hex(last.result().seed_hex());
  ASSERT_TRUE(seed.has_value());
  EXPECT_EQ(seed->commitment(), last.seed_commitment());

  const auto watched = drain_updates(*carol_, room_);
  ASSERT_FALSE(watched.empty());
  EXPECT_TRUE(watched.back().finished());
  EXPECT_EQ(watched.back().command_index(), last.command_index());
  for (const auto& update : watched) {
    EXPECT_FALSE(update.has_prompt());
    const auto view = view_of(update);
    ASSERT_EQ(view.seats_size(), 2);
    for (const auto& seat : view.seats()) {
      expect_private_parts_hidden(seat, "spectator, command " + std::to_string(update.command_index()));
    }
  }
}

TEST_F(EveGenesisMatch, EachPlayerSeesItsOwnHandButNeverTheOpponents) {
  seat_everyone();
  std::vector<std::vector<v1::MatchUpdate>> taken;  // what play_until took while waiting
  const std::vector<Client*> seats{alice_.get(), bob_.get()};
  play_until(seats, room_, 60, 4, &taken);
  for (std::size_t i = 0; i < seats.size(); ++i) {
    auto updates = taken[i];
    for (auto& update : drain_updates(*seats[i], room_)) updates.push_back(std::move(update));
    ASSERT_FALSE(updates.empty());
    for (const auto& update : updates) {
      const auto view = view_of(update);
      const int mine = update.your_seat() - 1;
      ASSERT_GE(mine, 0);
      for (const auto& seat : view.seats()) {
        const std::string context = "seat " + std::to_string(mine) + " looking at seat " +
                                    std::to_string(seat.index()) + ", command " +
                                    std::to_string(update.command_index());
        if (static_cast<int>(seat.index()) == mine) {
          EXPECT_TRUE(seat.hand_visible()) << context;
          EXPECT_EQ(static_cast<unsigned>(seat.hand_size()), seat.hand_count()) << context;
          EXPECT_FALSE(seat.market_visible()) << "not even the owner sees the market order: " << context;
        } else {
          expect_private_parts_hidden(seat, context);
        }
      }
    }
  }
}

TEST_F(EveGenesisMatch, AnAnswerFromTheSeatWithoutPriorityIsRefusedAndChangesNothing) {
  seat_everyone();
  const auto update = alice_->wait_for_match_update(room_);
  const auto other = bob_->wait_for_match_update(room_);
  Client& idle = update.has_prompt() ? *bob_ : *alice_;
  const auto& idle_update = update.has_prompt() ? other : update;
  ASSERT_FALSE(idle_update.has_prompt()) << "the mulligan is offered one player at a time, first player first";
  v1::Answer answer;
  answer.add_choices()->set_option_id("keep");
  EXPECT_EQ(error_code_of([&] { idle.submit_answer(room_, idle_update.command_index(), answer); }), "NO_PROMPT");
  EXPECT_EQ(idle.latest_match_update(room_)->command_index(), idle_update.command_index());
}

}  // namespace
}  // namespace concord::testing
