// The game registry and replay from (setup, command log).
#include "concord/rules/registry.hpp"

#include <algorithm>

namespace concord::rules {

namespace {

// Every default must be legal, for every seat count the game accepts.
bool defaults_valid(const GameDefinition& def) {
  if (!resolve_options(def.options, {}).ok()) return false;
  for (const int seats : def.accepted_seat_counts()) {
    const auto resolved = resolve_options(def.options_for(seats), {});
    if (!resolved.ok()) return false;
    if (def.check_room && def.check_room(resolved.values, seats)) return false;
  }
  return true;
}

bool complete(const GameDefinition& def) {
  if (def.id.empty() || !def.create) return false;
  if (def.min_seats < 1 || def.max_seats < def.min_seats) return false;
  if (def.needs_deck && !def.validate_deck) return false;
  for (const int seats : def.seat_counts) {
    if (seats < def.min_seats || seats > def.max_seats) return false;
  }
  return defaults_valid(def);
}

void set_error(std::string* error, std::string message) {
  if (error) *error = std::move(message);
}

std::string describe_rejection(std::size_t index, const Command& cmd, const Outcome& outcome) {
  std::string out = "command " + std::to_string(index) + " '" + cmd.to_text() + "' rejected";
  if (outcome.rejection) out += ": " + outcome.rejection->code + ": " + outcome.rejection->message;
  return out;
}

}  // namespace

std::vector<int> GameDefinition::accepted_seat_counts() const {
  if (!seat_counts.empty()) return seat_counts;
  std::vector<int> out;
  for (int seats = min_seats; seats <= max_seats; ++seats) out.push_back(seats);
  return out;
}

bool GameDefinition::accepts_seats(int seats) const {
  const auto counts = accepted_seat_counts();
  return std::find(counts.begin(), counts.end(), seats) != counts.end();
}

std::vector<OptionSpec> GameDefinition::options_for(int seats) const {
  return options_for_seats ? options_for_seats(seats) : options;
}

std::vector<DeckViolation> validate_deck(const GameDefinition& game, const Deck& deck) {
  auto violations = check_deck_limits(deck);
  if (violations.empty() && game.validate_deck) violations = game.validate_deck(deck);
  return violations;
}

bool GameRegistry::add(GameDefinition def) {
  if (!complete(def) || games_.count(def.id) != 0) return false;
  const std::string id = def.id;
  games_.emplace(id, std::move(def));
  return true;
}

const GameDefinition* GameRegistry::find(const std::string& id) const {
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : &it->second;
}

std::vector<const GameDefinition*> GameRegistry::all() const {
  std::vector<const GameDefinition*> out;
  out.reserve(games_.size());
  for (const auto& entry : games_) out.push_back(&entry.second);
  return out;
}

std::unique_ptr<Match> replay(const GameDefinition& game, const MatchSetup& setup,
                              const std::vector<Command>& log, std::string* error,
                              const ReplayObserver& observe) {
  const int seats = static_cast<int>(setup.seats.size());
  if (seats < game.min_seats || seats > game.max_seats) {
    set_error(error, "seat count " + std::to_string(seats) + " outside the game's range");
    return nullptr;
  }
  auto match = game.create ? game.create(setup) : nullptr;
  if (!match) {
    set_error(error, "the game could not create the match");
    return nullptr;
  }
  if (observe) observe(*match, nullptr, 0);
  for (std::size_t i = 0; i < log.size(); ++i) {
    const Outcome outcome = apply(*match, log[i]);
    if (!outcome.accepted) {
      set_error(error, describe_rejection(i, log[i], outcome));
      return nullptr;
    }
    if (observe) observe(*match, &log[i], i + 1);
  }
  return match;
}

}  // namespace concord::rules
