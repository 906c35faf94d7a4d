// Property tests over seeded random-bot games: invariants at every step
// (no negative wallet, every card in exactly one zone, at most one open
// prompt), rejected answers change nothing, replay from the log equals the
// original, and no view or event shows another seat's hidden cards.
#include <set>

#include "concord/eve/eve_view.hpp"
#include "concord/rules/bot.hpp"
#include "concord/rules/registry.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;
using rules::Viewer;

rules::MatchSetup random_setup(std::uint64_t n) {
  rules::Rng rng(testsupport::seed_from_number(n * 7919 + 1));
  const auto decks = standard_decks();
  const int seats = rng.below(4) == 0 ? static_cast<int>(rng.between(3, 4)) : 2;
  rules::MatchSetup setup;
  for (int s = 0; s < seats; ++s) setup.seats.push_back({"bot", decks[rng.below(decks.size())]});
  setup.seed = testsupport::seed_from_number(n);
  return setup;
}

const EveMatch& eve(const rules::Match& m) { return dynamic_cast<const EveMatch&>(m); }

// Every card instance is in exactly one zone list.
void check_zones(const GameState& st) {
  std::vector<int> seen(st.cards.size(), 0);
  auto count = [&](const std::vector<CardId>& zone) {
    for (CardId id : zone) ++seen.at(id);
  };
  for (const auto& s : st.seats) {
    for (const auto* z : {&s.market, &s.hand, &s.scrapheap, &s.docks, &s.structures, &s.news}) {
      count(*z);
    }
  }
  for (const auto& r : st.regions) {
    count(r.locations);
    count(r.ships);
  }
  for (const auto& p : st.pile) {
    if (p.kind == PileItem::Kind::Card) ++seen.at(p.card);
  }
  for (std::size_t i = 0; i < seen.size(); ++i) {
    ASSERT_EQ(seen[i], 1) << card_ref(static_cast<CardId>(i)) << " is in " << seen[i] << " zones";
  }
}

void check_invariants(const rules::Match& m) {
  const GameState& st = eve(m).state();
  for (const auto& s : st.seats) ASSERT_GE(s.wallet, 0);
  check_zones(st);
  int prompted = 0;
  for (SeatIndex s = 0; s < m.seat_count(); ++s) prompted += m.prompt(s) ? 1 : 0;
  ASSERT_LE(prompted, 1);
  ASSERT_EQ(prompted == 0, m.finished());
}

// True if `text` mentions the card ref as a whole word ("c12" but not "c123").
bool mentions(const std::string& text, CardId id) {
  const std::string ref = card_ref(id);
  for (auto pos = text.find(ref); pos != std::string::npos; pos = text.find(ref, pos + 1)) {
    const auto end = pos + ref.size();
    const bool starts = pos == 0 || !std::isalnum(static_cast<unsigned char>(text[pos - 1]));
    if (starts && (end == text.size() || !std::isdigit(static_cast<unsigned char>(text[end])))) {
      return true;
    }
  }
  return false;
}

std::vector<CardId> hidden_of(const GameState& st, SeatIndex seat) {
  std::vector<CardId> out = st.seats[seat].hand;
  out.insert(out.end(), st.seats[seat].market.begin(), st.seats[seat].market.end());
  return out;
}

void check_views(const rules::Match& m) {
  const GameState& st = eve(m).state();
  std::vector<Viewer> viewers = {Viewer::spectator()};
  for (SeatIndex s = 0; s < m.seat_count(); ++s) viewers.push_back(Viewer::of_seat(s));
  for (const auto& viewer : viewers) {
    auto base = m.view(viewer);
    const auto& v = dynamic_cast<const EveView&>(*base);
    const std::string text = v.to_text();
    for (SeatIndex s = 0; s < m.seat_count(); ++s) {
      if (viewer.kind == Viewer::Kind::Seat && viewer.seat == s) continue;
      ASSERT_FALSE(v.seats[s].hand || v.seats[s].market || v.seats[s].offdeck);
      ASSERT_EQ(v.seats[s].upgrade_name.has_value(), st.seats[s].upgraded);
      for (CardId id : hidden_of(st, s)) ASSERT_FALSE(mentions(text, id)) << card_ref(id);
    }
  }
}

