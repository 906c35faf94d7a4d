// The headers of the MatchUpdates one command sends (everything but the
// view part, see update_body.hpp), serialized once per command and put
// together per viewer: the fields every viewer gets alike (room, game,
// command index, seed commitment, awaiting seats, result, clocks) once, each
// event once, then per viewer its seat, its prompt and the events it may see.
// Building a MatchUpdate message per viewer and serializing it was about a
// tenth of a command in games_bench.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <google/protobuf/any.pb.h>

#include "concord/rules/types.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::server {

class UpdateHeaders {
 public:
  // `shared`: the MatchUpdate fields every viewer gets alike (no your_seat,
  // prompt, prompt_id or events). `details[i]`: event i's detail already
  // encoded by the game's adapter (an empty Any, or missing: none).
  UpdateHeaders(const v1::MatchUpdate& shared, const std::vector<rules::Event>& events,
                const std::vector<google::protobuf::Any>& details);

  // The header of `viewer`'s update as serialized MatchUpdate fields: its
  // seat, `prompt` (the viewer's open prompt, or null) with `prompt_id`,
  // the events it may see in order, then the shared fields. Parsed, it is
  // the MatchUpdate those fields make for the same viewer.
  std::string of(const rules::Viewer& viewer, const rules::Prompt* prompt, std::uint64_t prompt_id) const;

 private:
  std::string shared_;
  const std::vector<rules::Event>& events_;
  std::vector<std::string> event_bytes_;  // each event's serialized GameEvent
};

}  // namespace concord::server
