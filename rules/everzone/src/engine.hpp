// The EverZone step machine: applies answers to a GameState and advances it
// through the phases until some seat has a prompt or the match is over.
// It mutates the state it is given; EverZoneMatch runs it on a copy and keeps
// the copy only if the answer is accepted (so rejections change nothing).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "concord/everzone/army.hpp"
#include "abilities.hpp"
#include "concord/everzone/card_db.hpp"
#include "concord/everzone/sides.hpp"
#include "concord/everzone/state.hpp"
#include "concord/rules/types.hpp"

namespace concord::everzone {

class Engine {
 public:
  Engine(const CardDb& db, GameState& state, std::vector<rules::Event>& events)
      : db_(db), s_(state), events_(events) {}

  void start_game();   // after setup: first round
  void start_round();  // DRAW PHASE + BATTLE PHASE
  std::optional<rules::Rejection> answer(int seat, const rules::Answer& answer);
  void concede(int seat);

 private:
  // engine_round.cpp
  void draw_to_ten(int seat);
  bool draw_one(int seat);
  void refresh_hand(int seat);
  void begin_deploy();
  void reveal_deployment();
  void begin_retreat();
  void finish_retreat();
  void begin_targeting();
  void reveal_targets();
  // engine_combat.cpp
  void begin_turn();
  void reveal_activation();
  void withdraw_unfit(int seat);
  void settle();
  bool must_withdraw(int seat) const;
  bool reactivate_or_ask(int seat);
  void resume();
  void open_support();
  void after_the_clash();
  void end_of_turn();
  void resolve_surrender();
  bool surrenders_now(const Side& side) const;
  int surrender_damage(const std::vector<Side>& all, int side) const;
  // engine_clash.cpp
  void begin_clash();
  struct Strike {
    Side attacker, defender;
    Values a, d;
    int attacker_units = 0, defender_units = 0;
  };
  void next_attack();
  void open_clash_window();
  void strike();
  int next_rank() const;
  void attack(const Strike& strike);
  void destroy_active(int seat, int attacker_units);
  void destroy(const std::vector<int>& units);
  void destroy_zero_defense(const Effect* fresh = nullptr);  // `fresh` counts even if its source left play
  void fire_destroyed(int seat, int unit);  // `ability destroyed` steps (no choice)
  void end_clash();
  bool check_cp_end();
  bool check_teams_end();
  bool eliminate_all(const std::vector<int>& out);  // true: the battle was interrupted
  void eliminate(int seat);
  void end_entries_in_hands();  // declared entries of cards back in a hand (hidden) end
  void carry_on(int gone);  // a seat left in the middle of a phase
  void lose_surrenders(const std::vector<int>& losers);
  void finish(std::vector<int> winners, bool draw, const std::string& reason);
  void end_by_cp(const std::string& reason);
  // engine_answers.cpp
  std::optional<rules::Rejection> on_refresh(int seat, const std::string& id);
  std::optional<rules::Rejection> on_secret(int seat, const rules::Answer& answer);
  std::optional<rules::Rejection> on_withdraw(int seat, const std::vector<int>& chosen);
  std::optional<rules::Rejection> on_reactivate(int seat, const std::vector<int>& chosen);
  std::optional<rules::Rejection> on_support(int seat, const std::string& id);
  std::optional<rules::Rejection> on_clash(int seat, const std::string& id);
  void play_support(int seat, int instance);
  // L53: hybrid abilities apply "each time the appropriate circumstances
  // arise": a hybrid declared in one window may be declared again in the next
  // (the clash beginning, each attack), not once per turn.
  void new_circumstance();
  void support_closed();
  void clash_window_closed();
  std::optional<rules::Rejection> on_retreat(int seat, const std::vector<int>& chosen);
  std::optional<rules::Rejection> on_effect(int seat, const rules::Answer& answer);
  std::optional<rules::Rejection> apply_choice(int seat, const rules::Answer& answer);
  // engine_stack.cpp: the two stacks
  void declare(int seat, int instance, bool effect);
  void reopen_windows();
  bool offers_keep(int seat) const;
  void resolve_next();
  void resolve(int instance);
  void run_steps(int seat);
  void apply_step(int seat, int source, const Step& step, const std::vector<int>& cards);
  void add_change(const Effect& e);
  void trade(int seat, int source, const Step& step, const std::vector<int>& cards);
  void activate_step(int seat, const Step& step, const std::vector<int>& cards);
  void redeploy_now(int seat, int unit);  // "re-deployed face down" (Jehrah's `or_redeploy`)
  void finish_effect(int seat);
  void discard_resolved(int seat);
  void redeploy_at_end_of_turn();
  void duel(int unit, int target);
  void take_control(int seat, int unit);
  void damage_side_of(int seat, int amount, const std::string& why);
  void activate_effect(int seat, const std::vector<int>& units, const std::string& how);
  std::optional<rules::Rejection> destroy_own_and_enemy(int seat, const std::vector<int>& chosen);
  void all_secrets_in();

  // helpers (engine_util.cpp)
  PlayerState& player(int seat) { return s_.players.at(static_cast<std::size_t>(seat)); }
  const PlayerState& player_const(int seat) const { return s_.players.at(static_cast<std::size_t>(seat)); }
  const Card& card(int instance) const;
  Army army(int seat) const { return Army(db_, s_, seat); }
  Army army(const Side& side) const { return Army(db_, s_, side.seats); }  // borrows side.seats: use it while `side` lives
  Army limit_army(int seat) const { return Army(db_, s_, limit_group(s_, seat)); }
  // Active Units of the army `seat` faces (for Sea Arrow): its target's side,
  // or every opponent before targets are chosen.
  int enemy_army_units(int seat) const { return facing_units(db_, s_, seat); }
  std::string name(int instance) const;  // "Meraud (c17)"
  std::string names(const std::vector<int>& instances) const;
  // `seat`, `cards` and `amount` fill the EverZoneEvent payload.
  void emit(std::string kind, std::string text, rules::Visibility v = rules::Visibility::all(), int seat = -1,
            const std::vector<int>& cards = {}, int amount = 0, const std::vector<int>& seats = {});
  void set_waiting(bool value);
  bool anyone_waiting() const;
  int seats() const { return static_cast<int>(s_.players.size()); }
  // The seat whose zones hold `instance` (its owner unless captured).
  int controller(int instance) const;
  void take_out(int instance);  // removes it from every player's zones in play
  void release_captured();      // VLAD no longer active: captured Units go back
  static std::string seat_name(int seat);
  static std::string side_name(const Side& side);  // "seat 0" / "seats 0+2"

  const CardDb& db_;
  GameState& s_;
  std::vector<rules::Event>& events_;
};

// Helpers shared by the engine and the prompt builder.
std::string instance_id(int instance);                   // "c17"
std::string discard_option(int instance);                // "discard_c17"
std::optional<int> parse_instance(const std::string& id);  // "c17" -> 17
void move_card(std::vector<int>& from, std::vector<int>& to, int instance);
bool contains(const std::vector<int>& v, int x);

}  // namespace concord::everzone
