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

Rejection malformed(const std::string& why) { return Rejection{"MALFORMED_PROMPT", why}; }

}  // namespace

std::optional<Rejection> check_prompt(const Prompt& prompt) {
  if (prompt.min_choices > prompt.max_choices) {
    return malformed("prompt '" + prompt.kind + "': min_choices " + std::to_string(prompt.min_choices) +
                     " > max_choices " + std::to_string(prompt.max_choices));
  }
  if (prompt.min_choices > prompt.options.size()) {
    return malformed("prompt '" + prompt.kind + "': " + std::to_string(prompt.min_choices) +
                     " choices required of " + std::to_string(prompt.options.size()) + " options");
  }
  std::set<std::string> ids;
  for (const auto& o : prompt.options) {
    if (o.id.empty()) return malformed("prompt '" + prompt.kind + "': an option has an empty id");
    if (o.id.find_first_of(" \t\r\n=") != std::string::npos) {
      return malformed("prompt '" + prompt.kind + "': option id '" + o.id + "' holds whitespace or '='");
    }
    if (!ids.insert(o.id).second) {
      return malformed("prompt '" + prompt.kind + "': option id '" + o.id + "' appears twice");
    }
    if (o.range && o.range->min > o.range->max) {
      return malformed("prompt '" + prompt.kind + "': option '" + o.id + "' has an empty range");
    }
  }
  for (const auto& set : prompt.legal_sets) {
    if (set.size() < prompt.min_choices || set.size() > prompt.max_choices) {
      return malformed("prompt '" + prompt.kind + "': a legal set of " + std::to_string(set.size()) +
                       " options is outside the choice bounds");
    }
    std::set<std::string> in_set;
    for (const auto& id : set) {
      if (!ids.count(id)) return malformed("prompt '" + prompt.kind + "': legal set names unknown option '" + id + "'");
      if (!in_set.insert(id).second) return malformed("prompt '" + prompt.kind + "': legal set repeats '" + id + "'");
    }
  }
  return std::nullopt;
}

std::optional<Rejection> check_answer_shape(const Prompt& prompt, const Answer& answer) {
  if (auto r = check_count(prompt, answer)) return r;
  std::set<std::string> seen;
  for (const auto& choice : answer.choices) {
    if (auto r = check_choice(prompt, choice, seen)) return r;
  }
  return std::nullopt;
}

}  // namespace concord::rules
