// PositionParser: the position text format (README.md "Position format").
#include "position_parser.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "concord/eve/timing.hpp"
#include "text.hpp"

namespace concord::eve {

namespace {

std::optional<Phase> phase_of(const std::string& s) {
  for (int i = 0; i <= static_cast<int>(Phase::EndOfTurn); ++i) {
    if (to_string(static_cast<Phase>(i)) == s) return static_cast<Phase>(i);
  }
  return std::nullopt;
}

std::optional<Step> step_of(const std::string& s) {
  for (int i = 0; i <= static_cast<int>(Step::End); ++i) {
    if (to_string(static_cast<Step>(i)) == s) return static_cast<Step>(i);
  }
  return std::nullopt;
}

std::optional<Pending> pending_of(const std::string& s) {
  for (int i = 0; i <= static_cast<int>(Pending::Redirect); ++i) {
    if (to_string(static_cast<Pending>(i)) == s) return static_cast<Pending>(i);
  }
  return std::nullopt;
}

bool order_name_known(const std::string& s) {
  for (int i = 0; i <= static_cast<int>(OrderKind::Sniper); ++i) {
    if (to_string(static_cast<OrderKind>(i)) == s) return true;
  }
  return false;
}

// A ship keeps the order its pilot passed to it ("Orders available to
// characters apply to the ships they pilot", L35) when the pilot leaves and the
// ship stays (Ahremen Arkah: "Sacrifice Ahremen Arkah: ..."): the tab stays,
// the ship no longer has that order and does not execute it
// (EveMatch::executing_orders). So order= on a ship in a region (`ship` line;
// a docked ship has no order: EveMatch::put_in_docks) may name a character's order.
bool kept_pilot_order(const CardDb& db, const std::string& line, const std::string& order) {
  if (line != "ship") return false;
  for (const auto& [id, d] : db.all()) {
    if (d.type != CardType::Character) continue;
    for (const auto& o : d.orders) {
      if (to_string(o.kind) == order) return true;
    }
  }
  return false;
}

std::string type_list(const std::vector<CardType>& types) {
  std::string out;
  for (auto t : types) {
    if (!out.empty()) out += " or ";
    out += to_string(t);
  }
  return out;
}

}  // namespace

bool PositionParser::fail(const std::string& message) {
  if (error_.empty()) {
    error_ = line_no_ > 0 ? "line " + std::to_string(line_no_) : std::string("position");
    error_ += ": ";
    error_ += message;
  }
  return false;
}

std::optional<int> PositionParser::integer(const std::string& s, std::int64_t lo, std::int64_t hi) {
  auto v = text::parse_int(s);
  if (!v || *v < lo || *v > hi) {
    fail("expected a number in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" +
         s + "'");
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

std::optional<SeatIndex> PositionParser::seat(const std::string& s) {
  if (!seats_declared_) {
    fail("'seats N' must come first");
    return std::nullopt;
  }
  return integer(s, 0, static_cast<std::int64_t>(st_.seats.size()) - 1);
}

std::optional<bool> PositionParser::yes_no(const std::string& s) {
  if (s == "yes") return true;
  if (s == "no") return false;
  fail("expected yes or no, got '" + s + "'");
  return std::nullopt;
}

bool PositionParser::parse(std::string_view text) {
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const auto nl = text.find('\n', pos);
    const auto end = nl == std::string_view::npos ? text.size() : nl;
    ++line_no_;
    const std::string l = text::trim(text.substr(pos, end - pos));
    if (!l.empty() && l[0] != '#' && !line(text::words(l))) return false;
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  line_no_ = 0;
  return finish();
}

bool PositionParser::line(const Words& w) {
  const std::string& k = w[0];
  if (k == "eve_position") return true;
  if (k == "seat") return seat_line(w);
  if (k == "table" || k == "variants" || k == "attached") return variant_line(w);
  if (k == "offdeck" || k == "hand" || k == "market" || k == "scrapheap") return list_line(w);
  if (k == "dock" || k == "structure" || k == "news" || k == "pilot") return single_card_line(w);
  if (k == "region" || k == "location" || k == "ship") return region_line(w);
  if (k == "pile") return pile_line(w);
  if (k == "phase") return phase_line(w);
  if (k == "prompt") return prompt_line(w);
  if (k == "result") return result_line(w);
  if (k == "choice") return choice_line(w);
  if (is_combat_line(k)) return combat_line(w);
  if (k == "waiting" && w.size() >= 3 && w[2] == "keyword") {
    auto s = seat(w[1]);
    return s && keyword_item(w, 3, *s, st_.waiting);
  }
  if (k == "waiting") {
    auto s = w.size() >= 5 && w[2] == "ability" ? seat(w[1]) : std::nullopt;
    if (!s) return error_.empty() ? fail("expected 'waiting <seat> ability c<id> <effect> [targets=...]'") : false;
    return ability_item(w, 3, *s, st_.waiting);
  }
  return header(w);
}

bool PositionParser::header(const Words& w) {
  const std::string& k = w[0];
  if (k == "rng" && w.size() == 5) {
    std::array<std::uint64_t, 4> words{};
    for (int i = 0; i < 4; ++i) {
      try {
        std::size_t used = 0;
        words[i] = std::stoull(w[i + 1], &used);
        if (used != w[i + 1].size()) return fail("bad rng word '" + w[i + 1] + "'");
      } catch (...) {
        return fail("bad rng word '" + w[i + 1] + "'");
      }
    }
    rng_words_ = words;
    return true;
  }
  if (k == "seed" && w.size() == 2) {
    auto seed = rules::Seed::from_hex(w[1]);
    if (!seed) return fail("seed must be 64 hex characters");
    rules::Rng r(*seed);
    rng_words_ = r.state();
    return true;
  }
  if (w.size() != 2) return fail("unknown or malformed line '" + k + "'");
  if (k == "seats") {
    if (seats_declared_) return fail("seats declared twice");
    auto n = integer(w[1], 2, 4);
    if (!n) return false;
    seats_declared_ = true;
    st_.seats.resize(*n);
    for (SeatIndex s = 0; s < *n; ++s) st_.regions.push_back(Region{home_key(s), "", true, s, s, {}, {}});
    return true;
  }
  std::optional<int> v;
  if (k == "turn") return (v = integer(w[1], 1, 1000000)) && ((st_.turn = *v), true);
  if (k == "first") return (v = seat(w[1])) && ((st_.first = *v), true);
  if (k == "active") return (v = seat(w[1])) && ((st_.active = *v), true);
  // Up to the seat count: a four-seat match that ends while its pile resolves keeps 4.
  if (k == "passes") return (v = integer(w[1], 0, 4)) && ((st_.passes = *v), true);
  if (k == "turn_ends") {
    auto b = yes_no(w[1]);
    return b && ((st_.turn_ends = *b), true);
  }
  if (k == "resolving") {
    auto b = yes_no(w[1]);
    return b && ((st_.resolving = *b), true);
  }
  if (k == "region_played") {
    auto b = yes_no(w[1]);
    return b && ((st_.region_played = *b), true);
  }
  return fail("unknown keyword '" + k + "'");
}

// "table <seat>..." (seats clockwise from table position 0), "variants
// range=0|1|2 hunter=yes|no destroying=yes|no", "attached <seat> <base>...".
bool PositionParser::variant_line(const Words& w) {
  if (!seats_declared_) return fail("'" + w[0] + "' needs 'seats N' first");
  const std::size_t n = st_.seats.size();
  if (w[0] == "table") {
    if (w.size() != n + 1) return fail("expected 'table' and every seat once");
    std::vector<SeatIndex> table;
    for (std::size_t i = 1; i < w.size(); ++i) {
      auto s = seat(w[i]);
      if (!s) return false;
      if (std::find(table.begin(), table.end(), *s) != table.end()) return fail("seat " + w[i] + " twice in 'table'");
      table.push_back(*s);
    }
    st_.table = std::move(table);
    return true;
  }
  if (w[0] == "variants") {
    for (std::size_t i = 1; i < w.size(); ++i) {
      auto kv = text::key_value(w[i]);
      if (!kv) return fail("expected key=value, got '" + w[i] + "'");
      const auto& [key, val] = *kv;
      std::optional<int> r;
      std::optional<bool> b;
      if (key == "range" && (r = integer(val, 0, 2))) st_.variants.range = *r;
      else if (key == "hunter" && (b = yes_no(val))) st_.variants.hunter = *b;
      else if (key == "destroying" && (b = yes_no(val))) st_.variants.destroying = *b;
      else if (key == "alliances" && (b = yes_no(val))) st_.variants.alliances = *b;
      else return error_.empty() ? fail("unknown variant '" + key + "'") : false;
    }
    if (st_.variants.destroying && !st_.variants.hunter) return fail("destroying=yes needs hunter=yes");
    if (st_.variants.alliances) {
      if (n != 4) return fail("alliances=yes needs 'seats 4'");
      if (st_.variants.range > 0 || st_.variants.hunter) return fail("alliances=yes takes no range or hunter");
      // One home region per alliance (home0: seats 0 and 2; home1: seats 1 and 3).
      for (SeatIndex s = 2; s < 4; ++s) {
        const Region* r = st_.region(home_key(s));
        if (r && (!r->ships.empty() || !r->locations.empty())) {
          return fail("with alliances seat " + std::to_string(s) + "'s home region is " + home_key(s % 2));
        }
      }
      std::erase_if(st_.regions, [](const Region& r) { return r.home && r.owner >= 2; });
    }
    return true;
  }
  if (w.size() < 3) return fail("expected 'attached <seat> <base>...'");
  auto s = seat(w[1]);
  if (!s) return false;
  for (std::size_t i = 2; i < w.size(); ++i) {
    const CardDef* d = db_.find(w[i]);
    if (!d || d->type != CardType::Base) return fail("'" + w[i] + "' is not a base");
    st_.seats[*s].attached.push_back(w[i]);
  }
  return true;
}

bool PositionParser::seat_line(const Words& w) {
  if (w.size() < 2) return fail("expected 'seat <n> key=value...'");
  auto s = seat(w[1]);
  if (!s) return false;
  SeatState& ss = st_.seats[*s];
  for (std::size_t i = 2; i < w.size(); ++i) {
    auto kv = text::key_value(w[i]);
    if (!kv) return fail("expected key=value, got '" + w[i] + "'");
    const auto& [key, val] = *kv;
    if (key == "base") {
      const CardDef* d = db_.find(val);
      if (!d || d->type != CardType::Base) return fail("'" + val + "' is not a base");
      ss.base = val;
      if (Region* home = st_.region(home_key(*s))) home->card = val;  // alliances: seats 2, 3 have none of their own
      continue;
    }
    std::optional<int> n;
    std::optional<bool> b;
    if (key == "wallet" && (n = integer(val, 0, 1000000))) ss.wallet = *n;
    else if (key == "base_damage" && (n = integer(val, 0, 1000))) ss.base_damage = *n;
    else if (key == "upgraded" && (b = yes_no(val))) ss.upgraded = *b;
    else if (key == "limited_played" && (b = yes_no(val))) ss.limited_played = *b;
    else if (key == "out" && (b = yes_no(val))) ss.out = *b;
    else return error_.empty() ? fail("unknown seat field '" + key + "'") : false;
  }
  return true;
}

std::optional<CardId> PositionParser::card(const std::string& tok, SeatIndex owner,
                                           std::vector<CardType> types) {
  const auto hash = tok.find('#');
  const std::string id = tok.substr(0, hash);
  const CardDef* d = db_.find(id);
  if (!d) {
    fail("unknown card '" + id + "'");
    return std::nullopt;
  }
  if (std::find(types.begin(), types.end(), d->type) == types.end()) {
    fail("'" + id + "' is a " + to_string(d->type) + ", expected " + type_list(types));
    return std::nullopt;
  }
  int explicit_id = 0;
  if (hash != std::string::npos) {
    auto n = integer(tok.substr(hash + 1), 1, 100000);
    if (!n) return std::nullopt;
    explicit_id = *n;
  }
  st_.cards.push_back(CardInstance{id, owner, 0, 0, 0, 0, ""});
  explicit_ids_.push_back(explicit_id);
  id_lines_.push_back(line_no_);
  return static_cast<CardId>(st_.cards.size() - 1);
}

bool PositionParser::list_line(const Words& w) {
  if (w.size() < 2) return fail("expected '" + w[0] + " <seat> <card>...'");
  auto s = seat(w[1]);
  if (!s) return false;
  SeatState& ss = st_.seats[*s];
  for (std::size_t i = 2; i < w.size(); ++i) {
    if (w[0] == "offdeck") {
      const CardDef* d = db_.find(w[i]);
      if (!d || d->type != CardType::RemoteRegion) return fail("'" + w[i] + "' is not a remote region");
      // "Every deck contains exactly three different remote regions" (L25).
      if (std::find(ss.offdeck.begin(), ss.offdeck.end(), w[i]) != ss.offdeck.end()) {
        return fail("remote region '" + w[i] + "' is twice in seat " + w[1] + "'s off-deck");
      }
      ss.offdeck.push_back(w[i]);
      continue;
    }
    const std::vector<CardType> market = {CardType::Ship,     CardType::News,
                                          CardType::Structure, CardType::Location,
                                          CardType::Character};
    auto id = card(w[i], *s, market);
    if (!id) return false;
    auto& zone = w[0] == "hand" ? ss.hand : w[0] == "market" ? ss.market : ss.scrapheap;
    zone.push_back(*id);
  }
  return true;
}

bool PositionParser::card_attrs(CardInstance& c, const Words& w, std::size_t from,
                                std::string* target) {
  for (std::size_t i = from; i < w.size(); ++i) {
    auto kv = text::key_value(w[i]);
    if (!kv) return fail("expected key=value, got '" + w[i] + "'");
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
    const std::string& key = kv->first;
    const std::string& val = kv->second;
    std::optional<int> n;
    if (key == "pilot") {  // the character piloting this ship (final id), written before order=
      auto r = ref(val);
      if (!r) return false;
      c.pilot = *r;
      continue;
    }
    if (key == "order") {
      const auto& orders = db_.find(c.card)->orders;
      const bool pilot_order =
          (c.pilot >= 0 && val != "cancel" && order_name_known(val)) || kept_pilot_order(db_, w[0], val);
      if (!pilot_order && std::none_of(orders.begin(), orders.end(),
                                       [&](const OrderDef& o) { return to_string(o.kind) == val; })) {
        return fail("'" + c.card + "' has no order '" + val + "'");
      }
      c.order = val;
      continue;
    }
    if (key == "target" && target) {
      *target = val;
      continue;
    }
    if (key == "region") {  // the region a News in play names (Forsaken Ruins; checked at the end)
      c.region = val;
      region_lines_.emplace_back(line_no_, val);
      continue;
    }
    if (key == "copy") {  // Reflection of Time: the location it copies
      const CardDef* d = db_.find(val);
      if (!d || d->type != CardType::Location) return fail("copy= needs a location, got '" + val + "'");
      c.copy = val;
      continue;
    }
    if (!(n = integer(val, 0, 1000))) return false;
    if (key == "build") c.build = *n;
    else if (key == "damage") c.damage = *n;
    else if (key == "duration") c.duration = *n;
    else if (key == "x") c.x = *n;
    else return fail("unknown card field '" + key + "'");
  }
  return true;
}

bool PositionParser::single_card_line(const Words& w) {
  if (w.size() < 3) return fail("expected '" + w[0] + " <seat> <card> [key=value...]'");
  auto s = seat(w[1]);
  if (!s) return false;
  SeatState& ss = st_.seats[*s];
  std::vector<CardType> types = {CardType::Ship, CardType::Character};
  if (w[0] == "structure") types = {CardType::Structure};
  if (w[0] == "pilot") types = {CardType::Character};
  if (w[0] == "news") types = {CardType::News};
  auto id = card(w[2], *s, types);
  if (!id || !card_attrs(st_.cards[*id], w, 3, nullptr)) return false;
  auto& zone = w[0] == "dock"        ? ss.docks
               : w[0] == "structure" ? ss.structures
               : w[0] == "pilot"     ? ss.pilots
                                     : ss.news;
  zone.push_back(*id);
  return true;
}

Region* PositionParser::region_for(const std::string& key) {
  Region* r = seats_declared_ ? st_.region(key) : nullptr;
  if (!r) fail("region '" + key + "' is not in play (declare it with 'region " + key + " ...')");
  return r;
}

bool PositionParser::region_line(const Words& w) {
  if (w[0] == "region") {
    if (w.size() < 2 || !seats_declared_) return fail("expected 'region <id> owner=S controller=S|none'");
    const CardDef* d = db_.find(w[1]);
    if (!d || d->type != CardType::RemoteRegion) return fail("'" + w[1] + "' is not a remote region");
    if (st_.region(w[1])) return fail("region '" + w[1] + "' declared twice");
    Region r{w[1], w[1], false, 0, std::nullopt, {}, {}};
    for (std::size_t i = 2; i < w.size(); ++i) {
      auto kv = text::key_value(w[i]);
      std::optional<int> n;
      if (kv && kv->first == "owner" && (n = seat(kv->second))) r.owner = *n;
      else if (kv && kv->first == "controller" && kv->second == "none") r.controller.reset();
      else if (kv && kv->first == "controller" && (n = seat(kv->second))) r.controller = *n;
      else return error_.empty() ? fail("bad region field '" + w[i] + "'") : false;
    }
    st_.regions.push_back(std::move(r));
    return true;
  }
  if (w.size() < 4) return fail("expected '" + w[0] + " <region> <seat> <card> [key=value...]'");
  Region* r = region_for(w[1]);
  auto s = r ? seat(w[2]) : std::nullopt;
  if (!s) return false;
  const bool ship = w[0] == "ship";
  auto id = card(w[3], *s, {ship ? CardType::Ship : CardType::Location});
  if (!id || !card_attrs(st_.cards[*id], w, 4, nullptr)) return false;
  r = st_.region(w[1]);  // card() may not move regions, but stay safe
  (ship ? r->ships : r->locations).push_back(*id);
  return true;
}

bool PositionParser::pile_line(const Words& w) {
  if (w.size() < 3) return fail("expected 'pile <seat> card|region|upgrade ...'");
  auto s = seat(w[1]);
  if (!s) return false;
  if (w[2] == "upgrade" && w.size() == 3) {
    st_.pile.push_back(PileItem{PileItem::Kind::Upgrade, *s, -1, ""});
    return true;
  }
  if (w[2] == "region" && w.size() == 4) {
    const CardDef* d = db_.find(w[3]);
    if (!d || d->type != CardType::RemoteRegion) return fail("'" + w[3] + "' is not a remote region");
    st_.pile.push_back(PileItem{PileItem::Kind::Region, *s, -1, w[3]});
    return true;
  }
  if (w[2] == "ability" && w.size() >= 5) return ability_item(w, 3, *s, st_.pile);
  if (w[2] == "keyword") return keyword_item(w, 3, *s, st_.pile);
  if (w[2] == "damage") return damage_item(w, *s);
  if (w[2] == "jump" && (w.size() == 5 || w.size() == 6)) {
    auto ref = parse_card_ref(w[3]);
    if (!ref) return fail("expected a card reference like c12, got '" + w[3] + "'");
    if (w[4] != kDocks && !region_for(w[4])) return false;
    PileItem item{PileItem::Kind::Jump, *s, *ref, w[4]};
    if (w.size() == 6) {  // "from=<region>": a withdrawal from that region
      auto kv = text::key_value(w[5]);
      if (!kv || kv->first != "from") return fail("expected from=<region>, got '" + w[5] + "'");
      if (!region_for(kv->second)) return false;
      item.from = kv->second;
    }
    st_.pile.push_back(std::move(item));
    jump_lines_.push_back(line_no_);
    return true;
  }
  if (w[2] != "card" || w.size() < 4) return fail("expected 'pile <seat> card <card> [key=value...]'");
  const std::vector<CardType> types = {CardType::Ship, CardType::News, CardType::Structure,
                                       CardType::Location, CardType::Character};
  auto id = card(w[3], *s, types);
  std::string target;
  CardId on = -1;
  Words attrs(w.begin(), w.begin() + 4);
  for (std::size_t i = 4; i < w.size(); ++i) {
    if (w[i].rfind("on=", 0) != 0) {
      attrs.push_back(w[i]);
      continue;
    }
    auto ref = parse_card_ref(w[i].substr(3));
    if (!ref) return fail("expected on=c<id>, got '" + w[i] + "'");
    on = *ref;
  }
  if (!id || !card_attrs(st_.cards[*id], attrs, 4, &target)) return false;
  if (!target.empty() && !region_for(target)) return false;
  if (db_.find(st_.cards[*id].card)->type == CardType::Location && target.empty()) {
    return fail("a location on the pile needs target=<region>");
  }
  st_.pile.push_back(PileItem{PileItem::Kind::Card, *s, *id, target, on});
  if (on >= 0) ref_lines_.push_back({line_no_, on});
  return true;
}

bool PositionParser::phase_line(const Words& w) {
  if (w.size() != 3) return fail("expected 'phase <phase> <step>'");
  auto p = phase_of(w[1]);
  auto s = step_of(w[2]);
  if (!p) return fail("unknown phase '" + w[1] + "'");
  if (!s) return fail("unknown step '" + w[2] + "'");
  if (window(*p, *s).phase != *p || window(*p, *s).step != *s) {
    return fail("step '" + w[2] + "' is not part of phase '" + w[1] + "'");
  }
  st_.phase = *p;
  st_.step = *s;
  return true;
}

bool PositionParser::prompt_line(const Words& w) {
  if (w.size() != 3) return fail("expected 'prompt <kind> <seat>'");
  auto k = pending_of(w[1]);
  if (!k) return fail("unknown prompt '" + w[1] + "' (mulligan, income, priority, discard, none)");
  st_.pending = *k;
  if (*k == Pending::None && w[2] == "-1") {
    st_.prompt_seat = -1;
  } else {
    auto s = seat(w[2]);
    if (!s) return false;
    st_.prompt_seat = *s;
  }
  prompt_given_ = true;
  return true;
}

bool PositionParser::result_line(const Words& w) {
  if (w.size() == 2 && w[1] == "none") {
    st_.result.reset();
    return true;
  }
  if (w.size() == 3 && w[1] == "draw") {
    st_.result = rules::MatchResult{{}, true, w[2]};
    return true;
  }
  if (w.size() < 4 || w[1] != "winner") {
    return fail("expected 'result none|winner <seat>... <reason>|draw <reason>'");
  }
  std::vector<SeatIndex> winners;  // alliances: every member of the winning alliance
  for (std::size_t i = 2; i + 1 < w.size(); ++i) {
    auto s = seat(w[i]);
    if (!s) return false;
    winners.push_back(*s);
  }
  st_.result = rules::MatchResult{std::move(winners), false, w.back()};
  return true;
}

// "... ability c<id> <effect index>": a pending ability of a card (final id).
// "... ability <region> <effect> [on=c<id>]": an activated ability of a remote region.
bool PositionParser::ability_item(const Words& w, std::size_t at, SeatIndex seat,
                                  std::vector<PileItem>& out) {
  if (w.size() < at + 2) return fail("expected 'ability c<id> <effect> [on=c<id>] [targets=c1,c2] [amount=N]'");
  auto ref = parse_card_ref(w[at]);
  auto effect = integer(w[at + 1], 0, 100);
  if (!effect) return false;
  PileItem item{PileItem::Kind::Ability, seat, ref ? *ref : -1, "", -1, *effect};
  for (std::size_t i = at + 2; i < w.size(); ++i) {
    auto kv = text::key_value(w[i]);
    std::optional<int> n;
    if (kv && kv->first == "amount" && (n = integer(kv->second, 0, 1000))) {
      item.strength = *n;
      continue;
    }
    if (kv && kv->first == "targets") {
      for (const auto& t : text::split(kv->second, ',')) {
        auto r = this->ref(t);
        if (!r) return false;
        item.targets.push_back(*r);
      }
      continue;
    }
    auto on = kv && kv->first == "on" ? parse_card_ref(kv->second) : std::nullopt;
    if (!on) return error_.empty() ? fail("expected on=c<id>, targets=... or amount=N, got '" + w[i] + "'") : false;
    item.target = *on;
    ref_lines_.emplace_back(line_no_, *on);
  }
  if (!ref) {
    const CardDef* d = db_.find(w[at]);
    if (!d || d->type != CardType::RemoteRegion) {
      return fail("expected a card reference like c12 or a remote region, got '" + w[at] + "'");
    }
    if (*effect >= static_cast<int>(d->effects.size())) return fail(w[at] + " has no ability " + w[at + 1]);
    if (!region_for(w[at])) return false;
    item.region = w[at];
    out.push_back(item);
    return true;
  }
  out.push_back(item);
  ability_lines_.emplace_back(line_no_, *ref, *effect);
  return true;
}

// "choice discard|sacrifice_location <seat> <count> c<source>"
bool PositionParser::choice_line(const Words& w) {
  if (w.size() != 5) return fail("expected 'choice discard|sacrifice_location <seat> <count> c<source>'");
  ResolutionChoice c;
  if (w[1] == "discard") c.kind = ResolutionChoice::Kind::Discard;
  else if (w[1] == "mine_location") c.kind = ResolutionChoice::Kind::MineLocation;
  else if (w[1] == "sacrifice_location") c.kind = ResolutionChoice::Kind::SacrificeLocation;
  else if (w[1] == "put_back") c.kind = ResolutionChoice::Kind::PutBack;
  else if (w[1] == "may") c.kind = ResolutionChoice::Kind::May;
  else if (w[1] == "destroy_ship") c.kind = ResolutionChoice::Kind::DestroyShip;
  else if (w[1] == "search") c.kind = ResolutionChoice::Kind::Search;
  else if (w[1] == "give_order") c.kind = ResolutionChoice::Kind::GiveOrder;
  else if (w[1] == "region") c.kind = ResolutionChoice::Kind::Region;
  else if (w[1] == "copy") c.kind = ResolutionChoice::Kind::Copy;
  else if (w[1] == "under") c.kind = ResolutionChoice::Kind::Under;
  else return fail("unknown choice '" + w[1] + "'");
  auto s = seat(w[2]);
  // Not at most 7: Remnant of Vak'atioth discards X cards (its FAQ pays X = 10),
  // as many as the hand holds; x= is at most 1000.
  auto n = s ? integer(w[3], 1, 1000) : std::nullopt;
  auto ref = parse_card_ref(w[4]);
  if (!n) return false;
  c.seat = *s;
  c.count = *n;
  if (!ref) {  // a remote region's ability (Sansha's Nation, Dam Torsad)
    const CardDef* d = db_.find(w[4]);
    if (!d || d->type != CardType::RemoteRegion) return fail("expected c<id> or a remote region, got '" + w[4] + "'");
    c.region = w[4];
    st_.choice = c;
    return true;
  }
  c.source = *ref;
  st_.choice = c;
  ref_lines_.emplace_back(line_no_, *ref);
  return true;
}

rules::Rng PositionParser::rng() const {
  rules::Seed seed;
  if (rng_words_) {
    for (int i = 0; i < 4; ++i) {
      for (int b = 0; b < 8; ++b) {
        seed.bytes[i * 8 + b] = static_cast<std::uint8_t>((*rng_words_)[i] >> (8 * b));
      }
    }
  }
  return rules::Rng(seed);
}

}  // namespace concord::eve
