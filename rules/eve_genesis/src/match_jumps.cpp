// EveMatch: "Jump a ship" (Management phase): undock (docks -> home region),
// dock (home region -> docks), hyperjump (region -> region). A jump goes on
// the pile; the ship stays where it is until the jump resolves (FAQ: "The
// ship is in the docks, and therefore cannot be targeted, until that ship
// resolves from the pile"). Control of remote regions follows the ships.
// Jumps into regions an opponent controls are attacks (match_combat.cpp): "If
// you wish to attack the same region with several ships, they all jump into
// it simultaneously" - so attack jumps into the same region may join a pile
// that holds only such jumps.
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

std::optional<rules::Rejection> check_management(const GameState& st, SeatIndex seat);

namespace {

rules::Rejection reject(const char* code, std::string message) {
  return rules::Rejection{code, std::move(message)};
}

}  // namespace

// An attack jump joins a pile holding only the seat's attack jumps into the
// same region, while the seat still holds its priority (nobody passed yet).
bool EveMatch::joins_attack(SeatIndex seat, const Action& a) const {
  const auto& pile = state_.pile;
  if (pile.empty() || !state_.allied(seat, state_.active) || state_.passes != 0 ||
      !window(state_.phase, state_.step).management) {
    return false;
  }
  return std::all_of(pile.begin(), pile.end(), [&](const PileItem& p) {
    return p.kind == PileItem::Kind::Jump && p.controller == seat && p.region == a.target &&
           p.card != a.card;
  });
}

const std::string& EveMatch::ship_location(CardId id) const {
  static const std::string docks = kDocks;
  static const std::string elsewhere;
  for (const auto& s : state_.seats) {
    if (contains(s.docks, id)) return docks;
  }
  for (const auto& r : state_.regions) {
    if (contains(r.ships, id)) return r.key;
  }
  return elsewhere;
}

const Region* EveMatch::ship_region(CardId id) const {
  for (const auto& s : state_.seats) {
    if (contains(s.docks, id)) return nullptr;
  }
  for (const auto& r : state_.regions) {
    if (contains(r.ships, id)) return &r;
  }
  return nullptr;
}

std::optional<rules::Rejection> EveMatch::check_jump(SeatIndex seat, const Action& a) const {
  const bool valid = a.card >= 0 && a.card < static_cast<int>(state_.cards.size());
  const std::string from = valid ? ship_location(a.card) : "";
  if (from.empty() || def(a.card).type != CardType::Ship || state_.cards[a.card].owner != seat) {
    return reject("ILLEGAL_TARGET", card_ref(a.card) + " is not a ship of yours in play");
  }
  // "... your ship attacks that region and cannot use its activated abilities,
  // execute orders or jump again during the same Management phase."
  if (is_attacking(a.card)) return reject("SHIP_ATTACKING", card_name(a.card) + " is attacking");
  if (has_change(a.card, ChangeKind::CannotJump) || static_change(a.card, ChangeKind::CannotJump)) {
    return reject("SHIP_ATTACKING", card_name(a.card) + " attacked this Management phase and cannot jump again");
  }
  const Region* dest = state_.region(a.target);
  // L205 (alliances): "Players may jump ships into friendly regions controlled
  // by other players and leave them there. This is not regarded as an attack".
  const bool attack = dest && dest->controller && !state_.allied(*dest->controller, seat);
  if (!(attack && joins_attack(seat, a))) {
    if (auto r = check_management(state_, seat)) return r;
  }
  const std::string home = state_.home_of(seat);  // alliances: the alliance's one home region
  if (from == kDocks) {
    // "A ship cannot be undocked until it is completely built."
    if (state_.cards[a.card].build > 0) return reject("NOT_BUILT", card_name(a.card) + " is not built yet");
    if (a.target != home) return reject("ILLEGAL_JUMP", "a docked ship undocks into your home region");
    return check_pilot(seat, a);
  }
  if (a.on >= 0) return reject("ILLEGAL_TARGET", "a pilot boards only a ship undocking into your home region");
  if (a.target == kDocks) {
    if (from != home) return reject("ILLEGAL_JUMP", "a ship docks from your home region");
    return std::nullopt;
  }
  const Region* to = state_.region(a.target);
  if (!to) return reject("ILLEGAL_TARGET", "no region '" + a.target + "' in play");
  if (a.target == from) return reject("ILLEGAL_JUMP", "the ship is already there");
  if (state_.home_lost(*to)) return reject("ILLEGAL_JUMP", "that player is out of the game");
  if (jumps_prohibited_into(a.target)) return reject("PROHIBITED", "no ships may jump into " + a.target);
  if (attack && state_.variants.range > 0) {
    // Range (Optional Variants): "Range 1 means that you may jump your ships
    // only into the regions of the player sitting to your left. Range 2 means
    // that you may jump your ships into the regions of the players sitting
    // both to your left and to your right." A region of a player = one that
    // player controls (its home region, a remote region it holds).
    const SeatIndex holder = *to->controller;
    const bool left = holder == state_.next_living(seat);
    const bool right = state_.variants.range >= 2 && holder == state_.previous_living(seat);
    if (!left && !right) {
      return reject("OUT_OF_RANGE", "Range " + std::to_string(state_.variants.range) + ": " + seat_name(holder) +
                                        " does not sit to your " + (state_.variants.range == 1 ? "left" : "left or right"));
    }
  }
  if (attack) {
    // "An effect that prohibits an action always takes priority" (Martial Law).
    for (const auto& s : state_.seats) {
      for (CardId n : s.news) {
        if (def(n).no_attack_jumps) return reject("ATTACKS_PROHIBITED", card_name(n) + ": ships cannot jump into enemy regions");
      }
    }
  }
  return std::nullopt;
}

