// Engine: the step machine of EVE: Conquests. It changes a GameState in
// answer to a prompt's chosen options (already checked against the prompt,
// which offers only legal options: see prompts.cpp) and moves to the next
// thing to decide. Split by part of the game:
//   engine_setup.cpp     game preparation and the setup round
//   engine_calendar.cpp  whose turn, start/end of turns, schedules, game end
//   engine_actions.cpp   development, production and logistics actions, outposts, claims
//   engine_cards.cpp     project cards
//   engine_battle.cpp    attacks: cards, dice, tactics, damage
//   engine_aftermath.cpp lost regions: tokens, Region card theft, invasion, agents
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "concord/conquests/board.hpp"
#include "calendar.hpp"
#include "concord/conquests/data.hpp"
#include "concord/conquests/event.hpp"
#include "concord/conquests/state.hpp"
#include "concord/rules/match.hpp"
#include "concord/rules/types.hpp"

namespace concord::conquests {

class Engine {
 public:
  Engine(const StarMap& map, const RulesData& data, GameState& state, std::vector<rules::Event>& events)
      : map_(map), data_(data), s_(state), events_(events) {}

  // Game preparation after initial_state(): reveals, then the setup round.
  void start();
  // Applies one chosen option set of `seat`'s open prompt.
  std::optional<rules::Rejection> answer(int seat, const rules::Answer& answer);
  void concede(int seat);

 private:
  using Words = std::vector<std::string>;
  Board board() const { return Board(map_, s_); }
  Calendar calendar() { return Calendar(s_); }
  RegionState& region(int r) { return s_.regions[static_cast<std::size_t>(r)]; }
  PlayerState& player(int seat) { return s_.seats[static_cast<std::size_t>(seat)]; }
  // Adds an event; the returned payload may be filled further (region, other_seat, what).
  ConquestsEvent& emit(const std::string& kind, const std::string& text, int seat = kNoSeat, int amount = 0,
                       rules::Visibility vis = rules::Visibility::all());
  void wait(Pending p, int seat, int count = 0);
  int region_arg(const std::string& key) const;
  std::string rkey(int r) const { return map_.region(r).key; }

  // engine_setup.cpp
  void setup_answer(int seat, const Words& w);
  void flip(int square);
  void next_setup_seat(int seat);
  void place_setup_unit(int seat, int r);
  void end_setup();

  // engine_calendar.cpp
  std::optional<rules::Rejection> dispatch(int seat, const Words& w, std::int64_t value);
  void next_turn();
  bool doom_step(int index);
  void start_turn(int index);
  void turn_answer(int seat, const Words& w);
  void schedule_answer(int seat, int level);
  void year_passed(int years);
  void check_revelation();
  void end_condition_met(const std::string& reason);
  void finish(const std::string& reason, int excluded = kNoSeat);
  void wind_up_step();
  void back_to_turn();

  // engine_actions.cpp
  void place_unit(int seat, int r);
  void expand(int r);
  void plant(int r);
  void produce(int r);
  void draw(int kind);
  void start_move(int r);
  void move_answer(const Words& w, std::int64_t value);
  void build_outpost(int r, int kind);
  void claim(int a, int b);
  void dispatch_stranded();

  // engine_cards.cpp
  void play_card(int seat, int card);
  void resolve_card(int seat, int card);
  void card_target(int seat, const Words& w);
  void return_card(int seat, int card);
  void discard(int card);
  void gain_token(int seat, int kind);

  // engine_battle.cpp
  void attack(int from, int to);
  void card_window();
  void combat_card(int seat, const Words& w);
  void start_dice();
  void dice_answer(int seat, const Words& w);
  void ask(const Words& w);
  void roll();
  void tactics_answer(const Words& w);
  void resolve_battle();
  int side_of(int seat) const;

  // engine_aftermath.cpp
  void next_loss();
  bool lose_region(Loss& loss);
  bool lose_token(Loss& loss);
  void take_token(Loss& loss, int card);
  void token_answer(const Words& w);
  void steal_options_or_skip(Loss& loss);
  void steal_answer(const Words& w);
  void invade_answer(const Words& w, std::int64_t value);
  void settle_region(Loss& loss, int invading);
  void wind_up_losses();

  const StarMap& map_;
  const RulesData& data_;
  GameState& s_;
  std::vector<rules::Event>& events_;
};

// Builds the state at the start of a match: options, seats, shuffled Region
// decks dealt to the landscape, project decks. Nullopt (and *error) if unusable.
std::optional<GameState> initial_state(const StarMap& map, const RulesData& data, const rules::MatchSetup& setup,
                                       std::string* error = nullptr);

}  // namespace concord::conquests
