// PositionParser: the combat part of the position format (README.md
// "Position format", combat lines) and its whole-position checks.
#include <algorithm>

#include "position_parser.hpp"
#include "text.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

std::optional<OrderKind> order_of(const std::string& s) {
  for (int i = 0; i <= static_cast<int>(OrderKind::Sniper); ++i) {
    if (to_string(static_cast<OrderKind>(i)) == s) return static_cast<OrderKind>(i);
  }
  return std::nullopt;
}

}  // namespace

std::optional<CardId> PositionParser::ref(const std::string& s) {
  auto r = parse_card_ref(s);
  if (!r) {
    fail("expected a card reference like c12, got '" + s + "'");
    return std::nullopt;
  }
  ref_lines_.emplace_back(line_no_, *r);
  return r;
}

bool PositionParser::refs(const Words& w, std::size_t from, std::vector<CardId>& out) {
  for (std::size_t i = from; i < w.size(); ++i) {
    auto r = ref(w[i]);
    if (!r) return false;
    out.push_back(*r);
  }
  return true;
}

bool PositionParser::is_combat_line(const std::string& k) {
  // Jam, Warp Scramble and Sensor Dampen targets are `effect` lines (until=combat_phase).
  static const char* keys[] = {"attack",     "attacker",  "combat", "defenders", "queue",  "assigned", "forced",
                               "withdrawal", "triggered", "mined",  "clones",    "effect", "under",    "share"};
  return std::any_of(std::begin(keys), std::end(keys), [&](const char* x) { return k == x; });
}

bool PositionParser::combat_line(const Words& w) {
  CombatState& c = st_.combat;
  const std::string& k = w[0];
  if (k == "attack") {
    for (std::size_t i = 1; i < w.size(); ++i) {
      if (!region_for(w[i])) return false;
      c.attacks.push_back(w[i]);
    }
    return true;
  }
  if (k == "defenders") return refs(w, 1, c.defenders);
  if (k == "queue") return refs(w, 1, c.queue);
  if (k == "mined") return refs(w, 1, st_.mined);
  if (k == "clones") return refs(w, 1, st_.clones);
  if (k == "effect") return effect_line(w);
  if (k == "under") {  // "under <seat> c<ship> <card>...": face down under a ship (Blood Rogue)
    auto s = w.size() >= 4 ? seat(w[1]) : std::nullopt;
    if (!s) return error_.empty() ? fail("expected 'under <seat> c<ship> <card>...'") : false;
    auto ship = ref(w[2]);
    if (!ship) return false;
    const std::vector<CardType> any = {CardType::Ship, CardType::News, CardType::Structure, CardType::Location,
                                       CardType::Character};
    for (std::size_t i = 3; i < w.size(); ++i) {
      auto id = card(w[i], *s, any);
      if (!id) return false;
      st_.under.emplace_back(*id, *ship);
    }
    return true;
  }
  if (k == "share") {  // "share c<ship> c<target> <amount>" (L98: damage chosen for one of several targets)
    auto a = w.size() == 4 ? ref(w[1]) : std::nullopt;
    if (!a) return error_.empty() ? fail("expected 'share c<ship> c<target> <amount>'") : false;
    auto b = ref(w[2]);
    auto n = b ? integer(w[3], 0, 1000) : std::nullopt;
    return n && (c.shares.push_back(CombatState::Share{*a, *b, static_cast<int>(*n)}), true);
  }
  if (k == "combat") return combat_header(w);
  if (k == "triggered" && w.size() >= 5 && w[2] == "ability") {
    auto s = seat(w[1]);
    return s && ability_item(w, 3, *s, c.triggered);
  }
  if (k == "triggered") {
    auto s = w.size() >= 6 && w[2] == "keyword" ? seat(w[1]) : std::nullopt;
    if (!s) return error_.empty() ? fail("expected 'triggered <seat> keyword c<id> <order> <X> <region>'") : false;
    return keyword_item(w, 3, *s, c.triggered);
  }
  if (w.size() != 3) return fail("expected '" + k + " c<id> <value>'");
  auto a = ref(w[1]);
  if (!a) return false;
  if (k == "attacker" || k == "withdrawal") {
    if (w[2] != kDocks && !region_for(w[2])) return false;
    (k == "attacker" ? c.attackers : c.withdrawals).emplace_back(*a, w[2]);
    return true;
  }
  auto b = ref(w[2]);
  if (!b) return false;
  (k == "assigned" ? c.assigned : c.forced).emplace_back(*a, *b);
  return true;
}

