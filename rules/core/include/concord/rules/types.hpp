// Basic engine vocabulary: seats, viewers, prompts, answers, outcomes, events.
// Pure data; no wire types. See DESIGN.md "The rules engine contract".
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace concord::rules {

using SeatIndex = int;  // 0-based seat index

// Who is looking at the state. Projections and event filtering are per viewer.
struct Viewer {
  enum class Kind { Seat, Spectator, Judge };
  Kind kind = Kind::Spectator;
  SeatIndex seat = -1;  // only for Kind::Seat

  static Viewer of_seat(SeatIndex s) { return {Kind::Seat, s}; }
  static Viewer spectator() { return {Kind::Spectator, -1}; }
  static Viewer judge() { return {Kind::Judge, -1}; }
  bool operator==(const Viewer&) const = default;
};

// Legal range of a free parameter (an X cost, a number of dice). Inclusive.
struct ValueRange {
  std::int64_t min = 0;
  std::int64_t max = 0;
  bool operator==(const ValueRange&) const = default;
};

// One choosable option. `id` is stable for the life of the prompt and is what
// the answer refers to.
struct PromptOption {
  std::string id;
  std::string label;
  std::optional<ValueRange> range;
  bool operator==(const PromptOption&) const = default;
};

// What a seat must decide now. A seat has at most one open prompt.
struct Prompt {
  std::string kind;  // "priority", "choose_targets", ...
  std::string text;  // human instruction
  unsigned min_choices = 1;
  unsigned max_choices = 1;
  std::vector<PromptOption> options;
  // The prompt's constraint in machine-readable form, for prompts whose
  // legality depends on the combination of options (EverZone's withdrawal,
  // reactivation, Final Protocol): when non-empty, the legal answers are
  // exactly these sets of option ids (each set in any order, with any values
  // in the options' ranges). The random bot answers with one of them; the game
  // refuses other combinations with its own rule code. Empty: every
  // combination within the choice bounds is legal.
  std::vector<std::vector<std::string>> legal_sets{};
  bool operator==(const Prompt&) const = default;
};

struct Choice {
  std::string option_id;
  std::int64_t value = 0;  // only meaningful for options with a range
  bool operator==(const Choice&) const = default;
};

struct Answer {
  std::vector<Choice> choices;
  bool operator==(const Answer&) const = default;
};

// Checks the shape of an answer against a prompt: choice count within
// [min_choices, max_choices], every option id exists, no option twice, values
// within ranges. Returns a rejection code ("UNKNOWN_OPTION", "WRONG_CHOICE_COUNT",
// "DUPLICATE_CHOICE", "VALUE_OUT_OF_RANGE") or nullopt if well-formed.
struct Rejection;
std::optional<Rejection> check_answer_shape(const Prompt& prompt, const Answer& answer);

// Checks a prompt as an engine built it (every game, in rules::apply and the
// property tests): option ids unique and non-empty, with no whitespace or '='
// (the command text form), min_choices <= max_choices and <= the number of
// options (an answerable prompt), ranges with
// min <= max. Returns "MALFORMED_PROMPT" with the first problem, or nullopt.
std::optional<Rejection> check_prompt(const Prompt& prompt);

// Who may see an event.
struct Visibility {
  enum class Kind { All, OnlySeats, AllButSeats };
  Kind kind = Kind::All;
  std::vector<SeatIndex> seats;

  static Visibility all() { return {}; }
  static Visibility only(std::vector<SeatIndex> s) { return {Kind::OnlySeats, std::move(s)}; }
  static Visibility all_but(std::vector<SeatIndex> s) { return {Kind::AllButSeats, std::move(s)}; }
  // Judges see everything; spectators see All and AllButSeats events.
  bool visible_to(const Viewer& v) const;
};

// Game-specific event payload; each game derives its own and its wire adapter
// (in server/) converts it to the game's protobuf message.
struct EventData {
  virtual ~EventData() = default;
};

struct Event {
  std::string kind;  // machine-readable, e.g. "card_played"
  std::string text;  // human description (already safe for its visibility)
  Visibility visibility;
  std::shared_ptr<const EventData> data;  // may be null
};

// A refused command: machine-readable code plus human message.
struct Rejection {
  std::string code;     // UPPER_SNAKE_CASE: NOT_YOUR_PRIORITY, ILLEGAL_TARGET, ...
  std::string message;  // human readable
};

// Result of submit(): accepted with events, or rejected (state untouched).
struct Outcome {
  bool accepted = false;
  std::vector<Event> events;          // when accepted
  std::optional<Rejection> rejection;  // when rejected

  static Outcome accept(std::vector<Event> ev = {}) { return {true, std::move(ev), std::nullopt}; }
  static Outcome reject(std::string code, std::string message) {
    return {false, {}, Rejection{std::move(code), std::move(message)}};
  }
};

struct MatchResult {
  std::vector<SeatIndex> winners;  // empty + draw = draw
  bool draw = false;
  std::string reason;  // "conceded", "bases_destroyed", ...
};

// Game-specific projection of the state for one viewer. Each game derives its
// own; its wire adapter (server/) converts it to the game's protobuf view.
struct View {
  virtual ~View() = default;
  // Human-readable rendering (CLI, logs, tests). Must contain only what the
  // viewer may see.
  virtual std::string to_text() const = 0;
};

}  // namespace concord::rules
