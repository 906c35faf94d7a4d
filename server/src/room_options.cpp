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
      {"spectators", "on (anyone may watch; a private room's password) or off (nobody; judges are not spectators)",
       Kind::Choice, "on", 0, 0, {"on", "off"}},
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
  policy.spectators = values.at("spectators") == "on";
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
