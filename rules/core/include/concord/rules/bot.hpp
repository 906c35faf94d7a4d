// The random-legal bot: answers any prompt with a uniformly random legal shape
// (a random number of distinct options within [min_choices, max_choices],
// random values within ranges), or, when the prompt lists its legal sets
// (Prompt::legal_sets), one of those sets. Used by tests, fuzzers and the load test.
#pragma once

#include "concord/rules/rng.hpp"
#include "concord/rules/types.hpp"

namespace concord::rules {

Answer random_answer(const Prompt& prompt, Rng& rng);

}  // namespace concord::rules
