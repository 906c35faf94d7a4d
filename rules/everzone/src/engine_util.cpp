#include <algorithm>
#include <charconv>

#include "concord/everzone/event.hpp"
#include "engine.hpp"

#include "concord/rules/card_refs.hpp"

namespace concord::everzone {

std::string instance_id(int instance) { return rules::ref_text(instance); }

std::string discard_option(int instance) {
  std::string out = "discard_";
  out += instance_id(instance);
  return out;
}

std::optional<int> parse_instance(const std::string& id) {
  if (id.size() < 2 || id[0] != 'c') return std::nullopt;
  int v = 0;
  auto [p, ec] = std::from_chars(id.data() + 1, id.data() + id.size(), v);
  if (ec != std::errc{} || p != id.data() + id.size() || v < 0) return std::nullopt;
  return v;
}

void move_card(std::vector<int>& from, std::vector<int>& to, int instance) {
  auto it = std::find(from.begin(), from.end(), instance);
  if (it == from.end()) return;
  from.erase(it);
  to.push_back(instance);
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

const Card& Engine::card(int instance) const {
  return db_.at(s_.card_of.at(static_cast<std::size_t>(instance)));
}

std::string Engine::name(int instance) const {
  std::string out = card(instance).name;
  out += " (";
  out += instance_id(instance);
  out += ")";
  return out;
}

std::string Engine::names(const std::vector<int>& instances) const {
  if (instances.empty()) return "nothing";
  std::string out;
  for (int c : instances) {
    if (!out.empty()) out += ", ";
    out += name(c);
  }
  return out;
}

std::string Engine::seat_name(int seat) {
  std::string out = "seat ";
  out += std::to_string(seat);
  return out;
}

void Engine::emit(std::string kind, std::string text, rules::Visibility v, int seat, const std::vector<int>& cards,
                  int amount, const std::vector<int>& seats) {
  auto data = std::make_shared<EverZoneEvent>();
  data->kind = kind;
  data->seat = seat;
  for (int c : cards) data->cards.push_back(instance_id(c));
  data->amount = amount;
  data->seats = seats;
  events_.push_back(rules::Event{std::move(kind), std::move(text), std::move(v), std::move(data)});
}

int Engine::controller(int instance) const { return controller_of(s_, instance); }

// Out of every zone in play; a Control effect on it ends.
void Engine::take_out(int instance) {
  for (auto& p : s_.players)
    for (auto* zone : {&p.active, &p.withdrawn, &p.deployed})
      if (auto it = std::find(zone->begin(), zone->end(), instance); it != zone->end()) zone->erase(it);
  for (auto& e : s_.lingering)
    if (e.change == Change::Control) std::erase(e.cards, instance);
  std::erase_if(s_.lingering, [](const Effect& e) { return e.change == Change::Control && e.cards.empty(); });
}

std::string Engine::side_name(const Side& side) {
  std::string out = side.seats.size() > 1 ? "seats " : "seat ";
  for (std::size_t i = 0; i < side.seats.size(); ++i) {
    if (i > 0) out += "+";
    out += std::to_string(side.seats[i]);
  }
  return out;
}

// Opens (or closes) every prompt of the phase; seats out of the game never wait.
void Engine::set_waiting(bool value) {
  for (auto& p : s_.players) {
    p.waiting = value && !p.eliminated;
    p.answered = false;
    p.secret.clear();
    p.surrender = false;
    p.secret_target = -1;
  }
}

bool Engine::anyone_waiting() const {
  return std::any_of(s_.players.begin(), s_.players.end(), [](const auto& p) { return p.waiting; });
}

}  // namespace concord::everzone
