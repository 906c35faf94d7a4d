// EveMatch: Management phase actions and News ("3. Management Phase"):
// play a card (pay its cost, put it on the pile), play a remote region (one
// per turn, unique names), upgrade the base. Each check names the broken rule.
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

std::optional<rules::Rejection> check_management(const GameState& st, SeatIndex seat);

namespace {

rules::Rejection reject(const char* code, std::string message) {
  return rules::Rejection{code, std::move(message)};
}

// "<source>:<effect>[><cN>]": source a card reference or a region key.
std::optional<Action> parse_ability(const std::string& rest) {
  const auto colon = rest.find(':');
  if (colon == std::string::npos || colon == 0) return std::nullopt;
  Action a{Action::Kind::Ability, -1, "", 0};
  const std::string src = rest.substr(0, colon);
  if (auto card = parse_card_ref(src)) a.card = *card;
  else a.target = src;
  const auto gt = rest.find('>', colon);
  const std::string num = rest.substr(colon + 1, gt == std::string::npos ? gt : gt - colon - 1);
  if (num.empty() || num.size() > 3 || !std::all_of(num.begin(), num.end(), ::isdigit)) return std::nullopt;
  a.effect = std::stoi(num);
  if (gt != std::string::npos) {
    auto on = parse_card_ref(rest.substr(gt + 1));
    if (!on) return std::nullopt;
    a.on = *on;
  }
  return a;
}

}  // namespace

std::optional<Action> Action::parse(const std::string& id, std::int64_t value) {
  Action a;
  if (id == "pass") return a;
  if (id == "upgrade") return Action{Kind::Upgrade, -1, "", 0};
  if (id.rfind("region:", 0) == 0) return Action{Kind::Region, -1, id.substr(7), 0};
  if (id.rfind("ability:", 0) == 0) return parse_ability(id.substr(8));
  if (id.rfind("kamikaze:", 0) == 0) {
    const std::string rest = id.substr(9);
    const auto sep = rest.find_first_of("@>");
    const auto card = parse_card_ref(rest.substr(0, sep));
    if (!card || sep == std::string::npos) return std::nullopt;
    Action k{Kind::Kamikaze, *card, "", 0};
    if (rest[sep] == '@') {
      k.target = rest.substr(sep + 1);
      return k;
    }
    const auto on = parse_card_ref(rest.substr(sep + 1));
    if (!on) return std::nullopt;
    k.on = *on;
    return k;
  }
  if (id.rfind("order:", 0) == 0) {
    const auto at = id.find('@');
    const auto card = parse_card_ref(id.substr(6, at == std::string::npos ? at : at - 6));
    if (!card || at == std::string::npos) return std::nullopt;
    return Action{Kind::Order, *card, id.substr(at + 1), 0};
  }
  const bool jump = id.rfind("jump:", 0) == 0;
  if (!jump && id.rfind("play:", 0) != 0) return std::nullopt;
  const std::string rest = id.substr(5);
  const auto at = rest.find('@');
  const auto gt = rest.find('>');
  const auto card = parse_card_ref(rest.substr(0, std::min(at, gt)));
  if (!card || (jump && at == std::string::npos)) return std::nullopt;
  if (gt != std::string::npos) {
    const auto on = parse_card_ref(rest.substr(gt + 1));
    if (jump || at != std::string::npos || !on) return std::nullopt;
    a.on = *on;
  }
  a.kind = jump ? Kind::Jump : Kind::Play;
  a.card = *card;
  if (at != std::string::npos) a.target = rest.substr(at + 1);
  const auto plus = a.target.find('+');
  if (jump && plus != std::string::npos) {  // "jump:c5@home0+c9": c9 becomes the pilot
    const auto pilot = parse_card_ref(a.target.substr(plus + 1));
    if (!pilot) return std::nullopt;
    a.on = *pilot;
    a.target.resize(plus);
  }
  a.x = static_cast<int>(std::clamp<std::int64_t>(value, -1, 1000000));
  return a;
}

