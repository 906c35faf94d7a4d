// The timing window table ("Gameplay" turn sequence).
#include "concord/eve/timing.hpp"

namespace concord::eve {

const std::vector<Window>& turn_sequence() {
  static const std::vector<Window> seq = {
      {Phase::Setup, Step::Duration, true, true, false},
      {Phase::Setup, Step::Build, true, true, false},
      {Phase::Setup, Step::Income, true, true, false},
      // "This is the only phase in which no player may play News cards or use any abilities."
      {Phase::Draw, Step::Draw, false, false, false},
      {Phase::Management, Step::Main, true, true, true},
      {Phase::Combat, Step::StartOfCombat, true, true, false},
      {Phase::Combat, Step::Withdrawal, true, true, false},
      {Phase::Combat, Step::TargetAssignment, true, true, false},
      {Phase::Combat, Step::DamageDistribution, true, true, false},
      {Phase::Combat, Step::Results, true, true, false},
      {Phase::EndOfTurn, Step::End, true, true, false},
  };
  return seq;
}

const Window& window(Phase phase, Step step) {
  static const Window mulligan{Phase::Mulligan, Step::Mulligan, false, false, false};
  for (const auto& w : turn_sequence()) {
    if (w.phase == phase && w.step == step) return w;
  }
  return mulligan;
}

}  // namespace concord::eve
