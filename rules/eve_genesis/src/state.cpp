// GameState helpers and the names of phases, steps and prompts.
#include "concord/eve/state.hpp"
#include "concord/rules/card_refs.hpp"

#include <algorithm>

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

int GameState::alliance_of(SeatIndex seat) const { return variants.alliances ? seat % 2 : seat; }

bool GameState::allied(SeatIndex a, SeatIndex b) const { return a >= 0 && b >= 0 && alliance_of(a) == alliance_of(b); }

std::vector<SeatIndex> GameState::members(SeatIndex seat) const {
  if (!variants.alliances) return {seat};
  const int n = static_cast<int>(seats.size());
  const int a = alliance_of(seat);
  // "to your left" is the next seat clockwise (README "Seats at the table"):
  // the leftmost member is the one whose left neighbour is no ally; from him
  // the row goes right, counter-clockwise.
  int start = 0;
  for (int p = 0; p < n; ++p) {
    if (alliance_of(seat_at(p)) == a && alliance_of(seat_at(p + 1)) != a) {
      start = p;
      break;
    }
  }
  std::vector<SeatIndex> out;
  for (int p = start; static_cast<int>(out.size()) < n && alliance_of(seat_at(p)) == a; --p) out.push_back(seat_at(p));
  for (int p = 0; p < n; ++p) {  // allies not side by side (positions refuse such a table)
    const SeatIndex s = seat_at(p);
    if (alliance_of(s) == a && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

SeatIndex GameState::lead(SeatIndex seat) const {
  for (SeatIndex s : members(seat)) {
    if (!seats[s].out) return s;
  }
  return seat;
}

SeatIndex GameState::next_member(SeatIndex seat) const {
  const auto m = members(seat);
  auto it = std::find(m.begin(), m.end(), seat);
  if (it == m.end()) return -1;
  for (++it; it != m.end(); ++it) {
    if (!seats[*it].out) return *it;
  }
  return -1;
}

bool GameState::side_out(SeatIndex seat) const {
  for (SeatIndex s : members(seat)) {
    if (!seats[s].out) return false;
  }
  return true;
}

int GameState::living_sides() const {
  std::vector<int> sides;
  for (SeatIndex s = 0; s < static_cast<SeatIndex>(seats.size()); ++s) {
    if (!seats[s].out && std::find(sides.begin(), sides.end(), alliance_of(s)) == sides.end()) {
      sides.push_back(alliance_of(s));
    }
  }
  return static_cast<int>(sides.size());
}

namespace {

// Alliances clockwise (in the order their first seat comes at the table), each
// left to right: the order priority goes around.
std::vector<SeatIndex> priority_cycle(const GameState& st) {
  std::vector<SeatIndex> out;
  for (int p = 0; p < static_cast<int>(st.seats.size()); ++p) {
    const SeatIndex s = st.seat_at(p);
    if (std::find(out.begin(), out.end(), s) != out.end()) continue;
    for (SeatIndex m : st.members(s)) out.push_back(m);
  }
  return out;
}

}  // namespace

SeatIndex GameState::next_priority(SeatIndex from) const {
  if (!variants.alliances) return next_living(from);
  const auto cycle = priority_cycle(*this);
  const int n = static_cast<int>(cycle.size());
  const int at = static_cast<int>(std::find(cycle.begin(), cycle.end(), from) - cycle.begin());
  for (int i = 1; i <= n; ++i) {
    const SeatIndex s = cycle[static_cast<std::size_t>((at + i) % n)];
    if (!seats[s].out) return s;
  }
  return from;
}

SeatIndex GameState::next_turn(SeatIndex active) const {
  if (!variants.alliances) return next_living(active);
  const auto cycle = priority_cycle(*this);
  const int n = static_cast<int>(cycle.size());
  int last = 0;  // the alliance's last member in the cycle
  for (int i = 0; i < n; ++i) {
    if (allied(cycle[static_cast<std::size_t>(i)], active)) last = i;
  }
  for (int i = 1; i <= n; ++i) {
    const SeatIndex s = cycle[static_cast<std::size_t>((last + i) % n)];
    if (!seats[s].out && !allied(s, active)) return s;  // the next alliance's leftmost member still in
  }
  return lead(active);
}

std::string GameState::home_of(SeatIndex seat) const { return home_key(alliance_of(seat)); }

bool GameState::home_lost(const Region& r) const { return r.home && side_out(r.owner); }

SeatIndex GameState::home_holder(const Region& r) const { return lead(r.owner); }

SeatIndex GameState::location_controller(const Region& r, CardId location) const {
  if (r.home && variants.alliances) {
    const SeatIndex owner = cards[static_cast<std::size_t>(location)].owner;
    return allied(owner, r.owner) && !seats[owner].out ? owner : lead(r.owner);
  }
  return r.controller ? *r.controller : -1;
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

std::string card_ref(CardId id) { return rules::ref_text(id + 1); }

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