std::string Action::option_id() const {
  switch (kind) {
    case Kind::Pass: return "pass";
    case Kind::Upgrade: return "upgrade";
    case Kind::Region: return "region:" + target;
    case Kind::Play: break;
    case Kind::Jump: break;
    case Kind::Ability: {
      std::string out = "ability:";
      out += card >= 0 ? card_ref(card) : target;
      out += ':';
      out += std::to_string(effect);
      if (on >= 0) {
        out += '>';
        out += card_ref(on);
      }
      return out;
    }
    case Kind::Kamikaze: {
      std::string out = "kamikaze:";
      out += card_ref(card);
      out += on >= 0 ? '>' : '@';
      out += on >= 0 ? card_ref(on) : target;
      return out;
    }
    case Kind::Order: {
      std::string out = "order:";
      out += card_ref(card);
      out += '@';
      out += target;
      return out;
    }
  }
  std::string out = kind == Kind::Jump ? "jump:" : "play:";
  out += card_ref(card);
  if (!target.empty()) {
    out += '@';
    out += target;
  }
  if (on >= 0) {
    out += kind == Kind::Jump ? '+' : '>';
    out += card_ref(on);
  }
  return out;
}

std::optional<rules::Rejection> EveMatch::check(SeatIndex seat, const Action& a) const {
  if (state_.result) return reject("MATCH_OVER", "the match is over");
  if (seat < 0 || seat >= seat_count()) return reject("INVALID_SEAT", "no such seat");
  if (state_.pending != Pending::Priority || state_.prompt_seat != seat) {
    return reject("NOT_YOUR_PRIORITY", seat_name(seat) + " does not have priority");
  }
  switch (a.kind) {
    case Action::Kind::Pass: return std::nullopt;
    case Action::Kind::Play: return check_play(seat, a);
    case Action::Kind::Region: return check_region(seat, a);
    case Action::Kind::Upgrade: return check_upgrade(seat);
    case Action::Kind::Jump: return check_jump(seat, a);
    case Action::Kind::Order: return check_order(seat, a);
    case Action::Kind::Kamikaze: return check_kamikaze(seat, a);
    case Action::Kind::Ability: return check_ability(seat, a);
  }
  return std::nullopt;
}

// Management actions other than News: "During your Management phase", and a
// new action opens a new pile, so the pile must be empty.
// Alliances: "all members of the alliance go through the phases and steps
// together" (L199): each member has his Management phase in the alliance's turn.
std::optional<rules::Rejection> check_management(const GameState& st, SeatIndex seat) {
  if (!window(st.phase, st.step).management || !st.allied(seat, st.active)) {
    return reject("WINDOW_CLOSED", "only News may be played outside your Management phase");
  }
  if (!st.pile.empty()) {
    return reject("WINDOW_CLOSED", "only News may be added to a pile that is not resolved yet");
  }
  return std::nullopt;
}

std::optional<rules::Rejection> EveMatch::check_play(SeatIndex seat, const Action& a) const {
  const SeatState& s = state_.seats[seat];
  if (a.card < 0 || a.card >= static_cast<int>(state_.cards.size()) || !contains(s.hand, a.card)) {
    return reject("NOT_IN_HAND", card_ref(a.card) + " is not in your hand");
  }
  const CardDef& d = def(a.card);
  if (d.type == CardType::News) {
    if (!window(state_.phase, state_.step).news) {
      return reject("WINDOW_CLOSED", "News cannot be played during the Draw phase");
    }
  } else if (censored(seat)) {
    return reject("PROHIBITED", "opponents can play only News during this turn (Censor Office)");
  } else if (auto r = check_management(state_, seat)) {
    return r;
  }
  const CardDef* base = db_.find(s.base);
  if (base && !base->races.empty() && !d.playable_by(base->races.front())) {
    return reject("WRONG_RACE", d.name + " cannot be played by " + to_string(base->races.front()));
  }
  if (d.limited && s.limited_played) {
    return reject("LIMITED_ALREADY_PLAYED", "only one Limited card per turn");
  }
  if (d.type == CardType::Location) {
    if (auto r = check_location_target(a)) return r;
  } else if (d.target() == TargetKind::RemoteRegion) {
    if (auto r = check_region_target(d, a.target)) return r;
  } else if (!a.target.empty()) {
    return reject("ILLEGAL_TARGET", d.name + " is not played into a region");
  }
  // "News cards that must name one or more targets can be played only if there
  // are such targets in play, and those targets are legal."
  if (d.target() != TargetKind::None && d.target() != TargetKind::RemoteRegion) {
    if (auto r = check_target(d, a.on)) return r;
    if (auto r = check_news_target(seat, d, a.on)) return r;
  } else if (a.on >= 0) {
    return reject("ILLEGAL_TARGET", d.name + " names no target");
  }
  const bool free_x = d.x_cost && !d.x_is_target_cost;
  if (a.x < 0 || (!free_x && a.x != 0)) return reject("VALUE_OUT_OF_RANGE", "bad X");
  if (cost_of(seat, a) > s.wallet) {
    return reject("CANNOT_AFFORD", d.name + " costs " + std::to_string(cost_of(seat, a)) +
                                       ", wallet has " + std::to_string(s.wallet));
  }
  return std::nullopt;
}

