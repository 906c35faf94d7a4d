// Conversions between engine types (rules::) and wire messages (concord::v1::).
#pragma once

#include <optional>
#include <string>

#include "concord/persistence/repositories.hpp"
#include "concord/rules/deck.hpp"
#include "concord/rules/match.hpp"
#include "concord/rules/options.hpp"
#include "concord/rules/types.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::server {

namespace v1 = concord::v1;

class GameAdapter;  // concord/server/game_catalog.hpp

v1::ServerMessage make_error(std::uint64_t request_id, const std::string& code, const std::string& message);
v1::ServerMessage make_ok(std::uint64_t request_id);

rules::Deck deck_from_wire(const v1::Deck& deck);
void deck_to_wire(const rules::Deck& deck, v1::Deck* out);

rules::Answer answer_from_wire(const v1::Answer& answer);
void prompt_to_wire(const rules::Prompt& prompt, v1::Prompt* out);
// Appends `prompt` as the message field `field` of the message being written
// in `out` (MatchUpdate.prompt): the bytes protobuf writes for prompt_to_wire's
// Prompt, written field by field, as a room does for every viewer's update.
void append_prompt_field(std::string& out, std::uint32_t field, const rules::Prompt& prompt);
// An engine event as sent: kind, text and its details encoded by the game's adapter.
void event_to_wire(const GameAdapter& adapter, const rules::Event& event, v1::GameEvent* out);
// The same serialized (the bytes of event_to_wire's GameEvent), written
// field by field: a room serializes each event of a command once.
std::string serialized_event(const GameAdapter& adapter, const rules::Event& event);
// The same appended to `out` (a room writes a command's events into one buffer).
void append_serialized_event(std::string& out, const GameAdapter& adapter, const rules::Event& event);
void result_to_wire(const rules::MatchResult& result, const std::string& seed_hex, v1::MatchResult* out);
void option_spec_to_wire(const rules::OptionSpec& spec, v1::OptionSpec* out);

// Text form of a result for the matches table ("winners=0,1 draw=0 reason=conceded").
std::string result_to_text(const rules::MatchResult& result);
// Reads result_to_text's form back; nullopt if it is not one.
std::optional<rules::MatchResult> result_from_text(const std::string& text);

// A judge call as JudgeCall (judging.proto).
v1::JudgeCall call_to_wire(const persistence::JudgeCallRecord& call);

// The match log (RequestMatchLog): a command (voided_by = 0: in force) and a rollback.
void command_to_wire(const persistence::CommandRecord& command, std::int64_t voided_by, v1::LoggedCommand* out);
void rollback_to_wire(const persistence::RollbackRecord& rollback, v1::RollbackEntry* out);

}  // namespace concord::server
