// EveMatch: "Give a ship an order" (Management phase). "Rotate the ship so
// that the tab of the order being given is on top. Now the ship executes that
// order ... until it stops executing that order." "Ships that are docked or
// attacking cannot receive, and therefore cannot execute, orders." Orders are
// not put on the pile (the rulebook's pile actions are playing cards and
// abilities, remote regions, jumps and upgrades); giving one is a Management
// action (active player, empty pile). A new order replaces the current one
// ("you must cancel the current order"); "cancel" stops executing.
// The keyword orders' abilities are in match_keywords.cpp.
#include <algorithm>

#include "concord/eve/eve_match.hpp"

namespace concord::eve {

std::optional<rules::Rejection> check_management(const GameState& st, SeatIndex seat);

namespace {

constexpr const char* kCancel = "cancel";

rules::Rejection reject(const char* code, std::string message) {
  return rules::Rejection{code, std::move(message)};
}

}  // namespace

std::vector<OrderKind> EveMatch::executing_orders(CardId ship) const {
  const std::string& tab = state_.cards[ship].order;
  std::vector<OrderKind> out;
  if (tab.empty()) return out;
  const auto orders = orders_of(ship);
  auto it = std::find_if(orders.begin(), orders.end(),
                         [&](const OrderDef& o) { return to_string(o.kind) == tab; });
  if (it == orders.end()) return out;
  for (const auto& o : orders) {
    if (o.side == it->side) out.push_back(o.kind);
  }
  return out;
}

std::optional<rules::Rejection> EveMatch::check_order(SeatIndex seat, const Action& a) const {
  const bool valid = a.card >= 0 && a.card < static_cast<int>(state_.cards.size());
  const std::string where = valid ? ship_location(a.card) : "";
  if (where.empty() || def(a.card).type != CardType::Ship || state_.cards[a.card].owner != seat) {
    return reject("ILLEGAL_TARGET", card_ref(a.card) + " is not a ship of yours in play");
  }
  if (where == kDocks) return reject("ILLEGAL_TARGET", "docked ships cannot receive orders");
  // "Ships that are docked or attacking cannot receive, and therefore cannot execute, orders."
  if (is_attacking(a.card)) return reject("SHIP_ATTACKING", "attacking ships cannot receive orders");
  if (auto r = check_management(state_, seat)) return r;
  const std::string& current = state_.cards[a.card].order;
  if (a.target == kCancel) {
    if (current.empty()) return reject("ILLEGAL_ORDER", card_name(a.card) + " executes no order");
    return std::nullopt;
  }
  const auto orders = orders_of(a.card);
  if (std::none_of(orders.begin(), orders.end(),
                   [&](const OrderDef& o) { return to_string(o.kind) == a.target; })) {
    return reject("ILLEGAL_ORDER", card_name(a.card) + " has no order '" + a.target + "'");
  }
  if (current == a.target) return reject("ILLEGAL_ORDER", "that order is already being executed");
  // "An effect that prohibits an action always takes priority over an effect
  // that allows that same action" (FAQ: Cloud Ring).
  if (static_change(a.card, ChangeKind::CannotExecute)) {
    return reject("ORDERS_PROHIBITED", "ships in " + db_.find(state_.region(where)->card)->name +
                                           " cannot execute their orders");
  }
  return std::nullopt;
}

void EveMatch::order_options(SeatIndex seat, std::vector<Action>& out) const {
  for (const auto& r : state_.regions) {
    for (CardId id : r.ships) {
      if (state_.cards[id].owner != seat) continue;
      std::vector<OrderKind> seen;  // a pilot may add an order the ship has
      for (const auto& o : orders_of(id)) {
        if (std::find(seen.begin(), seen.end(), o.kind) != seen.end()) continue;
        seen.push_back(o.kind);
        out.push_back(Action{Action::Kind::Order, id, to_string(o.kind), 0});
      }
      out.push_back(Action{Action::Kind::Order, id, kCancel, 0});
    }
  }
}

void EveMatch::give_order(SeatIndex seat, const Action& a, Events& ev) {
  state_.cards[a.card].order = a.target == kCancel ? "" : a.target;
  emit(ev, "order_given", seat_name(seat) + ": " + card_name(a.card) + " (" + card_ref(a.card) +
                              ") " + (a.target == kCancel ? "stops executing its order"
                                                          : "executes " + a.target));
}

}  // namespace concord::eve
