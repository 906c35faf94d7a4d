// check_answer_shape: the game-independent validation of an answer.
#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

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

// Whether two of `items` have the same id: compared pairwise when there are
// a few, else as sorted views (one allocation). check_prompt and
// check_answer_shape run on every answer, and a set of the ids (a node per
// id) was most of what they cost; the set is now made only to name the
// repeated id when there is one.
template <typename Items, typename Id>
bool has_duplicate_id(const Items& items, Id id) {
  constexpr std::size_t kPairwise = 8;
  if (items.size() <= kPairwise) {
    for (std::size_t i = 1; i < items.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        if (id(items[i]) == id(items[j])) return true;
      }
    }
    return false;
  }
  std::vector<std::string_view> ids;
  ids.reserve(items.size());
  for (const auto& item : items) ids.push_back(id(item));
  std::sort(ids.begin(), ids.end());
  return std::adjacent_find(ids.begin(), ids.end()) != ids.end();
}

// `seen`: the ids of the choices before this one, or null when the answer
// has no repeated id.
std::optional<Rejection> check_choice(const Prompt& prompt, const Choice& choice,
                                      std::set<std::string>* seen) {
  const PromptOption* option = find_option(prompt, choice.option_id);
  if (!option) return Rejection{"UNKNOWN_OPTION", "no option '" + choice.option_id + "'"};
  if (seen && !seen->insert(choice.option_id).second) {
    return Rejection{"DUPLICATE_CHOICE", "option '" + choice.option_id + "' chosen twice"};
  }
  return check_value(*option, choice);
}

Rejection malformed(const std::string& why) { return Rejection{"MALFORMED_PROMPT", why}; }

// Every legal set within the choice bounds, naming options of the prompt,
// none twice (the option ids are already known to be distinct).
std::optional<Rejection> check_legal_sets(const Prompt& prompt) {
  if (prompt.legal_sets.empty()) return std::nullopt;
  std::vector<std::string_view> ids;
  for (const auto& o : prompt.options) ids.push_back(o.id);
  std::sort(ids.begin(), ids.end());
  const auto same = [](const std::string& id) -> std::string_view { return id; };
  for (const auto& set : prompt.legal_sets) {
    if (set.size() < prompt.min_choices || set.size() > prompt.max_choices) {
      return malformed("prompt '" + prompt.kind + "': a legal set of " + std::to_string(set.size()) +
                       " options is outside the choice bounds");
    }
    const bool repeats = has_duplicate_id(set, same);
    std::set<std::string> in_set;  // only to name a repeated id
    for (const auto& id : set) {
      if (!std::binary_search(ids.begin(), ids.end(), std::string_view(id))) {
        return malformed("prompt '" + prompt.kind + "': legal set names unknown option '" + id + "'");
      }
      if (repeats && !in_set.insert(id).second) {
        return malformed("prompt '" + prompt.kind + "': legal set repeats '" + id + "'");
      }
    }
  }
  return std::nullopt;
}

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
  const auto option_id = [](const PromptOption& o) -> std::string_view { return o.id; };
  const bool repeated = has_duplicate_id(prompt.options, option_id);
  std::set<std::string> ids;  // only to name a repeated id
  for (const auto& o : prompt.options) {
    if (o.id.empty()) return malformed("prompt '" + prompt.kind + "': an option has an empty id");
    if (o.id.find_first_of(" \t\r\n=") != std::string::npos) {
      return malformed("prompt '" + prompt.kind + "': option id '" + o.id + "' holds whitespace or '='");
    }
    if (repeated && !ids.insert(o.id).second) {
      return malformed("prompt '" + prompt.kind + "': option id '" + o.id + "' appears twice");
    }
    if (o.range && o.range->min > o.range->max) {
      return malformed("prompt '" + prompt.kind + "': option '" + o.id + "' has an empty range");
    }
  }
  return check_legal_sets(prompt);
}

std::optional<Rejection> check_answer_shape(const Prompt& prompt, const Answer& answer) {
  if (auto r = check_count(prompt, answer)) return r;
  const bool repeated =
      has_duplicate_id(answer.choices, [](const Choice& c) -> std::string_view { return c.option_id; });
  std::set<std::string> seen;
  for (const auto& choice : answer.choices) {
    if (auto r = check_choice(prompt, choice, repeated ? &seen : nullptr)) return r;
  }
  return std::nullopt;
}

}  // namespace concord::rules
