// Options: resolution with every error listed, defaults, accessors, text.
#include <gtest/gtest.h>

#include <stdexcept>

#include "concord/rules/options.hpp"

namespace concord::rules {
namespace {

std::vector<OptionSpec> schema() {
  return {{"rounds", "", OptionSpec::Kind::Integer, "3", 1, 9, {}},
          {"mode", "", OptionSpec::Kind::Choice, "fast", 0, 0, {"fast", "slow"}},
          {"timer", "", OptionSpec::Kind::Boolean, "false", 0, 0, {}}};
}

TEST(Options, DefaultsFilled) {
  const auto r = resolve_options(schema(), {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.values, (OptionValues{{"rounds", "3"}, {"mode", "fast"}, {"timer", "false"}}));
}

TEST(Options, GivenValuesKept) {
  const auto r = resolve_options(schema(), {{"rounds", "9"}, {"mode", "slow"}, {"timer", "true"}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(option_int(r.values, "rounds"), 9);
  EXPECT_EQ(r.values.at("mode"), "slow");
  EXPECT_TRUE(option_bool(r.values, "timer"));
}

TEST(Options, IntegersAreCanonicalized) {
  const auto r = resolve_options(schema(), {{"rounds", "007"}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.values.at("rounds"), "7");
}

TEST(Options, UnknownOption) {
  const auto r = resolve_options(schema(), {{"colour", "red"}});
  EXPECT_EQ(r.errors, (std::vector<std::string>{"option 'colour': unknown option"}));
}

TEST(Options, OutOfRange) {
  const auto r = resolve_options(schema(), {{"rounds", "10"}});
  EXPECT_EQ(r.errors, (std::vector<std::string>{"option 'rounds': must be between 1 and 9"}));
  EXPECT_FALSE(resolve_options(schema(), {{"rounds", "0"}}).ok());
}

TEST(Options, NotAnInteger) {
  for (const char* bad : {"", "x", "3x", "+3", " 3", "99999999999999999999"}) {
    EXPECT_FALSE(resolve_options(schema(), {{"rounds", bad}}).ok()) << bad;
  }
}

TEST(Options, BadChoice) {
  const auto r = resolve_options(schema(), {{"mode", "medium"}});
  EXPECT_EQ(r.errors,
            (std::vector<std::string>{"option 'mode': 'medium' is not one of fast, slow"}));
}

TEST(Options, BadBoolean) {
  EXPECT_FALSE(resolve_options(schema(), {{"timer", "yes"}}).ok());
}

TEST(Options, EveryErrorListed) {
  const auto r = resolve_options(
      schema(), {{"rounds", "0"}, {"mode", "x"}, {"timer", "1"}, {"a", "1"}, {"b", "2"}});
  EXPECT_EQ(r.errors.size(), 5u);
  EXPECT_EQ(r.values.size(), 0u);
}

TEST(Options, AccessorsThrowOnProgrammingErrors) {
  EXPECT_THROW(option_int({}, "rounds"), std::out_of_range);
  EXPECT_THROW(option_bool({}, "timer"), std::out_of_range);
  EXPECT_THROW(option_int({{"rounds", "x"}}, "rounds"), std::invalid_argument);
}

TEST(Options, TextRoundTrip) {
  const OptionValues v{{"rounds", "3"}, {"mode", "a=b"}, {"empty", ""}};
  EXPECT_EQ(options_to_text(v), "empty=\nmode=a=b\nrounds=3\n");
  EXPECT_EQ(options_from_text(options_to_text(v)), v);
  EXPECT_EQ(options_from_text(""), OptionValues{});
  EXPECT_EQ(options_from_text("junk\nx=1\r\n"), (OptionValues{{"x", "1"}}));
}

}  // namespace
}  // namespace concord::rules
