// replay_match: rules::replay, keeping the prompt ids step by step.
#include "match_replay.hpp"

namespace concord::server {

ReplayedMatch replay_match(const rules::GameDefinition& game, const rules::MatchSetup& setup,
                           const std::vector<rules::Command>& log, std::uint64_t epoch) {
  ReplayedMatch out;
  auto observe = [&out, epoch](const rules::Match& match, const rules::Command* command, std::uint64_t index) {
    if (!command) {
      out.prompt_ids.emplace(match, index, epoch);
    } else {
      out.prompt_ids->after_command(match, *command, index);
    }
  };
  try {
    out.match = rules::replay(game, setup, log, &out.error, observe);
  } catch (const std::exception& e) {
    out.match.reset();
    out.error = std::string("the game failed: ") + e.what();
  }
  if (!out.match) out.prompt_ids.reset();
  return out;
}

}  // namespace concord::server
