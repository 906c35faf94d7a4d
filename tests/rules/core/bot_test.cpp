// random_answer: always a well-formed answer, deterministic, covers shapes.
#include <gtest/gtest.h>

#include <set>

#include "concord/rules/bot.hpp"

namespace concord::rules {
namespace {

Prompt prompt(unsigned min, unsigned max) {
  return Prompt{"k", "", min, max,
                {{"a", "", std::nullopt}, {"b", "", std::nullopt}, {"x", "", ValueRange{-2, 5}}}};
}

TEST(RandomAnswer, AlwaysWellFormed) {
  Rng rng(Seed{});
  for (unsigned min = 0; min <= 3; ++min) {
    for (unsigned max = min; max <= 4; ++max) {
      for (int i = 0; i < 200; ++i) {
        const Answer a = random_answer(prompt(min, max), rng);
        ASSERT_FALSE(check_answer_shape(prompt(min, max), a).has_value()) << min << "-" << max;
      }
    }
  }
}

TEST(RandomAnswer, CoversEveryCountAndValue) {
  Rng rng(Seed{});
  std::set<std::size_t> counts;
  std::set<std::int64_t> values;
  for (int i = 0; i < 2000; ++i) {
    const Answer a = random_answer(prompt(0, 3), rng);
    counts.insert(a.choices.size());
    for (const auto& c : a.choices) {
      if (c.option_id == "x") values.insert(c.value);
    }
  }
  EXPECT_EQ(counts, (std::set<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(values.size(), 8u);
}

TEST(RandomAnswer, Deterministic) {
  Rng a(Seed{}), b(Seed{});
  for (int i = 0; i < 50; ++i) EXPECT_EQ(random_answer(prompt(1, 2), a), random_answer(prompt(1, 2), b));
}

}  // namespace
}  // namespace concord::rules