// "If the maximum available number of locations that can be placed in a
// region has been reached, you may not play more locations into it."
std::optional<rules::Rejection> EveMatch::check_location_target(const Action& a) const {
  const Region* r = state_.region(a.target);
  if (!r) return reject("ILLEGAL_TARGET", "no region '" + a.target + "' in play");
  const CardDef* rd = db_.find(r->card);
  if (rd->locations_locked) return reject("ILLEGAL_TARGET", "locations cannot be played into " + rd->name);
  int capacity = rd->locations;
  if (r->home && state_.seats[r->owner].upgraded) capacity = rd->upgrade.locations;
  if (r->home && state_.variants.alliances) {
    // Chosen: an alliance's home region holds the locations of all its bases
    // (members still in the game), as the bases' shields add up (L203).
    capacity = 0;
    for (SeatIndex s : state_.members(r->owner)) {
      if (state_.seats[s].out) continue;
      const CardDef* base = db_.find(state_.seats[s].base);
      capacity += state_.seats[s].upgraded ? base->upgrade.locations : base->locations;
    }
  }
  if (!r->home && rd->locations_unlimited) return std::nullopt;
  auto used = static_cast<int>(r->locations.size());
  for (const auto& p : state_.pile) {
    if (p.kind == PileItem::Kind::Card && p.region == a.target) ++used;
  }
  if (used >= capacity) return reject("REGION_FULL", rd->name + " holds no more locations");
  return std::nullopt;
}

bool EveMatch::region_name_used(const std::string& region_id) const {
  const std::string& name = db_.find(region_id)->name;
  for (const auto& r : state_.regions) {
    if (db_.find(r.card)->name == name) return true;
  }
  for (const auto& p : state_.pile) {
    if (p.kind == PileItem::Kind::Region && db_.find(p.region)->name == name) return true;
  }
  return false;
}

std::optional<rules::Rejection> EveMatch::check_region(SeatIndex seat, const Action& a) const {
  const auto& off = state_.seats[seat].offdeck;
  if (std::find(off.begin(), off.end(), a.target) == off.end()) {
    return reject("NOT_OFF_DECK", "'" + a.target + "' is not one of your remote regions");
  }
  if (auto r = check_management(state_, seat)) return r;
  if (state_.region_played) {
    return reject("REGION_ALREADY_PLAYED", "only one remote region may enter play per turn");
  }
  if (region_name_used(a.target)) {
    return reject("REGION_IN_PLAY", "a region named " + db_.find(a.target)->name + " is in play");
  }
  if (cost_of(seat, a) > state_.seats[seat].wallet) {
    return reject("CANNOT_AFFORD", "the region costs " + std::to_string(cost_of(seat, a)));
  }
  return std::nullopt;
}

