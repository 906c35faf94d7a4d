// check_prompt: option ids in a prompt are unique (issue 12, section 3: Ahremen
// Arkah's ability was offered twice), checked once in rules/core for every game
// by rules::apply; each game's property test asserts it for every prompt it meets.
#include <gtest/gtest.h>

#include <memory>

#include <set>

#include "concord/rules/bot.hpp"
#include "concord/rules/match.hpp"

namespace concord::rules {
namespace {

Prompt with_ids(std::vector<std::string> ids, unsigned min = 1, unsigned max = 1) {
  Prompt p{"priority", "", min, max, {}};
  for (auto& id : ids) p.options.push_back({id, id, std::nullopt});
  return p;
}

TEST(CheckPrompt, UniqueIdsPass) { EXPECT_FALSE(check_prompt(with_ids({"pass", "ability:c1:0"}))); }

TEST(CheckPrompt, OptionIdsInAPromptAreUnique) {
  const auto r = check_prompt(with_ids({"pass", "ability:c1:0", "ability:c1:0"}));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, "MALFORMED_PROMPT");
  EXPECT_NE(r->message.find("ability:c1:0"), std::string::npos);
}

// Repeated ids are found by comparing pairs among a few options and by
// sorting among many; either way the message names the first id repeated.
TEST(CheckPrompt, RepeatedIdsAreFoundAmongFewAndManyOptions) {
  for (const std::size_t count : {2u, 8u, 9u, 40u}) {
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < count; ++i) ids.push_back("o" + std::to_string(i));
    EXPECT_FALSE(check_prompt(with_ids(ids))) << count;
    ids.push_back("o1");
    ids.push_back("o0");
    const auto r = check_prompt(with_ids(ids));
    ASSERT_TRUE(r) << count;
    EXPECT_NE(r->message.find("'o1' appears twice"), std::string::npos) << count << ": " << r->message;
  }
}

TEST(CheckPrompt, LegalSetsNameDistinctOptionsWithinTheBounds) {
  Prompt p = with_ids({"a", "b", "c"}, 1, 2);
  p.legal_sets = {{"a"}, {"b", "c"}};
  EXPECT_FALSE(check_prompt(p));
  p.legal_sets = {{"a"}, {"b", "z"}};
  ASSERT_TRUE(check_prompt(p));
  EXPECT_NE(check_prompt(p)->message.find("unknown option 'z'"), std::string::npos);
  p.legal_sets = {{"c", "c"}};
  ASSERT_TRUE(check_prompt(p));
  EXPECT_NE(check_prompt(p)->message.find("repeats 'c'"), std::string::npos);
  p.legal_sets = {{"a", "b", "c"}};
  ASSERT_TRUE(check_prompt(p));
  EXPECT_NE(check_prompt(p)->message.find("outside the choice bounds"), std::string::npos);
}

TEST(CheckPrompt, EmptyIdsWhitespaceAndEqualsAreRefused) {
  EXPECT_TRUE(check_prompt(with_ids({""})));
  EXPECT_TRUE(check_prompt(with_ids({"a b"})));
  EXPECT_TRUE(check_prompt(with_ids({"x=1"})));
}

TEST(CheckPrompt, ChoiceBoundsAndRangesMustBeSatisfiable) {
  EXPECT_TRUE(check_prompt(with_ids({"a", "b"}, 2, 1)));
  EXPECT_TRUE(check_prompt(with_ids({"a"}, 2, 2)));
  EXPECT_FALSE(check_prompt(with_ids({}, 0, 0)));
  Prompt p = with_ids({"x"});
  p.options[0].range = ValueRange{3, 2};
  EXPECT_TRUE(check_prompt(p));
}

// A game whose prompt repeats an option id: apply refuses every answer with
// MALFORMED_PROMPT before the game sees it.
class DuplicateIdGame : public Match {
 public:
  std::optional<Prompt> prompt(SeatIndex) const override { return with_ids({"go", "go"}); }
  Outcome submit(SeatIndex, const Answer&) override {
    ++submitted;
    return Outcome::accept();
  }
  Outcome concede(SeatIndex) override { return Outcome::accept(); }
  std::unique_ptr<View> view(const Viewer&) const override { return nullptr; }
  std::string state_hash_as(StateHashVersion) const override { return "h"; }
  bool finished() const override { return false; }
  std::optional<MatchResult> result() const override { return std::nullopt; }
  int seat_count() const override { return 1; }
  int submitted = 0;
};

TEST(CheckPrompt, ApplyRefusesAnswersToAMalformedPromptForEveryGame) {
  DuplicateIdGame game;
  Command c;
  c.answer.choices = {{"go", 0}};
  const auto out = apply(game, c);
  ASSERT_FALSE(out.accepted);
  EXPECT_EQ(out.rejection->code, "MALFORMED_PROMPT");
  EXPECT_EQ(game.submitted, 0);
}

}  // namespace
}  // namespace concord::rules

namespace concord::rules {
namespace {

// A prompt stating its legal combinations (Prompt::legal_sets): the random bot
// answers only with one of them; check_prompt refuses sets that name unknown
// options or break the choice bounds.
TEST(CheckPrompt, LegalSetsAreCheckedAndTheRandomBotAnswersOnlyWithThem) {
  Prompt p = with_ids({"c1", "c2", "c3"}, 1, 3);
  p.legal_sets = {{"c1"}, {"c2", "c3"}};
  EXPECT_FALSE(check_prompt(p));
  Rng rng(Seed{});
  std::set<std::vector<std::string>> seen;
  for (int i = 0; i < 200; ++i) {
    std::vector<std::string> ids;
    for (const auto& c : random_answer(p, rng).choices) ids.push_back(c.option_id);
    ASSERT_TRUE(ids == std::vector<std::string>{"c1"} || ids == (std::vector<std::string>{"c2", "c3"}));
    seen.insert(ids);
  }
  EXPECT_EQ(seen.size(), 2u);
  Prompt unknown = p;
  unknown.legal_sets = {{"c9"}};
  EXPECT_TRUE(check_prompt(unknown));
  Prompt too_many = p;
  too_many.max_choices = 1;
  EXPECT_TRUE(check_prompt(too_many));
}

}  // namespace
}  // namespace concord::rules
