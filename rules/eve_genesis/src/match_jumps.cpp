// EveMatch: "Jump a ship" (Management phase): undock (docks -> home region),
// dock (home region -> docks), hyperjump (region -> region). A jump goes on
// the pile; the ship stays where it is until the jump resolves (FAQ: "The
// ship is in the docks, and therefore cannot be targeted, until that ship
// resolves from the pile"). Control of remote regions follows the ships.
// Jumps into regions an opponent controls are attacks: not implemented yet.
#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

std::optional<rules::Rejection> check_management(const GameState& st, SeatIndex seat);

namespace {

rules::Rejection reject(const char* code, std::string message) {
  return rules::Rejection{code, std::move(message)};
}

}  // namespace

std::string EveMatch::ship_location(CardId id) const {
  for (const auto& s : state_.seats) {
    if (contains(s.docks, id)) return kDocks;
  }
  for (const auto& r : state_.regions) {
    if (contains(r.ships, id)) return r.key;
  }
  return "";
}

std::optional<rules::Rejection> EveMatch::check_jump(SeatIndex seat, const Action& a) const {
  const bool valid = a.card >= 0 && a.card < static_cast<int>(state_.cards.size());
  const std::string from = valid ? ship_location(a.card) : "";
  if (from.empty() || def(a.card).type != CardType::Ship || state_.cards[a.card].owner != seat) {
    return reject("ILLEGAL_TARGET", card_ref(a.card) + " is not a ship of yours in play");
  }
  if (auto r = check_management(state_, seat)) return r;
  const std::string home = home_key(seat);
  if (from == kDocks) {
    // "A ship cannot be undocked until it is completely built."
    if (state_.cards[a.card].build > 0) return reject("NOT_BUILT", card_name(a.card) + " is not built yet");
    if (a.target != home) return reject("ILLEGAL_JUMP", "a docked ship undocks into your home region");
    return std::nullopt;
  }
  if (a.target == kDocks) {
    if (from != home) return reject("ILLEGAL_JUMP", "a ship docks from your home region");
    return std::nullopt;
  }
  const Region* to = state_.region(a.target);
  if (!to) return reject("ILLEGAL_TARGET", "no region '" + a.target + "' in play");
  if (a.target == from) return reject("ILLEGAL_JUMP", "the ship is already there");
  if (to->controller && *to->controller != seat) {
    return reject("ATTACK_NOT_SUPPORTED", "attacks (jumps into enemy regions) are not implemented yet");
  }
  return std::nullopt;
}

void EveMatch::jump_options(SeatIndex seat, std::vector<Action>& out) const {
  auto add = [&](CardId id, const std::string& to) {
    out.push_back(Action{Action::Kind::Jump, id, to, 0});
  };
  for (CardId id : state_.seats[seat].docks) {
    if (def(id).type == CardType::Ship) add(id, home_key(seat));
  }
  for (const auto& r : state_.regions) {
    for (CardId id : r.ships) {
      if (state_.cards[id].owner != seat) continue;
      if (r.key == home_key(seat)) add(id, kDocks);
      for (const auto& to : state_.regions) {
        if (to.key != r.key) add(id, to.key);
      }
    }
  }
}

void EveMatch::resolve_jump(const PileItem& item, Events& ev) {
  const std::string from = ship_location(item.card);
  if (from.empty()) return;  // the ship left play while the jump was on the pile
  CardInstance& ship = state_.cards[item.card];
  SeatState& owner = state_.seats[ship.owner];
  if (from == kDocks) {
    remove_from(owner.docks, item.card);
  } else {
    remove_from(state_.region(from)->ships, item.card);
  }
  ship.order.clear();  // "Before making a jump, the ship stops executing all orders."
  if (item.region == kDocks) {
    owner.docks.push_back(item.card);
  } else {
    state_.region(item.region)->ships.push_back(item.card);
    update_control(*state_.region(item.region));
  }
  if (from != kDocks) update_control(*state_.region(from));
  emit(ev, "jumped", card_name(item.card) + " jumps from " + from + " to " + item.region);
}

// FAQ: "As soon as you jump a ship into an uncontrolled remote region, you gain
// control of it. ... When your last ship leaves the remote region, you lose
// control of it, and it either becomes uncontrolled or passes under the
// control of an opponent who has at least one ship in that region."
void EveMatch::update_control(Region& region) {
  if (region.home) return;
  auto has_ships = [&](SeatIndex s) {
    for (CardId id : region.ships) {
      if (state_.cards[id].owner == s) return true;
    }
    return false;
  };
  if (region.controller && has_ships(*region.controller)) return;
  region.controller.reset();
  for (SeatIndex s = 0; s < seat_count(); ++s) {
    if (has_ships(s)) {
      region.controller = s;
      return;
    }
  }
}

}  // namespace concord::eve
