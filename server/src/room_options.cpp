// Room options: the schema and the policy it gives.
#include "room_options.hpp"

namespace concord::server {

namespace {

using Kind = rules::OptionSpec::Kind;

constexpr std::int64_t kDay = 86400;

int integer(const rules::OptionValues& values, const std::string& name) {
  return static_cast<int>(rules::option_int(values, name));
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
      {"freeze_clock_while_disconnected", "a seat's clock stops while its player has no connection", Kind::Boolean,
       "false", 0, 0, {}},
      {"spectators", "on (anyone may watch; a private room's password), off (nobody; judges are not spectators) or "
       "list (the accounts the creator allows with AllowSpectator)",
       Kind::Choice, "on", 0, 0, {"on", "off", "list"}},
      {"spectator_delay_commands", "spectators see the match as it stood this many commands ago", Kind::Integer, "0",
       0, 1000, {}},
      {"spectator_delay_seconds", "spectators see the match as it stood this many seconds ago", Kind::Integer, "0", 0,
       900, {}},
      {"spectators_see_end", "delayed (the end too comes after the delay) or at_once (delayed spectators see the "
       "end when it happens)", Kind::Choice, "delayed", 0, 0, {"delayed", "at_once"}},
      {"disconnect_grace_seconds", "how long the seat of a player who lost every connection is held before "
       "on_grace_expiry applies", Kind::Integer, "120", 5, kDay, {}},
      {"on_grace_expiry", "wait (keep holding the seat), concede (the absent seat concedes), or judge (call a "
       "judge)", Kind::Choice, "wait", 0, 0, {"wait", "concede", "judge"}},
      {"rated", "a two-player match changes both players' Glicko-2 ratings of the game", Kind::Boolean, "false", 0,
       0, {}},
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

rules::OptionValues changed_room_options(const rules::OptionValues& room) {
  rules::OptionValues changed;
  for (const auto& spec : room_option_specs()) {
    const auto set = room.find(spec.name);
    if (set != room.end() && set->second != spec.default_value) changed.emplace(spec.name, set->second);
  }
  return changed;
}

RoomPolicy room_policy(const rules::OptionValues& given) {
  const auto values = rules::resolve_options(room_option_specs(), given).values;
  RoomPolicy policy;
  const auto& mode = values.at("clock");
  policy.clock.mode = mode == "chess"      ? ClockSettings::Mode::Chess
                      : mode == "per_turn" ? ClockSettings::Mode::PerTurn
                                           : ClockSettings::Mode::None;
  policy.clock.initial_ms = rules::option_int(values, "clock_initial_seconds") * 1000;
  policy.clock.increment_ms = rules::option_int(values, "clock_increment_seconds") * 1000;
  policy.clock.delay_ms = rules::option_int(values, "clock_delay_seconds") * 1000;
  policy.clock.turn_ms = rules::option_int(values, "turn_seconds") * 1000;
  const auto& flag = values.at("flag_fall");
  policy.clock.on_flag = flag == "default" ? ClockSettings::OnFlag::Default
                         : flag == "judge" ? ClockSettings::OnFlag::Judge
                                           : ClockSettings::OnFlag::Lose;
  policy.freeze_clock_while_disconnected = rules::option_bool(values, "freeze_clock_while_disconnected");
  policy.rated = rules::option_bool(values, "rated");
  const auto& watch = values.at("spectators");
  policy.spectators = watch == "off"    ? RoomPolicy::Spectators::Off
                      : watch == "list" ? RoomPolicy::Spectators::List
                                        : RoomPolicy::Spectators::On;
  policy.delay_commands = integer(values, "spectator_delay_commands");
  policy.delay_seconds = integer(values, "spectator_delay_seconds");
  policy.end_at_once = values.at("spectators_see_end") == "at_once";
  policy.disconnect_grace_s = integer(values, "disconnect_grace_seconds");
  const auto& grace = values.at("on_grace_expiry");
  policy.on_grace_out = grace == "concede" ? RoomPolicy::GraceOut::Concede
                        : grace == "judge" ? RoomPolicy::GraceOut::Judge
                                           : RoomPolicy::GraceOut::Wait;
  return policy;
}

}  // namespace concord::server
