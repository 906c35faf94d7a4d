// Counter Duel: turn order, the total, refusals, the end, concession, hidden
// secrets, determinism and random-bot properties.
#include <gtest/gtest.h>

#include <set>

#include "botplay/bot_play.hpp"
#include "counterduel/counterduel.hpp"

namespace concord::counterduel {
namespace {

using rules::Viewer;

rules::MatchSetup setup_of(std::uint64_t seed = 7) {
  rules::MatchSetup setup;
  setup.seats = {{"ann", std::nullopt}, {"bob", std::nullopt}};
  setup.seed = testsupport::seed_from_number(seed);
  return setup;
}

std::unique_ptr<rules::Match> create(std::uint64_t seed = 7) { return counterduel_definition().create(setup_of(seed)); }

rules::Answer add(std::int64_t k) { return rules::Answer{{rules::Choice{"add", k}}}; }

std::unique_ptr<CounterDuelView> view_of(const rules::Match& m, const Viewer& viewer) {
  auto base = m.view(viewer);
  auto* v = dynamic_cast<CounterDuelView*>(base.get());
  if (!v) return nullptr;
  base.release();
  return std::unique_ptr<CounterDuelView>(v);
}

std::string code_of(const rules::Outcome& outcome) {
  return outcome.rejection ? outcome.rejection->code : std::string("ACCEPTED");
}

TEST(CounterDuel, DefinitionHasTwoSeatsNoDeckNoOptions) {
  const auto def = counterduel_definition();
  EXPECT_EQ(def.id, "test_counterduel");
  EXPECT_EQ(def.min_seats, 2);
  EXPECT_EQ(def.max_seats, 2);
  EXPECT_FALSE(def.needs_deck);
  EXPECT_TRUE(def.options.empty());
  rules::MatchSetup three = setup_of();
  three.seats.push_back({"cy", std::nullopt});
  EXPECT_EQ(def.create(three), nullptr);
}

TEST(CounterDuel, SeatZeroMovesFirstWithOneRangedOption) {
  const auto m = create();
  ASSERT_TRUE(m->prompt(0).has_value());
  EXPECT_FALSE(m->prompt(1).has_value());
  const auto p = *m->prompt(0);
  EXPECT_EQ(p.kind, "move");
  ASSERT_EQ(p.options.size(), 1u);
  EXPECT_EQ(p.options[0].id, "add");
  EXPECT_EQ(p.options[0].range, (rules::ValueRange{1, 3}));
}

TEST(CounterDuel, AMoveAddsToTheTotalCountsAndPassesTheTurn) {
  const auto m = create();
  ASSERT_TRUE(m->submit(0, add(3)).accepted);
  auto v = view_of(*m, Viewer::spectator());
  EXPECT_EQ(v->total, 3);
  EXPECT_EQ(v->moves, 1u);
  EXPECT_EQ(v->active_seat, 1);
  EXPECT_FALSE(m->prompt(0).has_value());
  const auto outcome = m->submit(1, add(1));
  ASSERT_TRUE(outcome.accepted);
  ASSERT_EQ(outcome.events.size(), 1u);
  EXPECT_EQ(outcome.events[0].kind, "moved");
  const auto* data = dynamic_cast<const CounterDuelEvent*>(outcome.events[0].data.get());
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->seat, 1);
  EXPECT_EQ(data->step, 1);
  EXPECT_EQ(data->total, 4);
  v = view_of(*m, Viewer::spectator());
  EXPECT_EQ(v->total, 4);
  EXPECT_EQ(v->moves, 2u);
  EXPECT_EQ(v->active_seat, 0);
}

TEST(CounterDuel, OutOfTurnAndOutOfRangeAreRefusedWithoutChange) {
  const auto m = create();
  const std::string before = m->state_hash();
  EXPECT_EQ(code_of(m->submit(1, add(1))), "NOT_YOUR_TURN");
  EXPECT_EQ(code_of(m->submit(0, add(0))), "VALUE_OUT_OF_RANGE");
  EXPECT_EQ(code_of(m->submit(0, add(4))), "VALUE_OUT_OF_RANGE");
  EXPECT_EQ(code_of(m->submit(0, rules::Answer{{rules::Choice{"take", 1}}})), "UNKNOWN_OPTION");
  EXPECT_EQ(code_of(m->submit(0, rules::Answer{})), "WRONG_CHOICE_COUNT");
  EXPECT_EQ(code_of(m->submit(2, add(1))), "INVALID_SEAT");
  EXPECT_EQ(m->state_hash(), before);
  EXPECT_EQ(view_of(*m, Viewer::judge())->moves, 0u);
}

TEST(CounterDuel, TheMoverWhoReachesOneHundredWinsAndLaterMovesAreRefused) {
  const auto m = create();
  int seat = 0;
  while (view_of(*m, Viewer::judge())->total < 99) {
    ASSERT_TRUE(m->submit(seat, add(3)).accepted);
    seat = 1 - seat;
  }
  // 33 moves of 3 make 99; the 34th mover (seat 1) reaches 102.
  EXPECT_FALSE(m->finished());
  EXPECT_EQ(seat, 1);
  const auto last = m->submit(seat, add(3));
  ASSERT_TRUE(last.accepted);
  ASSERT_EQ(last.events.size(), 2u);
  EXPECT_EQ(last.events[1].kind, "match_ended");
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<int>{1});
  EXPECT_EQ(m->result()->reason, "target_reached");
  const auto v = view_of(*m, Viewer::spectator());
  EXPECT_EQ(v->total, 102);
  EXPECT_EQ(v->moves, 34u);
  EXPECT_EQ(v->winner, 1);
  EXPECT_EQ(v->active_seat, -1);
  const std::string after = m->state_hash();
  EXPECT_EQ(code_of(m->submit(0, add(1))), "NO_PROMPT");
  EXPECT_EQ(code_of(m->submit(1, add(1))), "NO_PROMPT");
  EXPECT_EQ(code_of(m->concede(0)), "MATCH_OVER");
  EXPECT_FALSE(m->prompt(0) || m->prompt(1));
  EXPECT_EQ(m->state_hash(), after);
}

