// EveMatch: News effects beyond the first vocabulary (match_effects.cpp).
//  - Frontline Intelligence (text chosen): "Give an order to target friendly
//    ship." FAQ: "you cannot use the News Frontline Intelligence to give an
//    order to a ship if the ship is in the region Cloud Ring, because Cloud Ring
//    says that ships in that region cannot execute their orders" (prohibit beats
//    allow): refused when played (ORDERS_PROHIBITED), no effect if the ship is
//    there when it resolves. Attacking ships cannot be given orders (FAQ). The
//    order is chosen when it resolves (`choose_order`).
//  - Feed on the Weak (text chosen): "Target ship with shield 2 or less is
//    destroyed" (the shield is checked when it is played, FAQ: targets are not
//    checked again when it resolves).
//  - Exiled from the Empire (text chosen): "Put target ship on the bottom of its
//    owner's market." FAQ: it may target a ship on the pile.
//  - Depleted Resources (text chosen): "Target ship cannot execute Mine
//    Minerals until end of turn."
//  - Remnant of Vak'atioth (text chosen): "Draw X cards, then discard X cards."
//  - Forsaken Ruins: "All ships in target remote region return to the home
//    regions of the players who control them. No ships may jump into that
//    remote region while Forsaken Ruins remains in play."
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

rules::Rejection reject(const char* code, std::string message) {
  return rules::Rejection{code, std::move(message)};
}

const EffectDef* targeted_effect(const CardDef& d) {
  for (const auto& e : d.effects) {
    if (e.trigger == Trigger::WhenResolved && e.target != TargetKind::None) return &e;
  }
  return nullptr;
}

}  // namespace

// Restrictions of a News card's target beyond its kind (check_target).
std::optional<rules::Rejection> EveMatch::check_news_target(SeatIndex seat, const CardDef& d, CardId t) const {
  const EffectDef* e = targeted_effect(d);
  if (!e || t < 0) return std::nullopt;
  if (e->target_friendly && !state_.allied(state_.cards[t].owner, seat)) {  // allies' ships are friendly
    return reject("ILLEGAL_TARGET", d.name + " needs a friendly ship");
  }
  if (e->target_max_shield > 0 && shield_of(t) > e->target_max_shield) {
    return reject("ILLEGAL_TARGET", card_name(t) + " has shield " + std::to_string(shield_of(t)) + " (" + d.name +
                                        ": shield " + std::to_string(e->target_max_shield) + " or less)");
  }
  if (e->kind != EffectKind::GiveOrder) return std::nullopt;
  const Region* r = ship_region(t);
  if (!r) return reject("ILLEGAL_TARGET", card_name(t) + " is not in a region");
  if (static_change(t, ChangeKind::CannotExecute)) {
    return reject("ORDERS_PROHIBITED", "ships in " + db_.find(r->card)->name + " cannot execute their orders");
  }
  if (is_attacking(t)) return reject("SHIP_ATTACKING", card_name(t) + " is attacking");
  if (orders_of(t).empty()) return reject("ILLEGAL_TARGET", card_name(t) + " has no orders");
  return std::nullopt;
}

// Forsaken Ruins: a remote region in play (`play:cN@<region>`).
std::optional<rules::Rejection> EveMatch::check_region_target(const CardDef& d, const std::string& key) const {
  const Region* r = state_.region(key);
  if (!r || r->home) return reject("ILLEGAL_TARGET", d.name + " needs a remote region in play");
  return std::nullopt;
}

// "No ships may jump into that remote region while Forsaken Ruins remains in play."
bool EveMatch::jumps_prohibited_into(const std::string& region) const {
  for (const auto& s : state_.seats) {
    for (CardId n : s.news) {
      if (state_.cards[n].region != region) continue;
      for (const auto& e : def(n).effects) {
        if (e.kind == EffectKind::ReturnShipsHome) return true;
      }
    }
  }
  return false;
}

// The effects of this file; false: not one of them.
bool EveMatch::apply_news_effect(const PileItem& item, const EffectDef& e, Events& ev) {
  SeatState& me = state_.seats[item.controller];
  const int amount = e.amount_is_x ? state_.cards[item.card].x : e.amount;
  switch (e.kind) {
    case EffectKind::DrawCards:
      for (int i = 0; i < amount && !state_.result; ++i) draw(item.controller, ev);
      return true;
    case EffectKind::DiscardCards: {
      const int n = std::min<int>(amount, static_cast<int>(me.hand.size()));
      if (n > 0) open_choice(ResolutionChoice::Kind::Discard, item.controller, n, item.card);
      return true;
    }
    case EffectKind::ReturnShipsHome: return_ships_home(item, ev); return true;
    case EffectKind::RevealLocationIntoPlay: reveal_location(item, ev); return true;
    default: break;
  }
  const CardId t = item.target;
  if (t < 0 || !in_play_or_on_pile(t)) return false;  // "no effect" (match_effects.cpp)
  switch (e.kind) {
    case EffectKind::GiveOrder: {
      const Region* r = ship_region(t);
      if (!r || static_change(t, ChangeKind::CannotExecute) || is_attacking(t) || orders_of(t).empty()) {
        emit(ev, "no_effect", card_name(item.card) + ": " + card_name(t) + " cannot be given an order");
        return true;
      }
      state_.choice = ResolutionChoice{ResolutionChoice::Kind::GiveOrder, item.controller, 1, t};
      state_.pending = Pending::Choice;
      state_.prompt_seat = item.controller;
      return true;
    }
    default: return false;
  }
}

void EveMatch::return_ships_home(const PileItem& item, Events& ev) {
  Region* r = state_.region(item.region);
  if (!r || r->home) return;
  state_.cards[item.card].region = item.region;  // remembered while the News stays in play
  for (CardId ship : std::vector<CardId>(r->ships)) {
    CardInstance& c = state_.cards[ship];
    remove_from(r->ships, ship);
    c.order.clear();  // a jump stops every order
    std::erase_if(state_.combat.attackers, [ship](const auto& p) { return p.first == ship; });
    Region* home = state_.region(state_.home_of(c.owner));
    home->ships.push_back(ship);
    emit(ev, "returned_home", card_name(ship) + " (" + card_ref(ship) + ") returns to " + home->key);
  }
  update_control(*r);
}

rules::Prompt EveMatch::give_order_prompt() const {
  const CardId ship = state_.choice.source;
  rules::Prompt p{"choose_order", "Give an order to " + card_name(ship) + " (" + card_ref(ship) + ")", 1, 1, {}};
  for (const auto& o : orders_of(ship)) {
    const std::string id = to_string(o.kind);
    const bool seen = std::any_of(p.options.begin(), p.options.end(), [&](const auto& x) { return x.id == id; });
    if (!seen) p.options.push_back({id, id + " " + std::to_string(o.strength), std::nullopt});
  }
  return p;
}

void EveMatch::apply_give_order(const rules::Answer& answer, Events& ev) {
  const CardId ship = state_.choice.source;
  state_.cards[ship].order = answer.choices.front().option_id;
  emit(ev, "order", card_name(ship) + " (" + card_ref(ship) + ") executes " + state_.cards[ship].order);
  take_choice();
  resolve_pile(ev);
}

}  // namespace concord::eve