void EveMatch::jump_options(SeatIndex seat, std::vector<Action>& out) const {
  auto add = [&](CardId id, const std::string& to) {
    out.push_back(Action{Action::Kind::Jump, id, to, 0});
  };
  const auto& docks = state_.seats[seat].docks;
  for (CardId id : docks) {
    if (def(id).type != CardType::Ship) continue;
    add(id, state_.home_of(seat));
    for (CardId ch : docks) {  // "you may choose a character in your docks"
      if (def(ch).type == CardType::Character) out.push_back(Action{Action::Kind::Jump, id, state_.home_of(seat), 0, ch});
    }
  }
  for (const auto& r : state_.regions) {
    for (CardId id : r.ships) {
      if (state_.cards[id].owner != seat) continue;
      if (r.key == state_.home_of(seat)) add(id, kDocks);
      for (const auto& to : state_.regions) {
        if (to.key != r.key) add(id, to.key);
      }
    }
  }
}

void EveMatch::resolve_jump(const PileItem& item, Events& ev) {
  const std::string from = ship_location(item.card);
  if (from.empty()) return;  // the ship left play while the jump was on the pile
  if (item.region != kDocks && jumps_prohibited_into(item.region)) {  // Forsaken Ruins resolved meanwhile
    emit(ev, "no_effect", "no ships may jump into " + item.region);
    return;
  }
  if (!item.from.empty()) {  // a withdrawal: from the battle it was announced in, never an attack
    if (from != item.from) {
      emit(ev, "no_effect", card_name(item.card) + " is no longer in " + item.from + ": it does not withdraw");
      return;
    }
    withdraw_ship(item.card, item.region, ev);
    return;
  }
  CardInstance& ship = state_.cards[item.card];
  SeatState& owner = state_.seats[ship.owner];
  if (from == kDocks) {
    remove_from(owner.docks, item.card);
  } else {
    remove_from(state_.region(from)->ships, item.card);
  }
  ship.order.clear();  // "Before making a jump, the ship stops executing all orders."
  if (item.region == kDocks) {
    put_in_docks(item.card, ev);
  } else if (from == kDocks && item.target >= 0) {
    state_.region(item.region)->ships.push_back(item.card);
    board_pilot(item.card, item.target, ev);
  } else {
    Region* to = state_.region(item.region);
    const bool attack = to->controller && !state_.allied(*to->controller, ship.owner);
    to->ships.push_back(item.card);
    if (attack) record_attack(item.card, item.region, ev);
    update_control(*to);
  }
  if (from != kDocks) update_control(*state_.region(from));
  emit(ev, "jumped", card_name(item.card) + " jumps from " + from + " to " + item.region);
}

// FAQ: "As soon as you jump a ship into an uncontrolled remote region, you gain
// control of it. ... When your last ship leaves the remote region, you lose
// control of it, and it either becomes uncontrolled or passes under the
// control of an opponent who has at least one ship in that region."
// Alliances (L205): an ally's ships in a region "control of the region does not
// change"; chosen: when the controller's last ship leaves, an ally with ships
// there takes control before an opponent (the region stays friendly).
void EveMatch::update_control(Region& region) {
  if (region.home) return;
  auto has_ships = [&](SeatIndex s) {
    for (CardId id : region.ships) {
      if (state_.cards[id].owner == s) return true;
    }
    return false;
  };
  if (region.controller && has_ships(*region.controller)) return;
  const std::optional<SeatIndex> before = region.controller;
  region.controller.reset();
  for (SeatIndex s = 0; before && s < seat_count(); ++s) {
    if (state_.allied(s, *before) && has_ships(s)) {
      region.controller = s;
      return;
    }
  }
  for (SeatIndex s = 0; s < seat_count(); ++s) {
    if (has_ships(s)) {
      region.controller = s;
      return;
    }
  }
}

}  // namespace concord::eve
