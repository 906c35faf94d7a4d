// EveMatch: the first effect vocabulary (News effects) and targets.
//  - "You need to name a legal target when the ability or News is placed on the
//    pile. The legality of targets is not checked when the card resolves" (FAQ).
//  - "If the target of a News card or activated ability no longer exists when
//    it resolves from the pile, no effect occurs."
//  - "Cards on the pile may be targeted and destroyed unless stated that they
//    cannot be"; "Docked ships cannot be targeted by cards or abilities."
//  - "If an effect removes (destroys) another effect that lies lower in the
//    pile, that other effect is removed from the pile and will not be resolved."
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

rules::Rejection reject(const char* code, std::string message) {
  return rules::Rejection{code, std::move(message)};
}

bool kind_fits(TargetKind kind, CardType type) {
  switch (kind) {
    case TargetKind::Ship: return type == CardType::Ship;
    case TargetKind::News: return type == CardType::News;
    case TargetKind::Card: return true;
    case TargetKind::None: return false;
    case TargetKind::ScrapheapLocation: return false;
    case TargetKind::RemoteRegion: return false;
    case TargetKind::PilotedShip: return false;
  }
  return false;
}

}  // namespace

bool EveMatch::in_play_or_on_pile(CardId id) const {
  for (const auto& p : state_.pile) {
    if (p.kind == PileItem::Kind::Card && p.card == id) return true;
  }
  for (const auto& s : state_.seats) {
    if (contains(s.structures, id) || contains(s.news, id)) return true;
  }
  for (const auto& r : state_.regions) {
    if (contains(r.locations, id) || contains(r.ships, id)) return true;
  }
  return false;
}

std::vector<CardId> EveMatch::targetable_cards() const {
  std::vector<CardId> out;
  for (const auto& p : state_.pile) {
    if (p.kind == PileItem::Kind::Card) out.push_back(p.card);
  }
  for (const auto& s : state_.seats) {
    out.insert(out.end(), s.structures.begin(), s.structures.end());
    out.insert(out.end(), s.news.begin(), s.news.end());
  }
  for (const auto& r : state_.regions) {
    out.insert(out.end(), r.locations.begin(), r.locations.end());
    out.insert(out.end(), r.ships.begin(), r.ships.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<rules::Rejection> EveMatch::check_target(const CardDef& source, CardId target) const {
  if (target < 0 || target >= static_cast<CardId>(state_.cards.size())) {
    return reject("ILLEGAL_TARGET", source.name + " needs a target");
  }
  if (!in_play_or_on_pile(target)) {
    return reject("ILLEGAL_TARGET", card_ref(target) + " is not in play (undocked) or on the pile");
  }
  const CardDef& t = def(target);
  if (!kind_fits(source.target(), t.type)) {
    return reject("ILLEGAL_TARGET", t.name + " is not a legal target for " + source.name);
  }
  if (t.untargetable || (t.untargetable_by_news && source.type == CardType::News)) {
    return reject("ILLEGAL_TARGET", t.name + " cannot be targeted");
  }
  return std::nullopt;
}

void EveMatch::take_out(CardId id) {
  std::erase_if(state_.pile, [id](const PileItem& p) {
    return p.kind == PileItem::Kind::Card && p.card == id;
  });
  for (auto& s : state_.seats) {
    remove_from(s.structures, id);
    remove_from(s.news, id);
  }
  for (auto& r : state_.regions) {
    remove_from(r.locations, id);
    if (remove_from(r.ships, id)) update_control(r);
  }
  for (auto& s : state_.seats) remove_from(s.docks, id);
  // "When a ship with a pilot leaves play, the pilot leaves play with it. The
  // player may pay the clone cost of that pilot to return him to his docks."
  const CardId pilot = state_.cards[id].pilot;
  if (pilot >= 0) {
    SeatState& o = state_.seats[state_.cards[pilot].owner];
    remove_from(o.pilots, pilot);
    o.scrapheap.push_back(pilot);
    state_.clones.push_back(pilot);
  }
  release_under(id);
  reset_counters(state_.cards[id]);
  forget(id);
}

// A card that leaves play is a new object: effects, targets and combat roles
// that named it no longer apply ("News cards remain in play ... but do not
// name new targets"; a target that left play means no effect).
void EveMatch::forget(CardId id) {
  auto& c = state_.combat;
  auto first_is = [id](const auto& p) { return p.first == id; };
  auto either_is = [id](const auto& p) { return p.first == id || p.second == id; };
  std::erase_if(c.attackers, first_is);
  if (remove_from(c.defenders, id)) c.defender_left = true;
  std::erase_if(c.assigned, either_is);
  std::erase_if(c.shares, [id](const CombatState::Share& s) { return s.ship == id || s.target == id; });
  std::erase_if(c.forced, either_is);
  std::erase_if(c.withdrawals, first_is);
  remove_from(c.queue, id);
  forget_effects(id);
  for (auto* items : {&state_.pile, &state_.waiting, &c.triggered}) {
    for (auto& p : *items) {
      if (p.target == id) p.target = -1;
      std::erase(p.targets, id);
      std::erase_if(p.damage, [id](const DamageEntry& d) { return d.source == id || d.target == id; });
    }
  }
}

void EveMatch::apply_effects(const PileItem& item, Events& ev) {
  for (const auto& e : def(item.card).effects) {
    if (state_.result) return;  // a draw from an empty market ended the match
    if (e.trigger != Trigger::WhenResolved) continue;
    if (e.kind == EffectKind::Handler) {
      run_handler(e.handler, item, ev);
      continue;
    }
    if (apply_news_effect(item, e, ev)) continue;
    const CardId t = item.target;
    if (t < 0 || !in_play_or_on_pile(t)) {
      emit(ev, "no_effect", card_name(item.card) + ": its target no longer exists");
      continue;
    }
    SeatState& owner = state_.seats[state_.cards[t].owner];
    if (e.kind == EffectKind::DamageTarget) {
      deal_effect_damage(item.controller, {DamageEntry{item.card, t, -1, e.amount}}, ev);
    } else if (e.kind == EffectKind::AddEffect) {  // Stubborn Mechanic: while the News stays in play
      add_effects(item.card, item.controller, e, t, "", ev);
    } else if (e.kind == EffectKind::MoveTarget) {
      move_target(item, e, t, ev);
    } else if (e.kind == EffectKind::DestroyTarget) {
      if (location_locked(t)) {
        emit(ev, "no_effect", card_name(t) + " cannot leave its region");  // Ginnungagap
        continue;
      }
      if (def(t).indestructible) continue;
      const bool ship = def(t).type == CardType::Ship && !ship_location(t).empty();
      take_out(t);
      owner.scrapheap.push_back(t);
      emit(ev, "destroyed", card_name(t) + " (" + card_ref(t) + ") is destroyed");
      if (ship) ship_destroyed(t, state_.cards[t].owner, ev);
    }
  }
}

}  // namespace concord::eve