// "combat <region> defender=<seat>|none stage=start|decide|after must_withdraw=yes|no"
bool PositionParser::combat_header(const Words& w) {
  CombatState& c = st_.combat;
  if (w.size() < 2 || !region_for(w[1])) return error_.empty() ? fail("expected 'combat <region> ...'") : false;
  c.region = w[1];
  for (std::size_t i = 2; i < w.size(); ++i) {
    auto kv = text::key_value(w[i]);
    std::optional<int> n;
    std::optional<bool> b;
    if (kv && kv->first == "defender" && kv->second == "none") c.defender = -1;
    else if (kv && kv->first == "defender" && (n = seat(kv->second))) c.defender = *n;
    else if (kv && kv->first == "stage" && kv->second == "start") c.stage = CombatState::Stage::Start;
    else if (kv && kv->first == "stage" && kv->second == "decide") c.stage = CombatState::Stage::Decide;
    else if (kv && kv->first == "stage" && kv->second == "after") c.stage = CombatState::Stage::After;
    else if (kv && kv->first == "must_withdraw" && (b = yes_no(kv->second))) c.must_withdraw = *b;
    else if (kv && kv->first == "defender_left" && (b = yes_no(kv->second))) c.defender_left = *b;
    else return error_.empty() ? fail("bad combat field '" + w[i] + "'") : false;
  }
  return true;
}

// "... keyword c<id> <order> <X> <region> [targets=c1,c2] [base=<seat>]"
bool PositionParser::keyword_item(const Words& w, std::size_t at, SeatIndex s, std::vector<PileItem>& out) {
  if (w.size() < at + 4) return fail("expected 'keyword c<id> <order> <X> <region> [targets=...] [base=S]'");
  auto card = ref(w[at]);
  auto kind = order_of(w[at + 1]);
  if (!card) return false;
  if (!kind) return fail("unknown order '" + w[at + 1] + "'");
  auto x = integer(w[at + 2], 1, 100);
  if (!x || !region_for(w[at + 3])) return false;
  PileItem item{PileItem::Kind::Keyword, s, *card, w[at + 3]};
  item.keyword = *kind;
  item.strength = *x;
  for (std::size_t i = at + 4; i < w.size(); ++i) {
    auto kv = text::key_value(w[i]);
    std::optional<int> n;
    if (kv && kv->first == "base" && (n = seat(kv->second))) {
      item.base_target = *n;
      continue;
    }
    if (!kv || kv->first != "targets") return error_.empty() ? fail("bad keyword field '" + w[i] + "'") : false;
    for (const auto& t : text::split(kv->second, ',')) {
      auto r = ref(t);
      if (!r) return false;
      item.targets.push_back(*r);
    }
  }
  out.push_back(std::move(item));
  return true;
}

// "pile <seat> damage <region> c5>c7=3 c8>base1=2" (combat damage) or
// "pile <seat> damage effect c5>c7=2" (damage of an ability or News: no region)
bool PositionParser::damage_item(const Words& w, SeatIndex s) {
  const bool effect = w.size() >= 5 && w[3] == "effect";
  if (w.size() < 5 || (!effect && !region_for(w[3]))) {
    return error_.empty() ? fail("expected 'pile <seat> damage <region>|effect c<src>>c<dst>=N...'") : false;
  }
  PileItem item{PileItem::Kind::Damage, s, -1, effect ? "" : w[3]};
  for (std::size_t i = 4; i < w.size(); ++i) {
    const auto gt = w[i].find('>');
    const auto eq = w[i].find('=');
    if (gt == std::string::npos || eq == std::string::npos || eq < gt) return fail("bad damage '" + w[i] + "'");
    DamageEntry d;
    auto src = ref(w[i].substr(0, gt));
    auto n = src ? integer(w[i].substr(eq + 1), 1, 1000) : std::nullopt;
    if (!n) return false;
    d.source = *src;
    d.amount = *n;
    std::string to = w[i].substr(gt + 1, eq - gt - 1);
    if (!to.empty() && to[0] == '>') {  // "c5>>c7=3": redirected to c7 (Guardian)
      d.redirected = true;
      to.erase(0, 1);
    }
    if (to.rfind("base", 0) == 0) {
      auto b = seat(to.substr(4));
      if (!b) return false;
      d.base = *b;
    } else {
      auto t = ref(to);
      if (!t) return false;
      d.target = *t;
    }
    item.damage.push_back(d);
  }
  st_.pile.push_back(std::move(item));
  return true;
}

