// The position loader on mutated inputs: it either refuses with a message or
// yields a match whose canonical text loads back to the same hash and whose
// prompts can be computed. It never crashes.
#include "concord/rules/bot.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto nl = text.find('\n', pos);
    out.push_back(text.substr(pos, nl - pos));
    pos = nl == std::string::npos ? text.size() : nl + 1;
  }
  return out;
}

std::string mutate(const std::vector<std::string>& lines, rules::Rng& rng) {
  std::vector<std::string> out = lines;
  const int edits = static_cast<int>(rng.between(1, 3));
  const char* junk[] = {"0", "-1", "99", "yes", "x=", "#", "home9", "c0", "c999", "=", "docks"};
  for (int e = 0; e < edits && !out.empty(); ++e) {
    const std::size_t i = rng.below(out.size());
    switch (rng.below(4)) {
      case 0: out.erase(out.begin() + static_cast<long>(i)); break;
      case 1: out.insert(out.begin() + static_cast<long>(i), out[rng.below(out.size())]); break;
      case 2: {
        std::vector<std::string> w;
        for (std::size_t a = 0, b; a < out[i].size(); a = b + 1) {
          b = out[i].find(' ', a);
          if (b == std::string::npos) b = out[i].size();
          if (b > a) w.push_back(out[i].substr(a, b - a));
        }
        if (w.empty()) break;
        w[rng.below(w.size())] = junk[rng.below(std::size(junk))];
        std::string l;
        for (const auto& x : w) l += x + " ";
        out[i] = l;
        break;
      }
      default: std::swap(out[i], out[rng.below(out.size())]); break;
    }
  }
  std::string text;
  for (const auto& l : out) text += l + "\n";
  return text;
}

TEST(EvePositionFuzz, MutatedPositionsLoadConsistentlyOrFailWithAMessage) {
  rules::Rng rng(testsupport::seed_from_number(77));
  int loaded = 0;
  for (std::uint64_t g = 0; g < 4; ++g) {
    auto m = new_match(300 + g);
    // Play a little so the position has zones, pile items and counters.
    for (int i = 0; i < 120 && !m->finished(); ++i) {
      SeatIndex s = m->state().prompt_seat;
      (void)m->submit(s, rules::random_answer(*m->prompt(s), rng));
    }
    const auto base = lines_of(save_position(*m));
    for (int k = 0; k < 150; ++k) {
      const std::string text = mutate(base, rng);
      std::string error;
      auto p = load_position(text, &error);
      if (!p) {
        EXPECT_FALSE(error.empty());
        continue;
      }
      ++loaded;
      auto again = load_position(save_position(*p), &error);
      ASSERT_NE(again, nullptr) << error << "\n" << text;
      EXPECT_EQ(again->state_hash(), p->state_hash());
      // A loaded position is playable: random answers never crash the engine.
      for (int i = 0; i < 30 && !p->finished(); ++i) {
        const SeatIndex s = p->state().prompt_seat;
        auto prompt = p->prompt(s);
        if (!prompt) break;
        (void)p->submit(s, rules::random_answer(*prompt, rng));
      }
    }
  }
  EXPECT_GT(loaded, 0);
}

// The same for positions in the middle of combat (combat lines, keyword and
// damage items on the pile, combat prompts).
TEST(EvePositionFuzz, MutatedCombatPositionsLoadConsistentlyOrFailWithAMessage) {
  rules::Rng rng(testsupport::seed_from_number(78));
  int loaded = 0;
  int bases = 0;
  for (std::uint64_t g = 0; g < 40 && bases < 6; ++g) {
    auto m = new_match(500 + g);
    for (int i = 0; i < 20000 && !m->finished() && m->state().phase != Phase::Combat; ++i) {
      SeatIndex s = m->state().prompt_seat;
      (void)m->submit(s, rules::random_answer(*m->prompt(s), rng));
    }
    // A few more answers inside the combat.
    for (int i = 0; i < static_cast<int>(rng.below(30)) && !m->finished(); ++i) {
      SeatIndex s = m->state().prompt_seat;
      (void)m->submit(s, rules::random_answer(*m->prompt(s), rng));
    }
    if (m->finished()) continue;
    ++bases;
    const auto base = lines_of(save_position(*m));
    for (int k = 0; k < 100; ++k) {
      const std::string text = mutate(base, rng);
      std::string error;
      auto p = load_position(text, &error);
      if (!p) {
        EXPECT_FALSE(error.empty());
        continue;
      }
      ++loaded;
      auto again = load_position(save_position(*p), &error);
      ASSERT_NE(again, nullptr) << error << "\n" << text;
      EXPECT_EQ(again->state_hash(), p->state_hash());
      for (int i = 0; i < 60 && !p->finished(); ++i) {
        const SeatIndex s = p->state().prompt_seat;
        auto prompt = p->prompt(s);
        if (!prompt) break;
        (void)p->submit(s, rules::random_answer(*prompt, rng));
      }
    }
  }
  EXPECT_GT(bases, 0);
  EXPECT_GT(loaded, 0);
}

}  // namespace
}  // namespace concord::eve
