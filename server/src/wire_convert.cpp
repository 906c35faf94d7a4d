// Conversions between engine types and wire messages.
#include "wire_convert.hpp"

#include "concord/server/game_catalog.hpp"
#include "delta/wire_bytes.hpp"

#include <cassert>
#include <cstring>

namespace concord::server {

v1::ServerMessage make_error(std::uint64_t request_id, const std::string& code, const std::string& message) {
  v1::ServerMessage out;
  out.set_request_id(request_id);
  auto* error = out.mutable_error();
  error->set_code(code);
  error->set_message(message);
  error->set_request_id(request_id);
  return out;
}

v1::ServerMessage make_ok(std::uint64_t request_id) {
  v1::ServerMessage out;
  out.set_request_id(request_id);
  out.mutable_ok();
  return out;
}

rules::Deck deck_from_wire(const v1::Deck& deck) {
  rules::Deck out;
  out.game = deck.game();
  out.name = deck.name();
  for (const auto& section : deck.sections()) {
    rules::DeckSection s{section.name(), {}};
    for (const auto& card : section.cards()) s.cards.push_back({card.card(), card.count()});
    out.sections.push_back(std::move(s));
  }
  return out;
}

void deck_to_wire(const rules::Deck& deck, v1::Deck* out) {
  out->set_game(deck.game);
  out->set_name(deck.name);
  for (const auto& section : deck.sections) {
    auto* s = out->add_sections();
    s->set_name(section.name);
    for (const auto& card : section.cards) {
      auto* c = s->add_cards();
      c->set_card(card.card);
      c->set_count(card.count);
    }
  }
}

rules::Answer answer_from_wire(const v1::Answer& answer) {
  rules::Answer out;
  for (const auto& choice : answer.choices()) out.choices.push_back({choice.option_id(), choice.value()});
  return out;
}

void event_to_wire(const GameAdapter& adapter, const rules::Event& event, v1::GameEvent* out) {
  out->set_kind(event.kind);
  out->set_text(event.text);
  if (event.data) adapter.encode_event(*event.data, out->mutable_detail());
}

namespace {

namespace wire = protocol::wire;

// Sizes and writes of proto3 fields: a string or number left out when empty
// or zero (the repeated strings of an OptionSet are written even when empty).
std::size_t string_size(std::string_view s) { return s.empty() ? 0 : 1 + wire::varint_size(s.size()) + s.size(); }
std::size_t number_size(std::uint64_t v) { return v == 0 ? 0 : 1 + wire::varint_size(v); }
std::size_t message_size(std::size_t payload) { return 1 + wire::varint_size(payload) + payload; }

using wire::Cursor;


}  // namespace

// GameEvent {kind = 1, text = 2, detail = 3 (an Any: type_url = 1, value =
// 2)}; detail is set whenever the event has data, as event_to_wire's
// mutable_detail() sets it. The detail straight from the game where it
// writes it so (GameAdapter::event_detail), else through a reused Any (its
// strings keep their capacity).
std::string serialized_event(const GameAdapter& adapter, const rules::Event& event) {
  std::string out;
  append_serialized_event(out, adapter, event);
  return out;
}

void append_serialized_event(std::string& out, const GameAdapter& adapter, const rules::Event& event) {
  thread_local google::protobuf::Any detail;
  thread_local std::string written;
  std::string_view type_url, value;
  if (event.data) {
    if (adapter.event_detail(*event.data, type_url, written)) {
      value = written;
    } else {
      detail.Clear();
      adapter.encode_event(*event.data, &detail);
      type_url = detail.type_url();
      value = detail.value();
    }
  }
  // Sized first and written in place: at most one allocation, no append per field.
  const std::size_t any_size = event.data ? string_size(type_url) + string_size(value) : 0;
  const std::size_t at = out.size();
  out.resize(at + string_size(event.kind) + string_size(event.text) + (event.data ? message_size(any_size) : 0));
  Cursor c(out.data() + at);
  c.string(1, event.kind);
  c.string(2, event.text);
  if (event.data) {
    c.message_head(3, any_size);
    c.string(1, type_url);
    c.string(2, value);
  }
  assert(c.at() == out.data() + out.size() && "the event's size counts every byte written");
}

void prompt_to_wire(const rules::Prompt& prompt, v1::Prompt* out) {
  out->set_kind(prompt.kind);
  out->set_text(prompt.text);
  out->set_min_choices(prompt.min_choices);
  out->set_max_choices(prompt.max_choices);
  for (const auto& option : prompt.options) {
    auto* o = out->add_options();
    o->set_id(option.id);
    o->set_label(option.label);
    if (option.range) {
      o->mutable_range()->set_min(option.range->min);
      o->mutable_range()->set_max(option.range->max);
    }
  }
  for (const auto& set : prompt.legal_sets) {
    auto* out_set = out->add_legal_sets();
    for (const auto& id : set) out_set->add_option_ids(id);
  }
}

namespace {

// Writes at a cursor into bytes already sized for them (prompt_size): one
// resize for the whole prompt instead of a capacity check per byte.

// int64 as protobuf writes it: a negative value is ten bytes of two's complement.
std::uint64_t int64_bits(std::int64_t v) { return static_cast<std::uint64_t>(v); }

// ValueRange {min = 1, max = 2}.
std::size_t range_size(const rules::ValueRange& r) { return number_size(int64_bits(r.min)) + number_size(int64_bits(r.max)); }

// PromptOption {id = 1, label = 2, range = 3}.
std::size_t option_size(const rules::PromptOption& o) {
  return string_size(o.id) + string_size(o.label) + (o.range ? message_size(range_size(*o.range)) : 0);
}

// OptionSet {repeated option_ids = 1}.
std::size_t set_size(const std::vector<std::string>& ids) {
  std::size_t n = 0;
  for (const auto& id : ids) n += message_size(id.size());
  return n;
}

// Prompt {kind = 1, text = 2, min_choices = 3, max_choices = 4, options = 5, legal_sets = 6}.
std::size_t prompt_size(const rules::Prompt& p) {
  std::size_t n = string_size(p.kind) + string_size(p.text) + number_size(p.min_choices) + number_size(p.max_choices);
  for (const auto& o : p.options) n += message_size(option_size(o));
  for (const auto& set : p.legal_sets) n += message_size(set_size(set));
  return n;
}

void put_option(Cursor& out, const rules::PromptOption& o) {
  out.message_head(5, option_size(o));
  out.string(1, o.id);
  out.string(2, o.label);
  if (o.range) {
    out.message_head(3, range_size(*o.range));
    out.number(1, int64_bits(o.range->min));
    out.number(2, int64_bits(o.range->max));
  }
}

}  // namespace

void append_prompt_field(std::string& out, std::uint32_t field, const rules::Prompt& prompt) {
  const std::size_t size = prompt_size(prompt);
  const std::size_t at = out.size();
  out.resize(at + wire::varint_size(static_cast<std::uint64_t>(field) << 3) + wire::varint_size(size) + size);
  Cursor c(out.data() + at);
  c.message_head(field, size);
  c.string(1, prompt.kind);
  c.string(2, prompt.text);
  c.number(3, prompt.min_choices);
  c.number(4, prompt.max_choices);
  for (const auto& option : prompt.options) put_option(c, option);
  for (const auto& set : prompt.legal_sets) {
    c.message_head(6, set_size(set));
    for (const auto& id : set) c.bytes(1, id);
  }
  assert(c.at() == out.data() + out.size() && "prompt_size counts every byte written");
}

void result_to_wire(const rules::MatchResult& result, const std::string& seed_hex, v1::MatchResult* out) {
  for (auto seat : result.winners) out->add_winners(static_cast<std::uint32_t>(seat));
  out->set_draw(result.draw);
  out->set_reason(result.reason);
  out->set_seed_hex(seed_hex);
}

void option_spec_to_wire(const rules::OptionSpec& spec, v1::OptionSpec* out) {
  out->set_name(spec.name);
  out->set_description(spec.description);
  switch (spec.kind) {
    case rules::OptionSpec::Kind::Integer:
      out->set_kind(v1::OptionSpec::INTEGER);
      break;
    case rules::OptionSpec::Kind::Choice:
      out->set_kind(v1::OptionSpec::CHOICE);
      break;
    case rules::OptionSpec::Kind::Boolean:
      out->set_kind(v1::OptionSpec::BOOLEAN);
      break;
  }
  out->set_default_value(spec.default_value);
  out->set_min(spec.min);
  out->set_max(spec.max);
  for (const auto& choice : spec.choices) out->add_choices(choice);
}

std::string result_to_text(const rules::MatchResult& result) {
  std::string winners;
  for (auto seat : result.winners) {
    if (!winners.empty()) winners += ',';
    winners += std::to_string(seat);
  }
  return "winners=" + winners + " draw=" + (result.draw ? "1" : "0") + " reason=" + result.reason;
}

std::optional<rules::MatchResult> result_from_text(const std::string& text) {
  const auto draw_at = text.find(" draw=");
  const auto reason_at = text.find(" reason=");
  if (text.rfind("winners=", 0) != 0 || draw_at == std::string::npos || reason_at != draw_at + 7) return std::nullopt;
  rules::MatchResult result;
  const std::string winners = text.substr(8, draw_at - 8);
  std::size_t start = 0;
  while (start < winners.size()) {
    const auto comma = winners.find(',', start);
    const auto part = winners.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (part.empty() || part.size() > 3 || part.find_first_not_of("0123456789") != std::string::npos) {
      return std::nullopt;
    }
    result.winners.push_back(std::stoi(part));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  result.draw = text[draw_at + 6] == '1';
  result.reason = text.substr(reason_at + 8);
  return result;
}

namespace {

v1::CallStatus call_status(const std::string& status) {
  if (status == "open") return v1::OPEN;
  if (status == "taken") return v1::TAKEN;
  return v1::RESOLVED;
}

}  // namespace

v1::JudgeCall call_to_wire(const persistence::JudgeCallRecord& call) {
  v1::JudgeCall out;
  out.set_call_id(call.id);
  out.set_room_id(call.room_id);
  out.set_caller(call.caller);
  out.set_text(call.text);
  out.set_status(call_status(call.status));
  out.set_taken_by(call.taken_by_name);
  out.set_note(call.note);
  out.set_created_unix_ms(call.created_unix_ms);
  return out;
}

void command_to_wire(const persistence::CommandRecord& command, std::int64_t voided_by, v1::LoggedCommand* out) {
  out->set_index(static_cast<std::uint64_t>(command.index));
  out->set_seat(static_cast<std::uint32_t>(command.seat));
  out->set_command(command.command_text);
  out->set_state_hash(command.state_hash);
  out->set_voided_by(voided_by);
}

void rollback_to_wire(const persistence::RollbackRecord& rollback, v1::RollbackEntry* out) {
  out->set_rollback_id(rollback.id);
  out->set_from_command_index(static_cast<std::uint64_t>(rollback.from_index));
  out->set_to_command_index(static_cast<std::uint64_t>(rollback.to_index));
  out->set_judge(rollback.judge);
  out->set_reason(rollback.reason);
  out->set_created_unix_ms(rollback.created_unix_ms);
}

}  // namespace concord::server
