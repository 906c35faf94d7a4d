// Conversion between the wire prompt/answer (concord.v1) and the engine's
// (concord::rules), so clients can use rules::random_answer on wire prompts.
#pragma once

#include "concord/rules/types.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::client {

// A PromptOption without `range` maps to an option without a range.
rules::Prompt to_rules(const v1::Prompt& prompt);
v1::Prompt to_wire(const rules::Prompt& prompt);
rules::Answer to_rules(const v1::Answer& answer);
v1::Answer to_wire(const rules::Answer& answer);

}  // namespace concord::client
