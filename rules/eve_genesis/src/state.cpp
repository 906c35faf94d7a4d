// GameState helpers and the names of phases, steps and prompts.
#include "concord/eve/state.hpp"

#include "text.hpp"

namespace concord::eve {

int GameState::living_seats() const {
  int n = 0;
  for (const auto& s : seats) n += s.out ? 0 : 1;
  return n;
}

int GameState::table_position(SeatIndex seat) const {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i] == seat) return static_cast<int>(i);
  }
  return seat;
}

SeatIndex GameState::seat_at(int position) const {
  const int n = static_cast<int>(seats.size());
  const int p = ((position % n) + n) % n;
  return table.size() == seats.size() ? table[static_cast<std::size_t>(p)] : p;
}

SeatIndex GameState::next_living(SeatIndex from) const {
  const int n = static_cast<int>(seats.size());
  const int at = table_position(from);
  for (int i = 1; i <= n; ++i) {
    const SeatIndex s = seat_at(at + i);
    if (!seats[s].out) return s;
  }
  return from;
}

SeatIndex GameState::previous_living(SeatIndex from) const {
  const int n = static_cast<int>(seats.size());
  const int at = table_position(from);
  for (int i = 1; i <= n; ++i) {
    const SeatIndex s = seat_at(at - i);
    if (!seats[s].out) return s;
  }
  return from;
}

SeatIndex GameState::prey_of(SeatIndex seat) const {
  if (!variants.hunter || seat < 0 || seat >= static_cast<int>(seats.size()) || seats[seat].out) return -1;
  const SeatIndex prey = next_living(seat);
  return prey == seat ? -1 : prey;
}

const Region* GameState::region(const std::string& key) const {
  for (const auto& r : regions) {
    if (r.key == key) return &r;
  }
  return nullptr;
}

Region* GameState::region(const std::string& key) {
  return const_cast<Region*>(static_cast<const GameState*>(this)->region(key));
}

std::string card_ref(CardId id) {
  std::string out = "c";
  out += std::to_string(id + 1);
  return out;
}

std::optional<CardId> parse_card_ref(const std::string& text) {
  if (text.size() < 2 || text[0] != 'c') return std::nullopt;
  auto n = text::parse_int(text.substr(1));
  if (!n || *n < 1 || *n > 1000000) return std::nullopt;
  return static_cast<CardId>(*n - 1);
}

std::string home_key(SeatIndex seat) {
  std::string out = "home";
  out += std::to_string(seat);
  return out;
}

std::string to_string(Phase phase) {
  static const char* names[] = {"mulligan", "setup", "draw", "management", "combat", "end_of_turn"};
  return names[static_cast<int>(phase)];
}

std::string to_string(Step step) {
  static const char* names[] = {"mulligan", "duration", "build", "income", "draw", "main",
                                "start_of_combat", "withdrawal", "target_assignment",
                                "damage_distribution", "results", "end"};
  return names[static_cast<int>(step)];
}

std::string to_string(Pending pending) {
  static const char* names[] = {"none",         "mulligan",        "income",   "priority",
                                "discard",      "order_triggers",  "choice",   "choose_attack",
                                "withdraw",     "assign_target",   "ability_targets",
                                "continue_combat", "clone", "redirect"};
  return names[static_cast<int>(pending)];
}

}  // namespace concord::eve
