// Project cards: playing (with or without a resource token), their effects,
// returning a token card's token, discarding.
#include <algorithm>

#include "engine.hpp"
#include "prompts.hpp"

namespace concord::conquests {

void Engine::discard(int card) {
  s_.discards[static_cast<std::size_t>(data_.card(s_.card_of[static_cast<std::size_t>(card)]).deck)].push_back(card);
}

void Engine::play_card(int seat, int card) {
  auto& pl = player(seat);
  pl.hand.erase(std::remove(pl.hand.begin(), pl.hand.end(), card), pl.hand.end());
  const auto& def = data_.card(s_.card_of[static_cast<std::size_t>(card)]);
  emit("card_played", "seat " + std::to_string(seat) + " plays " + def.name + " (" + card_ref(card) + ")", seat).what = def.id;
  if (def.token) {
    --pl.reserves[static_cast<std::size_t>(*def.token)];
    pl.in_play.push_back(CardInPlay{card, static_cast<int>(*def.token)});
    if (def.effect == Effect::ScheduleBonus && s_.turn.seat == seat && s_.turn.kind == static_cast<int>(def.deck))
      s_.turn.actions += def.amount;
    return;
  }
  resolve_card(seat, card);
}

// Effects without a token. Effects with a target wait for it (CardTarget).
void Engine::resolve_card(int seat, int card) {
  const auto& def = data_.card(s_.card_of[static_cast<std::size_t>(card)]);
  switch (def.effect) {
    case Effect::ExtraAction:
      s_.turn.actions += def.amount;
      break;
    case Effect::BattlePower:
    case Effect::BattleShields:
    case Effect::BattleDamage: {
      const auto side = static_cast<std::size_t>(side_of(seat));
      auto& bonus = def.effect == Effect::BattlePower ? s_.battle->power_bonus
                                                       : (def.effect == Effect::BattleShields ? s_.battle->shield_bonus
                                                                                              : s_.battle->damage_bonus);
      bonus[side] += def.amount;
      break;
    }
    default:
      return wait(Pending::CardTarget, seat, card);
  }
  discard(card);
}

void Engine::card_target(int seat, const Words& w) {
  const int card = s_.pending_count;
  if (w[0] == "expand") {
    place_unit(seat, region_arg(w[1]));
  } else if (w[0] == "flip") {
    flip(std::stoi(w[1]));
  } else {
    const int owner = std::stoi(w[1]);
    const int index = calendar().find(owner, static_cast<int>(*kind_from(w[2])));
    const int month = s_.seals[static_cast<std::size_t>(index)].month;
    const bool advance = data_.card(s_.card_of[static_cast<std::size_t>(card)]).effect == Effect::AdvanceSeal;
    calendar().move(index, advance ? std::max(s_.month, month - 1) : month + 1);
    emit("seal_moved", "seat " + std::to_string(owner) + "'s " + w[2] + " Seal moves one month " +
                           (advance ? "earlier" : "later"), owner, advance ? -1 : 1).what = w[2];
  }
  discard(card);
  back_to_turn();
}

void Engine::return_card(int seat, int card) {
  auto& pl = player(seat);
  const auto it = std::find_if(pl.in_play.begin(), pl.in_play.end(), [&](const CardInPlay& c) { return c.card == card; });
  ++pl.reserves[static_cast<std::size_t>(it->token)];
  pl.in_play.erase(it);
  discard(card);
  emit("token_returned", "seat " + std::to_string(seat) + " takes back the token of " +
                             data_.card(s_.card_of[static_cast<std::size_t>(card)]).name, seat);
}

}  // namespace concord::conquests
