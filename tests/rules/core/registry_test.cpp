// GameRegistry and replay(), the latter with the real test game.
#include <gtest/gtest.h>

#include "botplay/bot_play.hpp"
#include "concord/rules/registry.hpp"
#include "testgame/highcard.hpp"

namespace concord::rules {
namespace {

GameDefinition minimal(std::string id) {
  GameDefinition def;
  def.id = std::move(id);
  def.create = [](const MatchSetup&) { return std::unique_ptr<Match>(); };
  return def;
}

TEST(GameRegistry, AddAndFind) {
  GameRegistry reg;
  EXPECT_TRUE(reg.add(testgame::highcard_definition()));
  EXPECT_TRUE(reg.add(minimal("alpha")));
  ASSERT_NE(reg.find("test_highcard"), nullptr);
  EXPECT_EQ(reg.find("test_highcard")->name, "High Card Duel");
  EXPECT_EQ(reg.find("nope"), nullptr);
  const auto all = reg.all();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0]->id, "alpha");  // sorted by id
}

TEST(GameRegistry, DuplicateIdRefused) {
  GameRegistry reg;
  EXPECT_TRUE(reg.add(minimal("g")));
  GameDefinition again = minimal("g");
  again.name = "second";
  EXPECT_FALSE(reg.add(again));
  EXPECT_EQ(reg.find("g")->name, "");
}

TEST(GameRegistry, IncompleteDefinitionsRefused) {
  GameRegistry reg;
  EXPECT_FALSE(reg.add(minimal("")));
  GameDefinition no_create = minimal("a");
  no_create.create = nullptr;
  EXPECT_FALSE(reg.add(no_create));
  GameDefinition bad_seats = minimal("b");
  bad_seats.min_seats = 3;
  bad_seats.max_seats = 2;
  EXPECT_FALSE(reg.add(bad_seats));
  GameDefinition zero_seats = minimal("c");
  zero_seats.min_seats = 0;
  EXPECT_FALSE(reg.add(zero_seats));
  GameDefinition deck_without_validator = minimal("d");
  deck_without_validator.needs_deck = true;
  EXPECT_FALSE(reg.add(deck_without_validator));
  GameDefinition bad_default = minimal("e");
  bad_default.options = {{"n", "", OptionSpec::Kind::Integer, "10", 1, 5, {}}};
  EXPECT_FALSE(reg.add(bad_default));
  EXPECT_TRUE(reg.all().empty());
}

MatchSetup highcard_setup(std::uint64_t seed) {
  MatchSetup setup;
  setup.options = {{"rounds", "5"}, {"hand_size", "3"}};
  for (int i = 0; i < 3; ++i) setup.seats.push_back({"p", testgame::standard_highcard_deck()});
  setup.seed = testsupport::seed_from_number(seed);
  return setup;
}

TEST(Replay, EqualsTheOriginal) {
  const auto game = testgame::highcard_definition();
  for (std::uint64_t n = 0; n < 20; ++n) {
    Rng bot(testsupport::seed_from_number(1000 + n));
    testsupport::BotPlayOptions options;
    options.concede_one_in = 40;
    const auto played = testsupport::play_random(game, highcard_setup(n), bot, options);
    ASSERT_TRUE(played.match && played.match->finished());
    std::string error;
    const auto again = replay(game, highcard_setup(n), played.log, &error);
    ASSERT_NE(again, nullptr) << error;
    EXPECT_EQ(again->state_hash(), played.match->state_hash());
    EXPECT_TRUE(again->finished());
  }
}

TEST(Replay, ReportsTheRejectedCommand) {
  const auto game = testgame::highcard_definition();
  const std::vector<Command> log = {*Command::from_text("answer 1 wager=2")};
  std::string error;
  EXPECT_EQ(replay(game, highcard_setup(1), log, &error), nullptr);
  EXPECT_EQ(error, "command 0 'answer 1 wager=2' rejected: NO_PROMPT: seat 1 has nothing to answer now");
}

TEST(Replay, RefusesBadSeatCountAndFailedCreate) {
  const auto game = testgame::highcard_definition();
  MatchSetup one_seat = highcard_setup(1);
  one_seat.seats.resize(1);
  std::string error;
  EXPECT_EQ(replay(game, one_seat, {}, &error), nullptr);
  EXPECT_FALSE(error.empty());
  MatchSetup no_deck = highcard_setup(1);
  no_deck.seats[0].deck.reset();
  EXPECT_EQ(replay(game, no_deck, {}, &error), nullptr);
  EXPECT_EQ(error, "the game could not create the match");
}

}  // namespace
}  // namespace concord::rules