// Pilots: every ship's pilot= names a character in its owner's pilot lines,
// each piloting exactly one ship; the clone prompt names a pilot on the scrapheap.
bool PositionParser::check_pilots() {
  std::vector<int> piloting(st_.cards.size(), 0);
  std::vector<bool> placed(st_.cards.size(), false);  // ships in a region or the docks
  for (const auto& r : st_.regions) {
    for (CardId ship : r.ships) placed[ship] = true;
  }
  for (const auto& s : st_.seats) {
    for (CardId id : s.docks) placed[id] = true;
  }
  for (std::size_t i = 0; i < st_.cards.size(); ++i) {
    if (st_.cards[i].pilot >= 0 && !placed[i]) return fail(card_ref(static_cast<CardId>(i)) + ": pilot= only on ships in play");
  }
  for (const auto& r : st_.regions) {
    for (CardId ship : r.ships) {
      const CardId p = st_.cards[ship].pilot;
      if (p < 0) continue;
      if (!contains(st_.seats[st_.cards[ship].owner].pilots, p)) {
        return fail(card_ref(p) + " piloting " + card_ref(ship) + " needs a 'pilot' line of its seat");
      }
      ++piloting[p];
    }
  }
  for (const auto& s : st_.seats) {
    for (CardId ship : s.docks) {
      const CardId p = st_.cards[ship].pilot;
      if (p >= 0 && contains(s.pilots, p)) ++piloting[p];
    }
    for (CardId p : s.pilots) {
      if (piloting[p] != 1) return fail(card_ref(p) + " must pilot exactly one ship of its seat");
    }
  }
  if (st_.pending == Pending::Clone) {
    const bool ok = !st_.clones.empty() && st_.cards[st_.clones.front()].owner == st_.prompt_seat &&
                    contains(st_.seats[st_.prompt_seat].scrapheap, st_.clones.front());
    if (!ok) return fail("prompt clone needs a 'clones' line whose first pilot is on that seat's scrapheap");
  }
  return true;
}

// The combat prompts need a consistent combat state (README.md).
bool PositionParser::check_combat() {
  const CombatState& c = st_.combat;
  const bool combat = st_.phase == Phase::Combat;
  if (!combat && !c.region.empty()) return fail("a combat line needs phase combat");
  if (combat && c.region.empty() && st_.pending != Pending::ChooseAttack && !st_.result) {
    return fail("phase combat needs a 'combat <region> ...' line (or prompt choose_attack)");
  }
  // The attacker is the active seat; a defender allied to it would decide twice (deciders()).
  if (combat && c.defender >= 0 && st_.allied(c.defender, st_.active)) {
    return fail("combat: the defender cannot be the active seat or its ally");
  }
  auto in_region = [&](CardId id) {
    const Region* r = st_.region(c.region);
    return r && contains(r->ships, id);
  };
  const SeatIndex s = st_.prompt_seat;
  switch (st_.pending) {
    case Pending::ChooseAttack:
      if (!combat || !c.region.empty() || c.attacks.empty() || s != st_.active) {
        return fail("prompt choose_attack needs phase combat, attacks, no combat line and the active seat");
      }
      return true;
    case Pending::ContinueCombat:
      if (!combat || s != st_.active) return fail("prompt continue_combat needs phase combat and the active seat");
      return true;
    case Pending::Redirect: {
      // Combat damage in the damage distribution step, or an effect's damage while the pile resolves.
      const bool damage = !st_.pile.empty() && st_.pile.back().kind == PileItem::Kind::Damage;
      const bool effect = damage && st_.pile.back().region.empty();
      const bool ok = st_.resolving ? effect : damage && !effect && combat && st_.step == Step::DamageDistribution;
      if (!ok) {
        return fail("prompt redirect needs a damage item on top of the pile: combat damage in the damage "
                    "distribution step, or 'damage effect' with 'resolving yes'");
      }
      return true;
    }
    case Pending::AbilityTargets:
      if (c.triggered.empty() || c.triggered.front().controller != s) {
        return fail("prompt ability_targets needs a 'triggered' line of that seat");
      }
      return true;
    case Pending::AssignTarget:
      if (!combat || st_.step != Step::TargetAssignment || c.queue.empty() || !in_region(c.queue.front()) ||
          st_.cards[c.queue.front()].owner != s) {
        return fail("prompt assign_target needs the target assignment step and a queue of that seat's ship");
      }
      for (CardId id : st_.region(c.region)->ships) {
        if (!st_.allied(st_.cards[id].owner, s)) return true;
      }
      return fail("prompt assign_target needs an enemy ship in the region");
    case Pending::Withdraw:
      if (c.must_withdraw) {
        // Alliances: the ships of the alliance's members, the first one's owner answers.
        if (c.queue.empty() || !st_.allied(s, st_.active) || st_.cards[c.queue.front()].owner != s) {
          return fail("a forced withdrawal needs a queue and the active seat");
        }
        for (CardId id : c.queue) {
          bool placed = false;
          for (const auto& r : st_.regions) placed = placed || contains(r.ships, id);
          if (!placed || !st_.allied(st_.cards[id].owner, s)) {
            return fail(card_ref(id) + " is not a ship of that seat in a region");
          }
        }
        return st_.phase == Phase::EndOfTurn || combat ? true : fail("withdraw needs combat or end of turn");
      }
      if (!combat || st_.step != Step::Withdrawal) return fail("prompt withdraw needs the withdrawal step");
      return true;
    default: return true;
  }
}

}  // namespace concord::eve
