// EveMatch: Guardian's redirection (text chosen): "You may redirect to
// Guardian damage dealt to other friendly ships in this region. All other
// damage dealt to Guardian by ships is prevented." FAQ: "It receives no damage
// from ships except damage that was redirected to it."
// Chosen: every damage goes through a damage item on the pile, and the
// redirection is decided on that item (`redirect` prompt, seats from the active
// player clockwise, 0..N options `cS>cT>cG`: the damage of cS to cT goes to
// Guardian cG, a ship of cT's controller in cT's region):
//  - combat damage: when the Damage Distribution step puts it on the pile;
//  - damage of an effect (abilities, keyword abilities, News): the effect puts
//    it on top of the resolving pile (deal_effect_damage); it is asked for just
//    before that item resolves (resolution waits for the answers).
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

std::string option_id(const DamageEntry& d, CardId guardian) {
  return card_ref(d.source) + ">" + card_ref(d.target) + ">" + card_ref(guardian);
}

}  // namespace

// Entries of the damage item on top of the pile that the seat may redirect:
// damage to one of its ships (alliances: or an ally's, "other friendly ships")
// in a region where another ship of its has Guardian's ability.
std::vector<rules::PromptOption> EveMatch::redirect_options(SeatIndex seat) const {
  std::vector<rules::PromptOption> out;
  if (seat < 0 || state_.seats[seat].out || state_.pile.empty()) return out;
  const PileItem& item = state_.pile.back();
  if (item.kind != PileItem::Kind::Damage) return out;
  for (const auto& d : item.damage) {
    if (d.target < 0 || d.redirected || !state_.allied(state_.cards[d.target].owner, seat)) continue;
    const Region* r = ship_region(d.target);
    if (!r) continue;
    for (CardId g : r->ships) {
      if (g == d.target || state_.cards[g].owner != seat) continue;
      if (!def(g).has_static(StaticKind::RedirectFriendlyDamage)) continue;
      out.push_back({option_id(d, g),
                     card_name(d.source) + "'s " + std::to_string(d.amount) + " damage to " + card_name(d.target) +
                         " goes to " + card_name(g) + " (" + card_ref(g) + ")",
                     std::nullopt});
    }
  }
  return out;
}

// Asks the next seat (offset `from` from the active player) that may redirect;
// false when nobody is left to ask.
bool EveMatch::ask_redirect(int from, Events& ev) {
  const int n = seat_count();
  for (int k = from; k < n; ++k) {
    const SeatIndex s = (state_.active + k) % n;
    if (redirect_options(s).empty()) continue;
    state_.pending = Pending::Redirect;
    state_.prompt_seat = s;
    emit(ev, "redirect", seat_name(s) + " may redirect damage to Guardian");
    return true;
  }
  return false;
}

// While the pile resolves: the damage of an effect is next (resolve_pile).
bool EveMatch::ask_effect_redirect(Events& ev) {
  const PileItem& top = state_.pile.back();
  return top.kind == PileItem::Kind::Damage && top.region.empty() && ask_redirect(0, ev);
}

// Every seat answered: combat goes on (the damage waits on the pile), or the
// damage of an effect resolves and then the rest of the pile.
void EveMatch::finish_redirect(Events& ev) {
  if (!state_.resolving) {
    next_trigger(ev);
    return;
  }
  state_.pending = Pending::None;
  if (!state_.pile.empty() && state_.pile.back().kind == PileItem::Kind::Damage) {
    const PileItem item = state_.pile.back();
    state_.pile.pop_back();
    resolve_damage(item, ev);
  }
  resolve_pile(ev);  // destruction is checked first
}

// A seat left the game while the pile waited for a `redirect` answer
// (`item_left`: the damage item left the pile with its controller): the pile
// goes on. False: nothing to do here (combat damage: match_turn.cpp).
bool EveMatch::redirect_after_elimination(SeatIndex seat, bool item_left, Events& ev) {
  if (state_.pending != Pending::Redirect || !state_.resolving || state_.result) return false;
  if (item_left) {
    state_.pending = Pending::None;
    resolve_pile(ev);
    return true;
  }
  if (state_.prompt_seat != seat) return false;
  const int n = seat_count();
  if (!ask_redirect((seat - state_.active + n) % n + 1, ev)) finish_redirect(ev);
  return true;
}

rules::Prompt EveMatch::redirect_prompt() const {
  auto options = redirect_options(state_.prompt_seat);
  const auto most = static_cast<unsigned>(options.size());
  return rules::Prompt{"redirect",
                       "You may redirect to Guardian damage dealt to other friendly ships in this region "
                       "(choose none to keep it).",
                       0, most, std::move(options)};
}

void EveMatch::apply_redirect(const rules::Answer& answer, Events& ev) {
  const SeatIndex seat = state_.prompt_seat;
  PileItem& item = state_.pile.back();
  for (const auto& c : answer.choices) {
    for (auto& d : item.damage) {
      if (d.redirected || d.target < 0) continue;
      const std::string prefix = card_ref(d.source) + ">" + card_ref(d.target) + ">";
      if (c.option_id.rfind(prefix, 0) != 0) continue;
      const CardId g = *parse_card_ref(c.option_id.substr(prefix.size()));
      emit(ev, "redirected", card_name(d.source) + "'s damage to " + card_name(d.target) + " is redirected to " +
                                 card_name(g));
      d.target = g;
      d.redirected = true;
      break;
    }
  }
  const int n = seat_count();
  if (ask_redirect((seat - state_.active + n) % n + 1, ev)) return;
  finish_redirect(ev);
}

}  // namespace concord::eve
