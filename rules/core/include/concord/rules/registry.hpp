// Where games plug in: a game definition per game id.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "concord/rules/deck.hpp"
#include "concord/rules/match.hpp"
#include "concord/rules/options.hpp"

namespace concord::rules {

struct GameDefinition {
  std::string id;    // stable id, e.g. "eve_genesis"
  std::string name;  // human name
  int min_seats = 2;
  int max_seats = 2;
  bool needs_deck = false;
  // The options of every room (the union over seat counts, for listings).
  std::vector<OptionSpec> options;
  // Seat counts a room may have; empty = every count in [min_seats, max_seats].
  std::vector<int> seat_counts;
  // Exactly the options a room with `seats` seats accepts: ranges, choices and
  // defaults valid for that count (every default must pass check_room).
  // Unset = `options` for every count.
  std::function<std::vector<OptionSpec>(int seats)> options_for_seats;
  // Lists every violation of the game's deck rules; empty = legal. Callers
  // use rules::validate_deck(def, deck) below, which applies the core caps first.
  std::function<std::vector<DeckViolation>(const Deck&)> validate_deck;
  // Optional: checks a room's options against its seat count (options already
  // resolved, seats within [min_seats, max_seats]). Returns what to fix, or
  // nullopt if the room can start. Rooms are checked when they are created.
  std::function<std::optional<std::string>(const OptionValues& options, int seats)> check_room;
  // Creates a match. setup.options are resolved; decks (if needed) validated.
  std::function<std::unique_ptr<Match>(const MatchSetup&)> create;

  std::vector<int> accepted_seat_counts() const;
  bool accepts_seats(int seats) const;
  std::vector<OptionSpec> options_for(int seats) const;
};

// The one deck check of every game, at save time and at match start: the
// absolute caps of check_deck_limits (deck.hpp) first, and only a deck within
// them goes to the game's own rules (def.validate_deck, if the game has them).
// Empty = legal.
std::vector<DeckViolation> validate_deck(const GameDefinition& game, const Deck& deck);

class GameRegistry {
 public:
  // Returns false (and registers nothing) if the id is taken or the
  // definition is incomplete (empty id, no create, seat range invalid).
  bool add(GameDefinition def);
  const GameDefinition* find(const std::string& id) const;  // null if unknown
  std::vector<const GameDefinition*> all() const;            // sorted by id

 private:
  std::map<std::string, GameDefinition> games_;
};

// Called once with the new match before any command (command null, index 0),
// then after each replayed command with the match, the command and the count
// of commands applied so far (1 for the first).
using ReplayObserver = std::function<void(const Match&, const Command* command, std::uint64_t index)>;

// Rebuilds a match from its setup and accepted command log. Returns nullptr
// and sets *error if a logged command is rejected on replay.
std::unique_ptr<Match> replay(const GameDefinition& game, const MatchSetup& setup,
                              const std::vector<Command>& log, std::string* error = nullptr,
                              const ReplayObserver& observe = {});

}  // namespace concord::rules
