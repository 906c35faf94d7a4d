// The position format's lingering effects (README "Position format"):
//   effect <controller> c<source> <c<card>|region> <change>[=<amount>|=<order>] until=<duration> [if=<condition>]
// Every active effect is one line, in the order created (the layer's order).
#include "position_parser.hpp"
#include "text.hpp"

namespace concord::eve {

namespace {

bool known_order(const std::string& s) {
  for (int i = 0; i <= static_cast<int>(OrderKind::Sniper); ++i) {
    if (to_string(static_cast<OrderKind>(i)) == s) return true;
  }
  return false;
}

}  // namespace

std::string effect_text(const LingeringEffect& e) {
  std::string out = "effect " + std::to_string(e.controller) + ' ' + card_ref(e.source) + ' ';
  out += e.card >= 0 ? card_ref(e.card) : e.region;
  out += ' ' + to_string(e.change.kind);
  if (e.change.kind == ChangeKind::CannotExecute && !e.change.order.empty()) out += '=' + e.change.order;
  if (e.change.amount != 0) out += '=' + std::to_string(e.change.amount);
  out += " until=" + to_string(e.until);
  if (e.condition != Condition::Always) out += " if=" + to_string(e.condition);
  return out;
}

bool PositionParser::effect_change(const std::string& word, Change& c) {
  const auto kv = text::key_value(word);
  const auto kind = change_kind_from(kv ? kv->first : word);
  if (!kind || *kind == ChangeKind::None) return fail("unknown change '" + word + "'");
  c.kind = *kind;
  if (!kv) return true;
  if (c.kind == ChangeKind::CannotExecute) {
    const bool known = known_order(kv->second);
    c.order = kv->second;
    return known || fail("unknown order '" + kv->second + "'");
  }
  auto n = integer(kv->second, -100, 100);
  if (!n) return false;
  c.amount = *n;
  return true;
}

bool PositionParser::effect_line(const Words& w) {
  if (w.size() < 5 || w.size() > 7) {
    return fail("expected 'effect <seat> c<source> <c<card>|region> <change>[=N] until=<duration> [if=<condition>]'");
  }
  LingeringEffect e;
  auto s = seat(w[1]);
  auto src = s ? ref(w[2]) : std::nullopt;
  if (!src) return false;
  e.controller = *s;
  e.source = *src;
  if (parse_card_ref(w[3])) {
    e.card = *ref(w[3]);
  } else {
    if (!region_for(w[3])) return false;
    e.region = w[3];
  }
  if (!effect_change(w[4], e.change)) return false;
  for (std::size_t i = 5; i < w.size(); ++i) {
    const auto kv = text::key_value(w[i]);
    if (kv && kv->first == "until" && duration_from(kv->second)) {
      e.until = *duration_from(kv->second);
    } else if (kv && kv->first == "if" && condition_from(kv->second)) {
      e.condition = *condition_from(kv->second);
    } else {
      return fail("expected until=source|turn|phase|combat_phase or if=remote_region, got '" + w[i] + "'");
    }
  }
  st_.effects.push_back(std::move(e));
  return true;
}

}  // namespace concord::eve
