// EveMatch: Reflection of Time (Errata): "When Reflection of Time enters play,
// its owner may choose another location in play. If he does so, Reflection of
// Time enters play as a copy of that location."
// Asked as it enters play (`choose_copy`: `decline` or cN), before its (or the
// copied card's) "when ... enters play" abilities trigger: a copy of Scordite
// sacrifices a location. Chosen: the copy has the copied card's printed
// values and abilities (a copy of a copy copies the same card) until it leaves
// play; positions write it `copy=<card id>`.
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

constexpr const char* kDecline = "decline";

}  // namespace

std::vector<CardId> EveMatch::copy_candidates(CardId reflection) const {
  std::vector<CardId> out;
  for (const auto& r : state_.regions) {
    for (CardId id : r.locations) {
      if (id != reflection) out.push_back(id);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// True: the owner is asked (the enters-play abilities wait for the answer).
bool EveMatch::ask_copy(CardId card) {
  const auto& effects = def(card).effects;
  const bool copies = std::any_of(effects.begin(), effects.end(),
                                  [](const EffectDef& e) { return e.kind == EffectKind::CopyLocation; });
  if (!copies || state_.result || copy_candidates(card).empty()) return false;
  const SeatIndex owner = state_.cards[card].owner;
  state_.choice = ResolutionChoice{ResolutionChoice::Kind::Copy, owner, 1, card};
  state_.pending = Pending::Choice;
  state_.prompt_seat = owner;
  return true;
}

rules::Prompt EveMatch::copy_prompt() const {
  const CardId card = state_.choice.source;
  rules::Prompt p{"choose_copy", card_name(card) + ": " + def(card).text, 1, 1, {}};
  p.options.push_back({kDecline, "Enter play as " + card_name(card), std::nullopt});
  for (CardId id : copy_candidates(card)) {
    p.options.push_back({card_ref(id), "A copy of " + card_name(id), std::nullopt});
  }
  return p;
}

void EveMatch::apply_copy(const rules::Answer& answer, Events& ev) {
  const CardId card = take_choice().source;
  const std::string& id = answer.choices.front().option_id;
  if (id != kDecline) {
    const CardId original = *parse_card_ref(id);
    state_.cards[card].copy = def(original).id;
    emit(ev, "copied", card_ref(card) + " enters play as a copy of " + card_name(original));
  }
  queue_enters_play(card);
  resolve_pile(ev);
}

}  // namespace concord::eve
