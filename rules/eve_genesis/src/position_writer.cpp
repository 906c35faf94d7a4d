// save_position: the canonical position text (see README.md).
#include <algorithm>
#include <charconv>
#include <string_view>
#include <type_traits>

#include "concord/eve/position.hpp"
#include "position_parser.hpp"

namespace concord::eve {

namespace {

// The text is appended to one string, numbers by std::to_chars: the same
// characters an ostringstream wrote (matches journaled with the older state
// hash versions hash the position, see EveMatch::state_hash_as), several
// times faster.
class TextOut {
 public:
  TextOut& operator<<(std::string_view s) {
    text_.append(s);
    return *this;
  }
  TextOut& operator<<(const char* s) { return *this << std::string_view(s); }
  TextOut& operator<<(const std::string& s) { return *this << std::string_view(s); }
  TextOut& operator<<(char c) {
    text_.push_back(c);
    return *this;
  }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
  TextOut& operator<<(T v) {
    static_assert(sizeof(T) > 1 && !std::is_same_v<T, bool>, "write chars and flags explicitly");
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    text_.append(digits, end);
    return *this;
  }
  void reserve(std::size_t n) { text_.reserve(n); }
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

const char* yes_no(bool b) { return b ? "yes" : "no"; }

// A card reference ("c12"), written in place.
struct Ref {
  CardId id;
};
TextOut& operator<<(TextOut& o, Ref r) { return o << 'c' << (r.id + 1); }

// A card with its reference ("ship_id#12"), written in place.
struct Token {
  const GameState& st;
  CardId id;
};
TextOut& operator<<(TextOut& o, const Token& t) { return o << t.st.cards[t.id].card << '#' << (t.id + 1); }

// Single-card line attributes, only when not default.
struct Attrs {
  const CardInstance& c;
};
TextOut& operator<<(TextOut& o, const Attrs& a) {
  const CardInstance& c = a.c;
  const auto add = [&o](const char* key, int v) {
    if (v != 0) o << ' ' << key << '=' << v;
  };
  add("build", c.build);
  add("damage", c.damage);
  add("duration", c.duration);
  add("x", c.x);
  if (c.pilot >= 0) o << " pilot=" << Ref{c.pilot};
  if (!c.order.empty()) o << " order=" << c.order;
  if (!c.region.empty()) o << " region=" << c.region;
  if (!c.copy.empty()) o << " copy=" << c.copy;
  return o;
}

void list_line(TextOut& o, const GameState& st, const char* kw, SeatIndex s,
               const std::vector<CardId>& ids) {
  if (ids.empty()) return;
  o << kw << ' ' << s;
  for (CardId id : ids) o << ' ' << Token{st, id};
  o << '\n';
}

void card_lines(TextOut& o, const GameState& st, const char* kw, SeatIndex s, const std::vector<CardId>& ids) {
  for (CardId id : ids) o << kw << ' ' << s << ' ' << Token{st, id} << Attrs{st.cards[id]} << '\n';
}

void write_header(TextOut& o, const GameState& st, const rules::Rng& rng) {
  o << "eve_position\nseats " << st.seats.size() << "\nturn " << st.turn << "\nfirst "
    << st.first << "\nactive " << st.active << "\nphase " << to_string(st.phase) << ' '
    << to_string(st.step) << "\nprompt " << to_string(st.pending) << ' ' << st.prompt_seat
    << "\npasses " << st.passes << "\nregion_played " << yes_no(st.region_played)
    << "\nresolving " << yes_no(st.resolving) << (st.turn_ends ? "\nturn_ends yes" : "") << "\nrng";
  for (auto w : rng.state()) o << ' ' << w;
  o << '\n';
  if (!st.result) {
    o << "result none\n";
  } else if (st.result->draw) {
    o << "result draw " << st.result->reason << '\n';
  } else {
    o << "result winner";  // alliances: every member of the winning alliance
    for (SeatIndex w : st.result->winners) o << ' ' << w;
    o << ' ' << st.result->reason << '\n';
  }
  // Written only when they differ from the defaults (index order, no variant).
  bool shuffled = false;
  for (std::size_t i = 0; i < st.table.size(); ++i) shuffled = shuffled || st.table[i] != static_cast<SeatIndex>(i);
  if (shuffled) {
    o << "table";
    for (SeatIndex s : st.table) o << ' ' << s;
    o << '\n';
  }
  if (st.variants != Variants{}) {
    o << "variants range=" << st.variants.range << " hunter=" << yes_no(st.variants.hunter)
      << " destroying=" << yes_no(st.variants.destroying) << " alliances=" << yes_no(st.variants.alliances) << '\n';
  }
  if (st.choice.kind != ResolutionChoice::Kind::None) {
    const auto k = st.choice.kind;
    static const char* names[] = {"none", "discard", "sacrifice_location", "mine_location",
                                  "put_back", "may", "destroy_ship", "search", "give_order", "region", "copy", "under"};
    o << "choice " << names[static_cast<int>(k)] << ' ' << st.choice.seat << ' ' << st.choice.count << ' ';
    if (st.choice.source >= 0) o << Ref{st.choice.source};
    else o << st.choice.region;
    o << '\n';
  }
}

void write_seat(TextOut& o, const GameState& st, SeatIndex i) {
  const SeatState& s = st.seats[i];
  o << "seat " << i << " base=" << s.base << " upgraded=" << yes_no(s.upgraded)
    << " base_damage=" << s.base_damage << " wallet=" << s.wallet
    << " limited_played=" << yes_no(s.limited_played) << " out=" << yes_no(s.out) << '\n';
  if (!s.attached.empty()) {
    o << "attached " << i;
    for (const auto& b : s.attached) o << ' ' << b;
    o << '\n';
  }
  if (!s.offdeck.empty()) {
    o << "offdeck " << i;
    for (const auto& r : s.offdeck) o << ' ' << r;
    o << '\n';
  }
  list_line(o, st, "hand", i, s.hand);
  list_line(o, st, "market", i, s.market);
  list_line(o, st, "scrapheap", i, s.scrapheap);
  card_lines(o, st, "dock", i, s.docks);
  card_lines(o, st, "structure", i, s.structures);
  card_lines(o, st, "news", i, s.news);
  card_lines(o, st, "pilot", i, s.pilots);
}

void write_region(TextOut& o, const GameState& st, const Region& r) {
  if (!r.home) {
    o << "region " << r.key << " owner=" << r.owner << " controller="
      << (r.controller ? std::to_string(*r.controller) : std::string("none")) << '\n';
  }
  for (CardId id : r.locations) {
    o << "location " << r.key << ' ' << st.cards[id].owner << ' ' << Token{st, id}
      << Attrs{st.cards[id]} << '\n';
  }
  for (CardId id : r.ships) {
    o << "ship " << r.key << ' ' << st.cards[id].owner << ' ' << Token{st, id}
      << Attrs{st.cards[id]} << '\n';
  }
}

// Card references separated by `sep`, written in place.
struct RefList {
  const std::vector<CardId>& ids;
  char sep;
};
TextOut& operator<<(TextOut& o, const RefList& l) {
  for (std::size_t i = 0; i < l.ids.size(); ++i) {
    if (i) o << l.sep;
    o << Ref{l.ids[i]};
  }
  return o;
}

void keyword_item(TextOut& o, const PileItem& p) {
  o << " keyword " << Ref{p.card} << ' ' << to_string(p.keyword) << ' ' << p.strength << ' '
    << p.region;
  if (!p.targets.empty()) o << " targets=" << RefList{p.targets, ','};
  if (p.base_target >= 0) o << " base=" << p.base_target;
}

void ability_item(TextOut& o, const PileItem& p) {
  o << " ability ";
  if (p.card >= 0) o << Ref{p.card};
  else o << p.region;
  o << ' ' << p.effect;
  if (p.target >= 0) o << " on=" << Ref{p.target};
  if (!p.targets.empty()) o << " targets=" << RefList{p.targets, ','};
  if (p.strength > 0) o << " amount=" << p.strength;
}

void damage_item(TextOut& o, const PileItem& p) {
  o << " damage " << (p.region.empty() ? "effect" : p.region);  // effect: damage of an ability or News
  for (const auto& d : p.damage) {
    o << ' ' << Ref{d.source} << (d.redirected ? ">>" : ">");
    if (d.base >= 0) {
      o << "base" << d.base;
    } else {
      o << Ref{d.target};
    }
    o << '=' << d.amount;
  }
}

void list_refs(TextOut& o, const char* kw, const std::vector<CardId>& ids) {
  if (!ids.empty()) o << kw << ' ' << RefList{ids, ' '} << '\n';
}

void write_combat(TextOut& o, const GameState& st) {
  const CombatState& c = st.combat;
  if (!c.attacks.empty()) {
    o << "attack";
    for (const auto& r : c.attacks) o << ' ' << r;
    o << '\n';
  }
  for (const auto& [ship, r] : c.attackers) o << "attacker " << Ref{ship} << ' ' << r << '\n';
  if (!c.region.empty()) {
    static const char* stages[] = {"start", "decide", "after"};
    o << "combat " << c.region << " defender="
      << (c.defender >= 0 ? std::to_string(c.defender) : std::string("none"))
      << " stage=" << stages[static_cast<int>(c.stage)]
      << " must_withdraw=" << yes_no(c.must_withdraw);
    if (c.defender_left) o << " defender_left=yes";
    o << '\n';
  }
  list_refs(o, "defenders", c.defenders);
  list_refs(o, "queue", c.queue);
  list_refs(o, "mined", st.mined);
  list_refs(o, "clones", st.clones);
  for (const auto& e : st.effects) o << effect_text(e) << '\n';
  std::vector<CardId> holders;  // ships with cards under them, in order of the first card
  for (const auto& [card, ship] : st.under) {
    if (std::find(holders.begin(), holders.end(), ship) == holders.end()) holders.push_back(ship);
  }
  for (CardId ship : holders) {
    o << "under " << st.cards[ship].owner << ' ' << Ref{ship};
    for (const auto& [card, holder] : st.under) {
      if (holder == ship) o << ' ' << Token{st, card};
    }
    o << '\n';
  }
  for (const auto& [a, b] : c.assigned) o << "assigned " << Ref{a} << ' ' << Ref{b} << '\n';
  for (const auto& s : c.shares) o << "share " << Ref{s.ship} << ' ' << Ref{s.target} << ' ' << s.amount << '\n';
  for (const auto& [a, b] : c.forced) o << "forced " << Ref{a} << ' ' << Ref{b} << '\n';
  for (const auto& [a, to] : c.withdrawals) o << "withdrawal " << Ref{a} << ' ' << to << '\n';
  for (const auto& t : c.triggered) {
    o << "triggered " << t.controller;
    if (t.kind == PileItem::Kind::Ability) ability_item(o, t);
    else keyword_item(o, t);
    o << '\n';
  }
}

void write_pile(TextOut& o, const GameState& st) {
  for (const auto& w : st.waiting) {
    o << "waiting " << w.controller;
    if (w.kind == PileItem::Kind::Keyword) {
      keyword_item(o, w);
    } else {
      ability_item(o, w);
    }
    o << '\n';
  }
  for (const auto& p : st.pile) {
    o << "pile " << p.controller;
    if (p.kind == PileItem::Kind::Ability) ability_item(o, p);
    if (p.kind == PileItem::Kind::Upgrade) o << " upgrade";
    if (p.kind == PileItem::Kind::Region) o << " region " << p.region;
    if (p.kind == PileItem::Kind::Jump) {
      o << " jump " << Ref{p.card} << ' ' << p.region;
      if (!p.from.empty()) o << " from=" << p.from;  // a withdrawal
    }
    if (p.kind == PileItem::Kind::Keyword) keyword_item(o, p);
    if (p.kind == PileItem::Kind::Damage) damage_item(o, p);
    if (p.kind == PileItem::Kind::Card) {
      o << " card " << Token{st, p.card} << Attrs{st.cards[p.card]};
      if (!p.region.empty()) o << " target=" << p.region;
      if (p.target >= 0) o << " on=" << Ref{p.target};
    }
    o << '\n';
  }
}

}  // namespace

std::string save_position(const GameState& st, const rules::Rng& rng, const CardDb&) {
  TextOut o;
  o.reserve(4096);
  write_header(o, st, rng);
  for (SeatIndex i = 0; i < static_cast<SeatIndex>(st.seats.size()); ++i) write_seat(o, st, i);
  for (const auto& r : st.regions) write_region(o, st, r);
  write_combat(o, st);
  write_pile(o, st);
  return o.take();
}

std::string save_position(const EveMatch& match) {
  return save_position(match.state(), match.rng(), match.db());
}

}  // namespace concord::eve
