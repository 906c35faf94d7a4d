// Room options: the schema and the policy it gives.
#include "room_options.hpp"

namespace concord::server {

namespace {

using Kind = rules::OptionSpec::Kind;

constexpr std::int64_t kDay = 86400;

std::int64_t seconds(const rules::OptionValues& values, const std::string& name) {
  return rules::option_int(values, name);
}

}  // namespace

const std::vector<rules::OptionSpec>& room_option_specs() {
  static const std::vector<rules::OptionSpec> specs = {
      {"clock", "none, chess (a bank per seat) or per_turn (a limit per turn)", Kind::Choice, "none", 0, 0,
       {"none", "chess", "per_turn"}},
      {"clock_initial_seconds", "chess: each seat's bank", Kind::Integer, "600", 1, kDay, {}},
      {"clock_increment_seconds", "chess: added after each of a seat's commands (Fischer)", Kind::Integer, "0", 0,
       3600, {}},
      {"clock_delay_seconds", "chess: free time at the start of every turn (simple delay)", Kind::Integer, "0", 0,
       3600, {}},
      {"turn_seconds", "per_turn: the limit of each turn", Kind::Integer, "60", 1, kDay, {}},
      {"flag_fall", "when a clock runs out: lose, default (the server answers the game's default), judge",
       Kind::Choice, "lose", 0, 0, {"lose", "default", "judge"}},
      {"disconnect_grace_seconds", "how long a disconnected seat is held before on_grace_expiry applies",
       Kind::Integer, "120", 0, kDay, {}},
      {"on_grace_expiry", "wait (keep the seat), concede, or judge (call a judge)", Kind::Choice, "wait", 0, 0,
       {"wait", "concede", "judge"}},
      {"freeze_clock_while_disconnected", "a disconnected seat's clock stops", Kind::Boolean, "false", 0, 0, {}},
  };
  return specs;
}

SplitOptions split_room_options(const rules::OptionValues& given) {
  SplitOptions out;
  rules::OptionValues room;
  for (const auto& [name, value] : given) {
    bool is_room = false;
    for (const auto& spec : room_option_specs()) is_room = is_room || spec.name == name;
    (is_room ? room : out.game)[name] = value;
  }
  auto resolved = rules::resolve_options(room_option_specs(), room);
  out.room = std::move(resolved.values);
  out.errors = std::move(resolved.errors);
  return out;
}

RoomPolicy room_policy(const rules::OptionValues& given) {
  const auto values = rules::resolve_options(room_option_specs(), given).values;
  RoomPolicy policy;
  const auto& mode = values.at("clock");
  policy.clock.mode = mode == "chess"      ? ClockSettings::Mode::Chess
                      : mode == "per_turn" ? ClockSettings::Mode::PerTurn
                                           : ClockSettings::Mode::None;
  policy.clock.initial_ms = seconds(values, "clock_initial_seconds") * 1000;
  policy.clock.increment_ms = seconds(values, "clock_increment_seconds") * 1000;
  policy.clock.delay_ms = seconds(values, "clock_delay_seconds") * 1000;
  policy.clock.turn_ms = seconds(values, "turn_seconds") * 1000;
  const auto& flag = values.at("flag_fall");
  policy.clock.on_flag = flag == "default" ? ClockSettings::OnFlag::Default
                         : flag == "judge" ? ClockSettings::OnFlag::Judge
                                           : ClockSettings::OnFlag::Lose;
  policy.disconnect_grace_s = static_cast<int>(seconds(values, "disconnect_grace_seconds"));
  const auto& grace = values.at("on_grace_expiry");
  policy.on_grace_out = grace == "concede" ? RoomPolicy::GraceOut::Concede
                        : grace == "judge" ? RoomPolicy::GraceOut::Judge
                                           : RoomPolicy::GraceOut::Wait;
  policy.freeze_clock_while_disconnected = rules::option_bool(values, "freeze_clock_while_disconnected");
  return policy;
}

}  // namespace concord::server