std::optional<rules::Rejection> EveMatch::check_upgrade(SeatIndex seat) const {
  const SeatState& s = state_.seats[seat];
  const bool on_pile = std::any_of(state_.pile.begin(), state_.pile.end(), [](const PileItem& p) {
    return p.kind == PileItem::Kind::Upgrade;
  });
  if (s.upgraded || on_pile) return reject("ALREADY_UPGRADED", "the base is already upgraded");
  // Censor Office prohibits what Holder Tower allows: prohibit beats allow (FAQ).
  if (censored(seat)) return reject("PROHIBITED", "opponents cannot upgrade their bases during this turn");
  const bool as_news = db_.find(s.base)->upgrade_as_news;
  if (as_news && !window(state_.phase, state_.step).news) {
    return reject("WINDOW_CLOSED", "no upgrade during the Draw phase");
  }
  if (!as_news) {
    if (auto r = check_management(state_, seat)) return r;
  }
  if (cost_of(seat, Action{Action::Kind::Upgrade, -1, "", 0}) > s.wallet) {
    return reject("CANNOT_AFFORD", "the upgrade costs " +
                                       std::to_string(db_.find(s.base)->upgrade.cost));
  }
  return std::nullopt;
}

// X counts only for the card being played ("In all cases and for all purposes
// except the effect of that card itself, X counts as 0" is about other cards).
std::int64_t EveMatch::cost_of(SeatIndex seat, const Action& a) const {
  switch (a.kind) {
    case Action::Kind::Play: {
      const CardDef& d = def(a.card);
      if (d.x_is_target_cost) return d.cost + (a.on >= 0 ? def(a.on).cost : 0);
      return d.cost + (d.x_cost ? a.x : 0);
    }
    case Action::Kind::Region: return db_.find(a.target)->cost;
    case Action::Kind::Upgrade: return db_.find(state_.seats[seat].base)->upgrade.cost;
    case Action::Kind::Pass: return 0;
    case Action::Kind::Jump: return 0;
    case Action::Kind::Order: return 0;
    case Action::Kind::Kamikaze: return 0;
    case Action::Kind::Ability: return 0;  // paid by play_ability
  }
  return 0;
}

// Every candidate action; legal_actions() keeps the legal ones and labels them.
std::vector<Action> EveMatch::candidate_actions(SeatIndex seat) const {
  std::vector<Action> out;
  // Outside the seat's Management phase only News and abilities can be legal.
  const bool manage = window(state_.phase, state_.step).management && state_.allied(seat, state_.active);
  std::vector<CardId> targets;  // every card in play or on the pile (only if needed)
  for (CardId id : state_.seats[seat].hand) {
    if (def(id).target() != TargetKind::None) {
      targets = targetable_cards();
      break;
    }
  }
  for (CardId id : state_.seats[seat].hand) {
    const CardDef& d = def(id);
    if (!manage && d.type != CardType::News) continue;
    if (d.target() == TargetKind::RemoteRegion) {
      for (const auto& r : state_.regions) {
        if (!r.home) out.push_back(Action{Action::Kind::Play, id, r.key, 0});
      }
      continue;
    }
    if (d.target() != TargetKind::None) {
      for (CardId on : targets) out.push_back(Action{Action::Kind::Play, id, "", 0, on});
      continue;
    }
    if (d.type != CardType::Location) {
      out.push_back(Action{Action::Kind::Play, id, "", 0});
      continue;
    }
    for (const auto& r : state_.regions) out.push_back(Action{Action::Kind::Play, id, r.key, 0});
  }
  kamikaze_options(seat, out);
  ability_options(seat, out);
  out.push_back(Action{Action::Kind::Upgrade, -1, "", 0});  // Holder Tower: also outside management
  if (!manage) return out;
  for (const auto& r : state_.seats[seat].offdeck) out.push_back(Action{Action::Kind::Region, -1, r, 0});
  jump_options(seat, out);
  if (state_.pile.empty()) order_options(seat, out);
  return out;
}

