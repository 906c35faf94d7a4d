// Whose turn it is (calendar and time wheel), the start and end of turns,
// schedules, the end-game conditions and Impending Doom.
#include <algorithm>
#include <memory>

#include "concord/conquests/event.hpp"
#include "engine.hpp"
#include "prompts.hpp"
#include "text_util.hpp"

namespace concord::conquests {

ConquestsEvent& Engine::emit(const std::string& kind, const std::string& text, int seat, int amount,
                             rules::Visibility vis) {
  auto data = std::make_shared<ConquestsEvent>();
  data->kind = kind;
  data->seat = seat;
  data->amount = amount;
  ConquestsEvent& out = *data;
  events_.push_back(rules::Event{kind, text, std::move(vis), std::move(data)});
  return out;
}

void Engine::wait(Pending p, int seat, int count) {
  s_.pending = p;
  s_.pending_seat = seat;
  s_.pending_count = count;
}

int Engine::region_arg(const std::string& key) const { return map_.find(key).value_or(0); }

std::optional<rules::Rejection> Engine::answer(int seat, const rules::Answer& answer) {
  if (answer.choices.size() != 1) return rules::Rejection{"WRONG_CHOICE_COUNT", "choose exactly one option"};
  const auto w = detail::split_words(answer.choices[0].option_id, ':');
  if (w.empty()) return rules::Rejection{"UNKNOWN_OPTION", "empty option"};
  auto rejected = dispatch(seat, w, answer.choices[0].value);
  if (!rejected && s_.pending != Pending::Over) check_revelation();
  return rejected;
}

std::optional<rules::Rejection> Engine::dispatch(int seat, const Words& w, std::int64_t value) {
  switch (s_.pending) {
    case Pending::SetupFlip:
    case Pending::SetupHq:
    case Pending::SetupUnit:
      setup_answer(seat, w);
      break;
    case Pending::ChooseSeal:
      start_turn(calendar().find(seat, static_cast<int>(kind_from(w[1]).value_or(Kind::Development))));
      break;
    case Pending::Discard:
      if (w[0] == "discard") {
        auto& hand = player(seat).hand;
        const int c = card_from_ref(w[1]).value_or(-1);
        hand.erase(std::remove(hand.begin(), hand.end(), c), hand.end());
        discard(c);
        ++s_.turn.actions;
        emit("card_discarded", "seat " + std::to_string(seat) + " discards a card for an extra action", seat);
      }
      back_to_turn();
      break;
    case Pending::Turn:
      turn_answer(seat, w);
      break;
    case Pending::FlipAfterClaim:
      flip(std::stoi(w[1]));
      if (--s_.pending_count == 0 || Prompts(map_, data_, s_).face_down_squares().empty()) back_to_turn();
      break;
    case Pending::CardTarget:
      card_target(seat, w);
      break;
    case Pending::MoveUnits:
      move_answer(w, value);
      break;
    case Pending::Schedule:
      schedule_answer(seat, std::stoi(w[1]));
      break;
    case Pending::CombatCards:
      combat_card(seat, w);
      break;
    case Pending::Dice:
      dice_answer(seat, w);
      break;
    case Pending::Ask:
      ask(w);
      break;
    case Pending::Tactics:
      tactics_answer(w);
      break;
    case Pending::TokenLoss:
      token_answer(w);
      break;
    case Pending::Steal:
      steal_answer(w);
      break;
    case Pending::Invade:
      invade_answer(w, value);
      break;
    case Pending::Over:
      return rules::Rejection{"MATCH_OVER", "the match is over"};
  }
  return std::nullopt;
}

void Engine::back_to_turn() { wait(Pending::Turn, s_.turn.seat); }

// The next Seal in the turn sequence: a player's turn, his choice between his
// Seals one after the other, or the EVE marker of Impending Doom.
void Engine::next_turn() {
  for (int guard = 0; guard < 10000 && s_.pending != Pending::Over; ++guard) {
    const auto next = Calendar::next(s_);
    if (next.empty()) {
      const int years = calendar().turn_wheel();
      emit("month", "the time wheel turns to month " + std::to_string(s_.month % 12 + 1), kNoSeat, s_.month);
      if (years > 0) year_passed(years);
      continue;
    }
    const Seal& seal = s_.seals[static_cast<std::size_t>(next[0])];
    if (seal.seat == kNoSeat) {
      if (doom_step(next[0])) return;
      continue;
    }
    if (next.size() > 1) return wait(Pending::ChooseSeal, seal.seat);
    return start_turn(next[0]);
  }
}

// Impending Doom: roll a tactics die; a blank ends the game, otherwise the
// marker moves one month per tactic. True when the game ended.
bool Engine::doom_step(int index) {
  const int face = data_.die(kTactics)[static_cast<std::size_t>(s_.rng.below(6))];
  emit("doom_roll", "Impending Doom: the tactics die shows " + std::to_string(face), kNoSeat, face);
  if (face == 0) {
    finish("impending_doom");
    return true;
  }
  calendar().move(index, s_.seals[static_cast<std::size_t>(index)].month + face);
  return false;
}

void Engine::start_turn(int index) {
  const Seal seal = s_.seals[static_cast<std::size_t>(index)];
  const auto& pl = player(seal.seat);
  const auto k = static_cast<std::size_t>(seal.kind);
  TurnState t;
  t.seat = seal.seat;
  t.kind = seal.kind;
  t.actions = data_.schedule(static_cast<Kind>(seal.kind), 1 + pl.schedule[k]).actions;
  for (const auto& c : pl.in_play) {
    const auto& card = data_.card(s_.card_of[static_cast<std::size_t>(c.card)]);
    if (card.effect == Effect::ScheduleBonus && static_cast<int>(card.deck) == seal.kind) t.actions += card.amount;
  }
  const auto n = s_.regions.size();
  t.acted.assign(n, 0);
  t.planted.assign(n, 0);
  t.produced.assign(n, 0);
  t.present.assign(n, 0);
  for (int r = 0; r < map_.size(); ++r) t.present[static_cast<std::size_t>(r)] = board().present(seal.seat, r) ? 1 : 0;
  s_.turn = std::move(t);
  emit("turn", "seat " + std::to_string(seal.seat) + ": " + kind_name(static_cast<Kind>(seal.kind)) + " turn, " +
                   std::to_string(s_.turn.actions) + " actions", seal.seat, s_.turn.actions).what = kind_name(static_cast<Kind>(seal.kind));
  const bool can_discard = std::any_of(pl.hand.begin(), pl.hand.end(), [&](int c) {
    return static_cast<int>(data_.card(s_.card_of[static_cast<std::size_t>(c)]).deck) == seal.kind;
  });
  wait(can_discard ? Pending::Discard : Pending::Turn, seal.seat);
}

void Engine::turn_answer(int seat, const Words& w) {
  const std::string& a = w[0];
  if (a == "end") return wait(Pending::Schedule, seat);
  if (a == "outpost") return build_outpost(region_arg(w[1]), static_cast<int>(*kind_from(w[2])));
  if (a == "claim") return claim(std::stoi(w[1]), std::stoi(w[2]));
  if (a == "play") return play_card(seat, card_from_ref(w[1]).value_or(0));
  if (a == "return") return return_card(seat, card_from_ref(w[1]).value_or(0));
  --s_.turn.actions;
  if (a == "expand") return expand(region_arg(w[1]));
  if (a == "plant") return plant(region_arg(w[1]));
  if (a == "produce") return produce(region_arg(w[1]));
  if (a == "draw") return draw(static_cast<int>(*kind_from(w[1])));
  if (a == "move") return start_move(region_arg(w[1]));
  attack(region_arg(w[1]), region_arg(w[2]));
}

// End of turn: the new schedule's level (tokens between it and the reserves),
// then the Seal moves forward by that schedule's months.
void Engine::schedule_answer(int seat, int level) {
  auto& pl = player(seat);
  const auto k = static_cast<std::size_t>(s_.turn.kind);
  const int pool = pl.schedule[k] + pl.reserves[k];
  pl.schedule[k] = level - 1;
  pl.reserves[k] = pool - pl.schedule[k];
  const int months = data_.schedule(static_cast<Kind>(k), level).months;
  calendar().move(calendar().find(seat, static_cast<int>(k)), s_.month + months);
  emit("seal_moved", "seat " + std::to_string(seat) + " starts a level " + std::to_string(level) + " " +
                         kind_name(static_cast<Kind>(k)) + " schedule: " + std::to_string(months) + " months",
       seat, months).what = kind_name(static_cast<Kind>(k));
  s_.turn = TurnState{};
  next_turn();
}

void Engine::year_passed(int years) {
  if (s_.end != EndCondition::Trinity || s_.doom_active) return;
  s_.eve_marker = std::max(0, s_.eve_marker - years);
  emit("year_passed", "a year has passed; the EVE marker is on " + std::to_string(s_.eve_marker), kNoSeat, s_.eve_marker);
  if (s_.eve_marker == 0) end_condition_met("trinity");
}

void Engine::check_revelation() {
  if (s_.end != EndCondition::Revelation || s_.doom_active) return;
  for (int seat = 0; seat < s_.players; ++seat)
    if (board().victory_points(seat) >= s_.eve_marker) return end_condition_met("revelation");
}

// The end-game condition is met: the game ends, or with Impending Doom the EVE
// marker goes to the end of next month.
void Engine::end_condition_met(const std::string& reason) {
  if (!s_.doom) return finish(reason);
  s_.doom_active = true;
  calendar().place(kNoSeat, 0, s_.month + 1);
  emit("impending_doom", "the end-game condition is met: Impending Doom begins next month");
}

// The game may end (a concession) in the middle of a step: a card waiting for
// its target goes to its discard pile unresolved ("When such a card has been
// resolved, it is placed in its discard pile"), and the regions lost in a
// battle complete their aftermath without further choices, so the final board
// keeps every card in one place and no agents in a region nobody owns.
void Engine::wind_up_step() {
  if (s_.pending == Pending::CardTarget) {
    const int card = s_.pending_count;
    discard(card);
    emit("card_discarded", "seat " + std::to_string(s_.pending_seat) + "'s " +
                               data_.card(s_.card_of[static_cast<std::size_t>(card)]).name + " is discarded unresolved",
         s_.pending_seat).what = data_.card(s_.card_of[static_cast<std::size_t>(card)]).id;
  }
  if (!s_.losses.empty()) wind_up_losses();
}

// The player(s) with the most victory points win; equal points are a tie.
void Engine::finish(const std::string& reason, int excluded) {
  wind_up_step();
  rules::MatchResult result;
  result.reason = reason;
  int best = -1;
  for (int seat = 0; seat < s_.players; ++seat) {
    if (seat == excluded) continue;
    const int vp = board().victory_points(seat);
    if (vp > best) result.winners.clear();
    if (vp >= best) {
      best = vp;
      result.winners.push_back(seat);
    }
  }
  result.draw = result.winners.size() > 1;
  s_.result = result;
  s_.battle.reset();
  s_.losses.clear();
  wait(Pending::Over, kNoSeat);
  emit("game_over", "the game is over (" + reason + ")");
}

// Chosen: a concession ends the game; the other players' victory points decide it.
void Engine::concede(int seat) {
  emit("conceded", "seat " + std::to_string(seat) + " concedes", seat);
  finish("conceded", seat);
}

}  // namespace concord::conquests