TEST(CounterDuel, ConcedingHandsTheOtherSeatTheWin) {
  const auto m = create();
  ASSERT_TRUE(m->submit(0, add(2)).accepted);
  ASSERT_TRUE(m->concede(1).accepted);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<int>{0});
  EXPECT_EQ(m->result()->reason, "conceded");
}

TEST(CounterDuel, EachSeatSeesOnlyItsOwnSecret) {
  const auto m = create(11);
  const auto judge = view_of(*m, Viewer::judge());
  ASSERT_TRUE(judge->seats[0].secret && judge->seats[1].secret);
  for (int seat = 0; seat < 2; ++seat) {
    const auto secret = *judge->seats[seat].secret;
    EXPECT_GE(secret, 1);
    EXPECT_LE(secret, kSecretMax);
    const auto own = view_of(*m, Viewer::of_seat(seat));
    EXPECT_EQ(own->seats[seat].secret, secret);
    EXPECT_FALSE(own->seats[1 - seat].secret.has_value());
    const std::string other_text = view_of(*m, Viewer::of_seat(1 - seat))->to_text();
    EXPECT_EQ(other_text.find("secret " + std::to_string(secret)), std::string::npos);
    EXPECT_NE(own->to_text().find("secret " + std::to_string(secret)), std::string::npos);
  }
  const auto spectator = view_of(*m, Viewer::spectator());
  EXPECT_FALSE(spectator->seats[0].secret || spectator->seats[1].secret);
  EXPECT_EQ(spectator->to_text().find("secret"), std::string::npos);
}

TEST(CounterDuel, SecretsComeFromTheSeedAndChangeTheStateHash) {
  const auto a = create(1);
  const auto b = create(1);
  EXPECT_EQ(a->state_hash(), b->state_hash());
  std::set<std::pair<std::int64_t, std::int64_t>> secrets;
  std::set<std::string> hashes;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const auto m = create(seed);
    const auto v = view_of(*m, Viewer::judge());
    secrets.insert({*v->seats[0].secret, *v->seats[1].secret});
    hashes.insert(m->state_hash());
  }
  EXPECT_GT(secrets.size(), 15u);
  EXPECT_EQ(hashes.size(), secrets.size());
}

TEST(CounterDuel, RandomBotGamesEndAtTheTargetAndReplayExactly) {
  const auto def = counterduel_definition();
  const int games = testsupport::bot_game_count(300, 50);
  for (int game = 0; game < games; ++game) {
    const auto setup = setup_of(static_cast<std::uint64_t>(game));
    rules::Rng bot_rng(testsupport::seed_from_number(1000 + static_cast<std::uint64_t>(game)));
    int last_mover = -1;
    testsupport::BotPlayOptions options;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (step.outcome.accepted) last_mover = step.command.seat;
    };
    const auto played = testsupport::play_random(def, setup, bot_rng, options);
    ASSERT_TRUE(played.match && played.match->finished()) << "game " << game;
    const auto v = view_of(*played.match, Viewer::judge());
    EXPECT_GE(v->total, kTarget);
    EXPECT_LE(v->total, kTarget + kMaxStep - 1);
    EXPECT_EQ(v->moves, played.log.size());
    EXPECT_EQ(played.match->result()->winners, std::vector<int>{last_mover});
    const auto replayed = rules::replay(def, setup, played.log);
    ASSERT_NE(replayed, nullptr);
    EXPECT_EQ(replayed->state_hash(), played.match->state_hash());
  }
}

}  // namespace
}  // namespace concord::counterduel
