// EveMatch: Guardian's redirection (text chosen): "You may redirect to
// Guardian damage dealt to other friendly ships in this region. All other
// damage dealt to Guardian by ships is prevented." FAQ: "It receives no damage
// from ships except damage that was redirected to it."
// Chosen: the redirection is decided when the combat damage of the Damage
// Distribution step goes on the pile (`redirect` prompt, seats from the active
// player clockwise, 0..N options `cS>cT>cG`: the damage of cS to cT goes to
// Guardian cG). Other damage (abilities, News) is not redirected.
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

std::string option_id(const DamageEntry& d, CardId guardian) {
  return card_ref(d.source) + ">" + card_ref(d.target) + ">" + card_ref(guardian);
}

}  // namespace

// Entries of the damage item on top of the pile that the seat may redirect.
std::vector<rules::PromptOption> EveMatch::redirect_options(SeatIndex seat) const {
  std::vector<rules::PromptOption> out;
  if (seat < 0 || state_.seats[seat].out || state_.pile.empty()) return out;
  const PileItem& item = state_.pile.back();
  const Region* r = state_.region(item.region);
  if (item.kind != PileItem::Kind::Damage || !r) return out;
  for (CardId g : r->ships) {
    if (state_.cards[g].owner != seat || !def(g).has_static(StaticKind::RedirectFriendlyDamage)) continue;
    for (const auto& d : item.damage) {
      if (d.target < 0 || d.target == g || d.redirected || state_.cards[d.target].owner != seat) continue;
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
  next_trigger(ev);
}

}  // namespace concord::eve