std::string EveMatch::action_label(const Action& a) const {
  switch (a.kind) {
    case Action::Kind::Play: {
      const CardDef& d = def(a.card);
      std::string label = "Play " + d.name + " (" + (d.x_cost ? "X+" : "") + std::to_string(d.cost) + ")";
      if (a.on >= 0) label += " targeting " + card_ref(a.on) + " " + card_name(a.on);
      if (!a.target.empty()) label += " into " + a.target;
      return label;
    }
    case Action::Kind::Region: return "Play remote region " + db_.find(a.target)->name;
    case Action::Kind::Upgrade: return "Upgrade your base";
    case Action::Kind::Jump:
      return "Jump " + card_name(a.card) + " to " + a.target +
             (a.on >= 0 ? " piloted by " + card_name(a.on) + " (" + card_ref(a.on) + ")" : "");
    case Action::Kind::Order: return "Order " + card_name(a.card) + ": " + a.target;
    case Action::Kind::Kamikaze:
      return "Kamikaze: sacrifice " + card_name(a.card) + " to damage " +
             (a.on >= 0 ? card_name(a.on) + " (" + card_ref(a.on) + ")" : "the base of " + a.target);
    case Action::Kind::Ability: {
      const CardDef& d = ability_def(a.card, a.target);
      std::string label = "Ability of ";
      label += d.name;
      label += ": ";
      label += d.text;
      if (a.on >= 0) {
        label += " -> ";
        label += card_ref(a.on);
        label += ' ';
        label += card_name(a.on);
      }
      return label;
    }
    case Action::Kind::Pass: break;
  }
  return "Pass";
}

std::vector<rules::PromptOption> EveMatch::legal_actions(SeatIndex seat) const {
  std::vector<rules::PromptOption> out;
  for (const auto& a : candidate_actions(seat)) {
    if (check(seat, a)) continue;
    std::optional<rules::ValueRange> range;
    if (a.kind == Action::Kind::Play && def(a.card).x_cost && !def(a.card).x_is_target_cost) {
      range = rules::ValueRange{0, state_.seats[seat].wallet - def(a.card).cost};
    }
    out.push_back({a.option_id(), action_label(a), range});
  }
  return out;
}

// Pay the cost and put the action on the pile; the actor keeps priority.
void EveMatch::take(SeatIndex seat, const Action& a, Events& ev) {
  SeatState& s = state_.seats[seat];
  s.wallet -= cost_of(seat, a);
  state_.passes = 0;
  if (a.kind == Action::Kind::Upgrade) {
    state_.pile.push_back(PileItem{PileItem::Kind::Upgrade, seat, -1, ""});
    emit(ev, "upgrade_played", seat_name(seat) + " pays to upgrade the base");
    return;
  }
  if (a.kind == Action::Kind::Order) {
    give_order(seat, a, ev);
    return;
  }
  if (a.kind == Action::Kind::Kamikaze) {
    play_kamikaze(seat, a, ev);
    return;
  }
  if (a.kind == Action::Kind::Ability) {
    play_ability(seat, a, ev);
    return;
  }
  if (a.kind == Action::Kind::Jump) {
    // FAQ: "You must place a ship leaving the docks onto the pile."
    state_.pile.push_back(PileItem{PileItem::Kind::Jump, seat, a.card, a.target, a.on});
    emit(ev, "jump_played", seat_name(seat) + " jumps " + card_ref(a.card) + " " +
                                card_name(a.card) + " to " + a.target);
    return;
  }
  if (a.kind == Action::Kind::Region) {
    s.offdeck.erase(std::find(s.offdeck.begin(), s.offdeck.end(), a.target));
    state_.region_played = true;
    state_.pile.push_back(PileItem{PileItem::Kind::Region, seat, -1, a.target});
    emit(ev, "region_played", seat_name(seat) + " plays " + db_.find(a.target)->name);
    return;
  }
  const CardDef& d = def(a.card);
  remove_from(s.hand, a.card);
  state_.cards[a.card].x = d.x_is_target_cost ? def(a.on).cost : d.x_cost ? a.x : 0;
  if (d.limited) s.limited_played = true;
  state_.pile.push_back(PileItem{PileItem::Kind::Card, seat, a.card, a.target, a.on});
  emit(ev, "card_played", seat_name(seat) + " plays " + card_ref(a.card) + " " + d.name +
                              (a.target.empty() ? "" : " into " + a.target) +
                              (a.on < 0 ? "" : " targeting " + card_ref(a.on)));
  if (d.type == CardType::Location) location_played(seat, a.target, ev);
}

}  // namespace concord::eve
