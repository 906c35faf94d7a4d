// check_answer_shape: the game-independent validation of an answer.
#include <algorithm>
#include <set>

#include "concord/rules/types.hpp"

namespace concord::rules {

namespace {

std::optional<Rejection> check_count(const Prompt& prompt, const Answer& answer) {
  const std::size_t n = answer.choices.size();
  if (n >= prompt.min_choices && n <= prompt.max_choices) return std::nullopt;
  return Rejection{"WRONG_CHOICE_COUNT",
                   "choose between " + std::to_string(prompt.min_choices) + " and " +
                       std::to_string(prompt.max_choices) + " options, got " + std::to_string(n)};
}

const PromptOption* find_option(const Prompt& prompt, const std::string& id) {
  auto it = std::find_if(prompt.options.begin(), prompt.options.end(),
                         [&](const PromptOption& o) { return o.id == id; });
  return it == prompt.options.end() ? nullptr : &*it;
}

std::optional<Rejection> check_value(const PromptOption& option, const Choice& choice) {
  if (!option.range) return std::nullopt;  // value ignored for options without a range
  if (choice.value >= option.range->min && choice.value <= option.range->max) return std::nullopt;
  return Rejection{"VALUE_OUT_OF_RANGE",
                   "value " + std::to_string(choice.value) + " for '" + option.id +
                       "' must be between " + std::to_string(option.range->min) + " and " +
                       std::to_string(option.range->max)};
}

std::optional<Rejection> check_choice(const Prompt& prompt, const Choice& choice,
                                      std::set<std::string>& seen) {
  const PromptOption* option = find_option(prompt, choice.option_id);
  if (!option) return Rejection{"UNKNOWN_OPTION", "no option '" + choice.option_id + "'"};
  if (!seen.insert(choice.option_id).second) {
    return Rejection{"DUPLICATE_CHOICE", "option '" + choice.option_id + "' chosen twice"};
  }
  return check_value(*option, choice);
}

}  // namespace

std::optional<Rejection> check_answer_shape(const Prompt& prompt, const Answer& answer) {
  if (auto r = check_count(prompt, answer)) return r;
  std::set<std::string> seen;
  for (const auto& choice : answer.choices) {
    if (auto r = check_choice(prompt, choice, seen)) return r;
  }
  return std::nullopt;
}

}  // namespace concord::rules
