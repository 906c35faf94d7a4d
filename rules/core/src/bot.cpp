// The random-legal bot: a random number of distinct options within the
// prompt's choice bounds, in prompt order, with random values within ranges.
#include "concord/rules/bot.hpp"

#include <algorithm>
#include <numeric>

namespace concord::rules {

namespace {

std::size_t choice_count(const Prompt& prompt, Rng& rng) {
  const std::size_t available = prompt.options.size();
  const std::size_t hi = std::min<std::size_t>(prompt.max_choices, available);
  const std::size_t lo = std::min<std::size_t>(prompt.min_choices, hi);
  return lo + static_cast<std::size_t>(rng.below(hi - lo + 1));
}

// k distinct option indices, sorted (partial Fisher-Yates).
std::vector<std::size_t> pick_indices(std::size_t n, std::size_t k, Rng& rng) {
  std::vector<std::size_t> idx(n);
  std::iota(idx.begin(), idx.end(), std::size_t{0});
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t j = i + static_cast<std::size_t>(rng.below(n - i));
    std::swap(idx[i], idx[j]);
  }
  idx.resize(k);
  std::sort(idx.begin(), idx.end());
  return idx;
}

Choice choose(const PromptOption& option, Rng& rng) {
  Choice c{option.id, 0};
  if (option.range) c.value = rng.between(option.range->min, option.range->max);
  return c;
}

}  // namespace

Answer random_answer(const Prompt& prompt, Rng& rng) {
  Answer answer;
  if (!prompt.legal_sets.empty()) {  // the prompt states its legal combinations: pick one
    const auto& set = prompt.legal_sets[static_cast<std::size_t>(rng.below(prompt.legal_sets.size()))];
    for (const auto& option : prompt.options) {
      if (std::find(set.begin(), set.end(), option.id) != set.end()) answer.choices.push_back(choose(option, rng));
    }
    return answer;
  }
  const std::size_t k = choice_count(prompt, rng);
  for (std::size_t i : pick_indices(prompt.options.size(), k, rng)) {
    answer.choices.push_back(choose(prompt.options[i], rng));
  }
  return answer;
}

}  // namespace concord::rules
