// Options every room takes besides its game's own (protocol/README.md,
// "Room options"): clocks, flag fall, disconnect grace. They travel in
// CreateRoom.options beside the game's options, are listed in
// GameInfo.room_options, and never reach the rules engine.
#pragma once

#include <string>
#include <vector>

#include "concord/rules/options.hpp"
#include "match_clock.hpp"

namespace concord::server {

const std::vector<rules::OptionSpec>& room_option_specs();

// What a room does with its options.
struct RoomPolicy {
  ClockSettings clock;
  int disconnect_grace_s = 120;
  enum class GraceOut { Wait, Concede, Judge };
  GraceOut on_grace_out = GraceOut::Wait;
  bool freeze_clock_while_disconnected = false;
};

struct SplitOptions {
  rules::OptionValues game;  // for the game's own schema
  rules::OptionValues room;  // resolved against room_option_specs() (defaults filled)
  std::vector<std::string> errors;
};
// Sorts a CreateRoom's options into the game's and the room's, and resolves
// the room's (unknown names are left to the game's schema to refuse).
SplitOptions split_room_options(const rules::OptionValues& given);

// The policy of resolved room option values (defaults for missing ones).
RoomPolicy room_policy(const rules::OptionValues& room);

}  // namespace concord::server
