// The engine contract every game implements (DESIGN.md).
//
// A Match is created from options, seats (with their decks) and a 256-bit
// seed. It is driven by prompts: each seat has at most one open prompt and
// answers it with submit(). Rejected submits leave the state untouched
// (state_hash() unchanged). Same seed + same accepted commands = same hash.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "concord/rules/hash.hpp"
#include "concord/rules/deck.hpp"
#include "concord/rules/options.hpp"
#include "concord/rules/seed.hpp"
#include "concord/rules/types.hpp"

namespace concord::rules {

struct SeatSetup {
  std::string player;         // display name (informational only)
  std::optional<Deck> deck;   // games that need decks get one per seat
};

struct MatchSetup {
  OptionValues options;            // already resolved against the schema
  std::vector<SeatSetup> seats;    // size = seat count
  Seed seed;
};

class Match {
 public:
  virtual ~Match() = default;

  // The open prompt for `seat`, or nullopt if that seat has nothing to do now.
  virtual std::optional<Prompt> prompt(SeatIndex seat) const = 0;

  // The same prompt, shared (null: none), for callers that only read it: an
  // engine that keeps its prompts (PromptMemo) hands out the one it keeps
  // instead of a copy (a priority prompt lists every legal action). The
  // default wraps prompt().
  virtual std::shared_ptr<const Prompt> shared_prompt(SeatIndex seat) const;

  // Answer the seat's open prompt. Rejections: NO_PROMPT (nothing to answer),
  // the shape codes of check_answer_shape, and game rule codes.
  virtual Outcome submit(SeatIndex seat, const Answer& answer) = 0;

  // The seat concedes. Accepted unless the match is over or the seat invalid.
  virtual Outcome concede(SeatIndex seat) = 0;

  // Projection for a viewer: the only place that decides visibility.
  virtual std::unique_ptr<View> view(const Viewer& viewer) const = 0;

  // The hash of the complete state (hidden parts and RNG included), hex, by
  // the current version of the hash (concord/rules/hash.hpp).
  std::string state_hash() const { return state_hash_as(kCurrentStateHash); }
  // The same by a given version (a StateHasher of that version, fed alike).
  virtual std::string state_hash_as(StateHashVersion version) const = 0;
  // Whether the state hashes to `journaled`, by the version it was made
  // with: what recovery and rollback check a rebuilt match against.
  bool has_state_hash(std::string_view journaled) const;

  // A more specific reason for a refusal the core checks found before the
  // game (NO_PROMPT, UNKNOWN_OPTION) for a one-choice answer, so that a client
  // can explain it: e.g. EVE's News during the Draw phase is WINDOW_CLOSED.
  // nullopt keeps the core's code. Must not change the state.
  virtual std::optional<Rejection> explain_refusal(SeatIndex seat, const Answer& answer,
                                                   const Rejection& found) const {
    (void)seat;
    (void)answer;
    (void)found;
    return std::nullopt;
  }

  virtual bool finished() const = 0;
  virtual std::optional<MatchResult> result() const = 0;  // set once finished
  virtual int seat_count() const = 0;

  // The game's own turn counter (1-based), 0 for a game without turns. A
  // tournament's end of round counts the extra turns it allows with it.
  virtual int turn_number() const { return 0; }
};

// An accepted command as it is journaled and replayed.
struct Command {
  enum class Kind { Answer, Concede };
  Kind kind = Kind::Answer;
  SeatIndex seat = 0;
  rules::Answer answer;  // for Kind::Answer

  // Canonical single-line text: "answer <seat> <id>[=<value>] ..." or
  // "concede <seat>". Option ids may not contain whitespace or '='.
  std::string to_text() const;
  static std::optional<Command> from_text(const std::string& text);
  bool operator==(const Command&) const = default;
};

// Applies a command to a match: the single entry of the server and of replay.
// Before any game code it refuses, with the same codes in every game:
//   INVALID_SEAT  the seat is not one of the match's seats
//   MATCH_OVER    the match is finished (answers and concessions alike)
//   NO_PROMPT     an answer from a seat with no open prompt (another seat may hold one)
//   MALFORMED_PROMPT the seat's prompt breaks check_prompt (an engine fault: duplicate option ids, ...)
//   UNKNOWN_OPTION, WRONG_CHOICE_COUNT, DUPLICATE_CHOICE, VALUE_OUT_OF_RANGE
//                 the answer's shape against that prompt (check_answer_shape)
// then calls submit() or concede(), whose own rule codes pass through.
Outcome apply(Match& match, const Command& command);

}  // namespace concord::rules