// Events everyone may see never name a card that is now hidden in a hand or market.
void check_events(const GameState& st, const rules::Outcome& out) {
  for (const auto& e : out.events) {
    // A card returned from play to a hand was public when it left play.
    if (e.visibility.kind != rules::Visibility::Kind::All || e.kind == "returned_to_hand") continue;
    for (SeatIndex s = 0; s < static_cast<SeatIndex>(st.seats.size()); ++s) {
      for (CardId id : hidden_of(st, s)) ASSERT_FALSE(mentions(e.text, id)) << e.text;
    }
  }
}

TEST(EveBots, InvariantsHoldAndNothingHiddenLeaksInRandomGames) {
  const auto def = definition();
  int finished = 0;
  for (std::uint64_t n = 0; n < 3; ++n) {
    rules::Rng bot(testsupport::seed_from_number(1000 + n));
    testsupport::BotPlayOptions opt;
    opt.max_commands = 3000;
    opt.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted) {
        ASSERT_EQ(step.match.state_hash(), step.hash_before);
      }
      check_invariants(step.match);
      check_views(step.match);
      check_events(eve(step.match).state(), step.outcome);
    };
    auto game = testsupport::play_random(def, random_setup(n), bot, opt);
    ASSERT_TRUE(game.match);
    if (HasFatalFailure()) return;
    finished += game.match->finished() ? 1 : 0;
  }
  EXPECT_GT(finished, 0);
}

TEST(EveBots, ReplayFromTheLogEqualsTheOriginal) {
  const auto def = definition();
  for (std::uint64_t n = 100; n < 108; ++n) {
    rules::Rng bot(testsupport::seed_from_number(n));
    testsupport::BotPlayOptions opt;
    opt.max_commands = 2500;
    opt.concede_one_in = 2000;
    const auto setup = random_setup(n);
    auto game = testsupport::play_random(def, setup, bot, opt);
    ASSERT_TRUE(game.match);
    std::string error;
    auto again = rules::replay(def, setup, game.log, &error);
    ASSERT_NE(again, nullptr) << error;
    EXPECT_EQ(again->state_hash(), game.match->state_hash()) << "game " << n;
    // The saved position resumes the same state, too.
    auto resumed = load_position(save_position(eve(*game.match)), &error);
    ASSERT_NE(resumed, nullptr) << error;
    EXPECT_EQ(resumed->state_hash(), game.match->state_hash());
  }
}

// Wrong seat, unknown options, wrong shapes and illegal actions are refused
// with the state untouched, at every step of random games.
TEST(EveBots, RejectedAnswersLeaveTheStateHashUnchanged) {
  const auto def = definition();
  for (std::uint64_t n = 200; n < 202; ++n) {
    auto m = def.create(random_setup(n));
    rules::Rng rng(testsupport::seed_from_number(n));
    for (int i = 0; i < 1000 && !m->finished(); ++i) {
      SeatIndex seat = 0;
      while (!m->prompt(seat)) ++seat;
      const auto p = *m->prompt(seat);
      const std::string before = m->state_hash();
      const SeatIndex other = (seat + 1) % m->seat_count();
      const std::vector<rules::Answer> bad = {
          pick("no_such_option"), pick("play:c99999"), pick("region:nowhere"),
          pick("play:c1@nowhere"), rules::Answer{}, pick("upgrade")};
      for (const auto& a : bad) {
        const auto out = m->submit(seat, a);
        if (!out.accepted) {
          ASSERT_EQ(m->state_hash(), before) << out.rejection->code;
        }
        if (out.accepted) break;  // "upgrade" may be legal; then the game moved on
      }
      if (m->state_hash() != before) continue;
      ASSERT_FALSE(m->submit(other, rules::random_answer(p, rng)).accepted);
      ASSERT_EQ(m->state_hash(), before);
      ASSERT_TRUE(m->submit(seat, rules::random_answer(p, rng)).accepted);
    }
  }
}

}  // namespace
}  // namespace concord::eve
