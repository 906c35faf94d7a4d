// Options every room takes besides its game's own (protocol/README.md
// section 11, "Room options"): clocks, spectators, spectator delay, seat holds. They
// travel in CreateRoom.options beside the game's options, are listed in
// GameInfo's option lists (every seat count), are stored in the room's
// settings blob, and never reach the rules engine.
#pragma once

#include <string>
#include <vector>

#include "concord/rules/options.hpp"
#include "match_clock.hpp"

namespace concord::server {

const std::vector<rules::OptionSpec>& room_option_specs();

// What a room does with its options.
struct RoomPolicy {
  ClockSettings clock;       // clock = none: no clock
  bool freeze_clock_while_disconnected = false;
  enum class Spectators { On, Off, List };  // off: nobody watches (judges are not spectators)
  Spectators spectators = Spectators::On;
  int delay_commands = 0;    // spectators see the match this many commands late
  int delay_seconds = 0;     // ... and this many seconds late
  bool end_at_once = false;  // the end reaches delayed spectators when it happens
  int disconnect_grace_s = 120;
  enum class GraceOut { Wait, Concede, Judge };
  GraceOut on_grace_out = GraceOut::Wait;
  bool rated = false;  // a two-player match changes the players' ratings (ratings.hpp)
  bool spectators_delayed() const { return delay_commands > 0 || delay_seconds > 0; }
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

// The resolved room options whose values differ from their defaults: what a
// RoomInfo shows of them (the creator's changes).
rules::OptionValues changed_room_options(const rules::OptionValues& room);

}  // namespace concord::server
