// The EverZone step machine: applies answers to a GameState and advances it
// through the phases until some seat has a prompt or the match is over.
// It mutates the state it is given; EverZoneMatch runs it on a copy and keeps
// the copy only if the answer is accepted (so rejections change nothing).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "concord/everzone/army.hpp"
#include "concord/everzone/card_db.hpp"
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
  // engine_combat.cpp
  void begin_turn();
  void reveal_activation();
  void withdraw_unfit(int seat);
  void settle();
  bool needs_withdrawal(int seat) const;
  bool reactivate_or_ask(int seat);
  void resume();
  void open_support();
  void end_of_turn();
  void resolve_surrender();
  // engine_clash.cpp
  void begin_clash();
  void attack(int attacker, int defender, const Values& a, const Values& d, int attacker_units);
  void destroy_active(int seat, int attacker_units);
  void destroy(const std::vector<int>& units);
  void destroy_zero_defense();
  void second_attack();
  void end_clash();
  bool check_cp_end();
  void finish(std::vector<int> winners, bool draw, const std::string& reason);
  void end_by_cp(const std::string& reason);
  // engine_answers.cpp
  std::optional<rules::Rejection> on_refresh(int seat, const std::string& id);
  std::optional<rules::Rejection> on_secret(int seat, const rules::Answer& answer);
  std::optional<rules::Rejection> on_withdraw(int seat, const std::vector<int>& chosen);
  std::optional<rules::Rejection> on_reactivate(int seat, const std::vector<int>& chosen);
  std::optional<rules::Rejection> on_support(int seat, const std::string& id);
  std::optional<rules::Rejection> on_retreat(int seat, const std::vector<int>& chosen);
  std::optional<rules::Rejection> on_effect(int seat, const std::vector<int>& chosen);
  std::optional<rules::Rejection> destroy_own_and_enemy(int seat, const std::vector<int>& chosen);
  bool engagement_step(int seat, const std::vector<int>& chosen);  // true once resolved
  void all_secrets_in();

  // helpers (engine_util.cpp)
  PlayerState& player(int seat) { return s_.players.at(static_cast<std::size_t>(seat)); }
  const Card& card(int instance) const;
  Army army(int seat) const { return Army(db_, s_, seat); }
  std::string name(int instance) const;  // "Meraud (c17)"
  std::string names(const std::vector<int>& instances) const;
  // `seat`, `cards` and `amount` fill the EverZoneEvent payload.
  void emit(std::string kind, std::string text, rules::Visibility v = rules::Visibility::all(), int seat = -1,
            const std::vector<int>& cards = {}, int amount = 0);
  void set_waiting(bool value);
  bool anyone_waiting() const;
  int seats() const { return static_cast<int>(s_.players.size()); }
  int opponent(int seat) const { return seats() == 2 ? 1 - seat : -1; }
  static std::string seat_name(int seat);

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
