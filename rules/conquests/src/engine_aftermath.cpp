// Step five, attack aftermath, for each region lost in the battle (the
// defender's first): the outpost and its token, Region card theft, invasion,
// agents becoming units; then stranded agents are dispatched.
#include <algorithm>

#include "engine.hpp"
#include "prompts.hpp"

namespace concord::conquests {

void Engine::next_loss() {
  while (!s_.losses.empty()) {
    Loss& loss = s_.losses.front();
    if (loss.stage == 0) {
      if (!lose_region(loss)) return wait(Pending::TokenLoss, loss.winner);
      loss.stage = 1;
    }
    if (loss.stage == 1) {
      loss.stage = 2;
      if (loss.outpost >= 0) {
        steal_options_or_skip(loss);
        if (s_.pending == Pending::Steal) return;
      }
    }
    const auto& from = region(loss.from);
    if (loss.stage == 2 && from.owner == loss.winner && from.units >= 2) {
      loss.stage = 3;
      return wait(Pending::Invade, loss.winner);
    }
    settle_region(loss, 0);
  }
  dispatch_stranded();
  s_.battle.reset();
  back_to_turn();
}

// The region is lost and its outpost destroyed with a token of its type. False
// when the winner must pick where that token comes from.
bool Engine::lose_region(Loss& loss) {
  region(loss.region).owner = kNoSeat;
  emit("region_lost", "seat " + std::to_string(loss.victim) + " loses " + map_.region(loss.region).name, loss.victim,
       0).region = rkey(loss.region);
  if (loss.outpost < 0) return true;
  region(loss.region).outpost = -1;
  ++s_.outpost_supply;
  emit("outpost_destroyed", "the outpost in " + map_.region(loss.region).name + " is destroyed", loss.victim).region = rkey(loss.region);
  return lose_token(loss);
}

// The token comes from the reserves (or the schedule when no project card
// holds one); false when the winner picks a schedule token or a project card's
// token (that card is discarded).
bool Engine::lose_token(Loss& loss) {
  auto& pl = player(loss.victim);
  const auto k = static_cast<std::size_t>(loss.outpost);
  const bool on_card = std::any_of(pl.in_play.begin(), pl.in_play.end(), [&](const CardInPlay& c) { return c.token == loss.outpost; });
  if (pl.schedule[k] == 0 && !on_card && pl.reserves[k] == 0) return true;  // cannot happen: tokens match outposts
  if (pl.reserves[k] > 0 || !on_card) {
    --(pl.reserves[k] > 0 ? pl.reserves[k] : pl.schedule[k]);
    ++s_.token_supply[k];
    return true;
  }
  return false;
}

// The picked token: from the schedule (card < 0) or from that token card, which is discarded.
void Engine::take_token(Loss& loss, int card) {
  auto& pl = player(loss.victim);
  ++s_.token_supply[static_cast<std::size_t>(loss.outpost)];
  if (card < 0) {
    --pl.schedule[static_cast<std::size_t>(loss.outpost)];
  } else {
    pl.in_play.erase(std::find_if(pl.in_play.begin(), pl.in_play.end(), [&](const CardInPlay& c) { return c.card == card; }));
    discard(card);
  }
  const std::string what = card < 0 ? "schedule" : "card";
  emit("token_lost", "seat " + std::to_string(loss.victim) + " loses a token (" + what + ")", loss.victim).what = what;
}

void Engine::token_answer(const Words& w) {
  Loss& loss = s_.losses.front();
  take_token(loss, w[0] == "schedule" ? -1 : card_from_ref(w[1]).value_or(0));
  loss.stage = 1;
  next_loss();
}

// The game ends (a concession) during a battle's aftermath: every region lost
// in it completes its aftermath without the winner's choices: no theft, no
// invasion, a token not in the reserves comes from the schedule, else from a
// token card (discarded); the winner's agents or the bottom agent claim the
// region; then stranded agents are dispatched.
void Engine::wind_up_losses() {
  bool picking = s_.pending == Pending::TokenLoss;  // the front loss waits for the winner's pick
  while (!s_.losses.empty()) {
    Loss& loss = s_.losses.front();
    if (loss.stage == 0 && (picking || !lose_region(loss))) {
      const auto& pl = player(loss.victim);
      int card = -1;
      if (pl.schedule[static_cast<std::size_t>(loss.outpost)] == 0)
        for (const auto& c : pl.in_play)
          if (c.token == loss.outpost && card < 0) card = c.card;
      take_token(loss, card);
    }
    picking = false;
    settle_region(loss, 0);
  }
  dispatch_stranded();
}

void Engine::steal_options_or_skip(Loss& loss) {
  const auto& cards = player(loss.victim).region_cards;
  const bool any = std::any_of(cards.begin(), cards.end(), [&](int r) {
    return map_.region(r).colour <= map_.region(loss.region).colour;
  });
  if (any) wait(Pending::Steal, loss.winner);
}

void Engine::steal_answer(const Words& w) {
  Loss& loss = s_.losses.front();
  if (w[0] == "steal") {
    const int r = region_arg(w[1]);
    auto& cards = player(loss.victim).region_cards;
    cards.erase(std::find(cards.begin(), cards.end(), r));
    player(loss.winner).region_cards.push_back(r);
    auto& e = emit("region_card_stolen", "seat " + std::to_string(loss.winner) + " steals " + map_.region(r).name + " from seat " +
                                   std::to_string(loss.victim), loss.winner, colour_value(map_.region(r).colour));
    e.region = rkey(r);
    e.other_seat = loss.victim;
  }
  next_loss();
}

void Engine::invade_answer(const Words& w, std::int64_t value) {
  Loss& loss = s_.losses.front();
  const int n = w[0] == "invade" ? static_cast<int>(value) : 0;
  settle_region(loss, n);
  next_loss();
}

// Who holds the lost region now: the invader (with his agents turned into
// units), the winner's agents, or the bottom agent of the stack.
void Engine::settle_region(Loss& loss, int invading) {
  auto& reg = region(loss.region);
  region(loss.from).units -= invading;
  int claimer = kNoSeat;
  if (invading > 0 || std::count(reg.agents.begin(), reg.agents.end(), loss.winner) > 0) {
    claimer = loss.winner;
  } else if (!reg.agents.empty()) {
    claimer = reg.agents.front();
  }
  if (claimer != kNoSeat) {
    const auto agents = std::count(reg.agents.begin(), reg.agents.end(), claimer);
    reg.agents.erase(std::remove(reg.agents.begin(), reg.agents.end(), claimer), reg.agents.end());
    reg.owner = claimer;
    reg.units = invading + static_cast<int>(agents);
    emit("region_claimed_by_units", "seat " + std::to_string(claimer) + " now holds " + map_.region(loss.region).name +
                                        " with " + std::to_string(reg.units) + " unit(s)", claimer, reg.units).region = rkey(loss.region);
  }
  s_.losses.erase(s_.losses.begin());
}

}  // namespace concord::conquests
