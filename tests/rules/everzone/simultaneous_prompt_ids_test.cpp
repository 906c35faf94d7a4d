// Protocol 1.1's per-seat prompt ids (rules/core PromptIds) with EverZone,
// whose seats deploy, activate and clash at the same time. Issue: "in 1,000
// seeded EverZone matches with 2, 3 and 4 seats where every seat answers at
// once, no answer to an unchanged prompt is ever refused."
//
// Each round, every seat with a prompt chooses its answer against the same
// snapshot (prompt and id), then the answers arrive in a random order, each
// checked as the server checks it: against the seat's current prompt id.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "botplay/bot_play.hpp"
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"
#include "concord/rules/bot.hpp"
#include "concord/rules/prompt_ids.hpp"

namespace concord::everzone {
namespace {

rules::MatchSetup setup_for(int players, std::uint64_t n, rules::Rng& rng) {
  static const auto decks = ready_made_decks();
  const auto def = definition();
  rules::MatchSetup setup;
  setup.options = rules::resolve_options(def.options_for(players), {}).values;
  for (int i = 0; i < players; ++i) setup.seats.push_back({"p" + std::to_string(i), decks[rng.below(decks.size())]});
  setup.seed = testsupport::seed_from_number(n);
  return setup;
}

struct Snapshot {
  rules::SeatIndex seat = 0;
  rules::Prompt prompt;
  std::uint64_t id = 0;
};

struct Tally {
  std::size_t accepted = 0;
  std::size_t stale = 0;             // prompt really changed before the answer arrived
  std::size_t unchanged_refused = 0;  // must stay 0
};

std::vector<Snapshot> snapshot(const rules::Match& match, const rules::PromptIds& ids) {
  std::vector<Snapshot> out;
  for (int seat = 0; seat < match.seat_count(); ++seat) {
    if (auto prompt = match.prompt(seat)) out.push_back({seat, *prompt, ids.id(seat)});
  }
  return out;
}

// One seat's answer arriving: retried with fresh random answers (as a client
// does after a rule refusal) while its prompt id stays the one it saw.
void deliver(rules::Match& match, rules::PromptIds& ids, std::uint64_t& index, const Snapshot& seen,
             rules::Rng& rng, Tally& tally) {
  for (int attempt = 0; attempt < 40; ++attempt) {
    const bool unchanged = match.prompt(seen.seat) == std::optional<rules::Prompt>(seen.prompt);
    if (ids.id(seen.seat) != seen.id) {
      if (unchanged && attempt == 0) ++tally.unchanged_refused;
      ++tally.stale;
      return;
    }
    ASSERT_TRUE(unchanged) << "the id stayed while seat " << seen.seat << "'s prompt changed";
    rules::Command command{rules::Command::Kind::Answer, seen.seat, rules::random_answer(seen.prompt, rng)};
    const auto before = match.state_hash();
    if (rules::apply(match, command).accepted) {
      ids.after_command(match, command, ++index);
      ++tally.accepted;
      return;
    }
    ASSERT_EQ(match.state_hash(), before) << "a refused answer changed the state";
  }
}

Tally play_simultaneously(int players, std::uint64_t n) {
  rules::Rng rng(testsupport::seed_from_number(n * 7 + 1));
  auto match = definition().create(setup_for(players, n, rng));
  EXPECT_NE(match, nullptr);
  Tally tally;
  if (!match) return tally;
  rules::PromptIds ids(*match, 0);
  std::uint64_t index = 0;
  for (int round = 0; round < 3000 && !match->finished(); ++round) {
    auto seen = snapshot(*match, ids);
    if (seen.empty()) break;
    for (std::size_t i = seen.size(); i > 1; --i) std::swap(seen[i - 1], seen[rng.below(i)]);
    for (const auto& s : seen) {
      deliver(*match, ids, index, s, rng, tally);
      if (match->finished()) break;
    }
  }
  return tally;
}

TEST(SimultaneousPromptIds, NoAnswerToAnUnchangedPromptIsRefusedIn1000MatchesOf2To4Seats) {
  const int games = testsupport::bot_game_count(1000, 60);
  Tally total;
  for (int g = 0; g < games; ++g) {
    const int players = 2 + g % 3;  // 2, 3 and 4 (2-vs-2) seats
    const auto tally = play_simultaneously(players, static_cast<std::uint64_t>(g));
    if (::testing::Test::HasFatalFailure()) return;
    total.accepted += tally.accepted;
    total.stale += tally.stale;
    total.unchanged_refused += tally.unchanged_refused;
  }
  EXPECT_EQ(total.unchanged_refused, 0u);
  EXPECT_GT(total.accepted, static_cast<std::size_t>(games) * 10);
  std::cout << games << " matches: " << total.accepted << " answers accepted, " << total.stale
            << " refused as stale because the seat's prompt had changed\n";
}

// The other direction: a seat's own accepted answer always gives it a new id,
// even when its next prompt looks the same (a second "pass" is not the first).
TEST(SimultaneousPromptIds, ASeatsOwnAnswerAlwaysRenewsItsPromptId) {
  rules::Rng rng(testsupport::seed_from_number(99));
  auto match = definition().create(setup_for(2, 99, rng));
  ASSERT_NE(match, nullptr);
  rules::PromptIds ids(*match, 0);
  std::uint64_t index = 0;
  for (int step = 0; step < 500 && !match->finished(); ++step) {
    const auto seen = snapshot(*match, ids);
    ASSERT_FALSE(seen.empty());
    const auto& s = seen[rng.below(seen.size())];
    rules::Command command{rules::Command::Kind::Answer, s.seat, rules::random_answer(s.prompt, rng)};
    if (!rules::apply(*match, command).accepted) continue;
    ids.after_command(*match, command, ++index);
    EXPECT_NE(ids.id(s.seat), s.id) << "step " << step;
    if (match->prompt(s.seat)) {
      EXPECT_EQ(ids.id(s.seat), index + 1);
    }
  }
}

}  // namespace
}  // namespace concord::everzone
