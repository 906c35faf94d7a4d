// EveMatch: the EVE: The Second Genesis engine, a prompt-driven step machine
// (DESIGN.md). Implemented across src/match_*.cpp by concern.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "concord/eve/card_db.hpp"
#include "concord/eve/eve_view.hpp"
#include "concord/eve/state.hpp"
#include "concord/eve/timing.hpp"
#include "concord/rules/match.hpp"
#include "concord/rules/prompt_memo.hpp"
#include "concord/rules/rng.hpp"

namespace concord::eve {

// A priority action parsed from an option id:
//   "pass" | "play:c12" | "play:c12@<region>" (locations) | "region:<id>" | "upgrade"
//   | "jump:c12@<region>" | "jump:c12@docks" | "play:c12>c7" (News targeting card c7)
//   | "jump:c12@home0+c9" (undock with character c9 as its pilot)
//   | "order:c12@<order>" | "order:c12@cancel"
//   | "kamikaze:c12>c7" | "kamikaze:c12@home1" (Kamikaze on a ship or on that region's base)
//   | "ability:c12:0" | "ability:c12:0>c7" | "ability:ginnungagap:0>c7" (activated abilities)
struct Action {
  enum class Kind { Pass, Play, Region, Upgrade, Jump, Order, Kamikaze, Ability };
  Kind kind = Kind::Pass;
  CardId card = -1;
  std::string target;  // location target region key, or the remote region id
  int x = 0;
  CardId on = -1;      // the card a targeted effect names
  int effect = -1;     // Ability: the effect index (target = the region key of a region source)
  static std::optional<Action> parse(const std::string& option_id, std::int64_t value);
  std::string option_id() const;
};

// "Seats at the table are chosen randomly" (Multiplayer Rules): the seats in
// clockwise table order, a function of the match seed alone (SHA-256 of
// "eve seating:" and the seed; the match RNG is untouched). Two seats: 0, 1.
std::vector<SeatIndex> seating(const rules::Seed& seed, int seats);
// Alliances: allies sit side by side (chosen; L200 "Priority within an alliance
// goes from left to right" speaks of a row). `table` regrouped: the alliances
// (seat % alliances) in the order their first member sits, each member in his
// order there. seating() and this keep the match RNG untouched.
std::vector<SeatIndex> alliance_seating(const std::vector<SeatIndex>& table, int alliances);

class EveMatch final : public rules::Match {
 public:
  // A new match: bases, regions, shuffled markets, random first player,
  // seven-card hands, then the mulligan prompt for the first player.
  // `variants`: the Multiplayer Rules' optional variants (room options).
  // Seats at the table are drawn from the seed (`seating`).
  EveMatch(const CardDb& db, const std::vector<rules::Deck>& decks, const rules::Seed& seed,
           const Variants& variants = {});
  // A match resumed from a state (the position format).
  EveMatch(const CardDb& db, GameState state, rules::Rng rng);

  std::optional<rules::Prompt> prompt(SeatIndex seat) const override;
  std::shared_ptr<const rules::Prompt> shared_prompt(SeatIndex seat) const override;
  rules::Outcome submit(SeatIndex seat, const rules::Answer& answer) override;
  rules::Outcome concede(SeatIndex seat) override;
  std::unique_ptr<rules::View> view(const rules::Viewer& viewer) const override;
  // The views of `viewers` (seats and spectators) projected together (eve_view.hpp).
  EveViews views(const std::vector<rules::Viewer>& viewers) const;
  // The same with cards as instance numbers; card_view(id) is what each
  // number stands for, made from the card's card_key(id).
  EveViewIds view_ids(const std::vector<rules::Viewer>& viewers) const;
  // The same into `out`, which may hold an earlier command's (a server keeps
  // it, so that its vectors keep their capacity).
  void view_ids(const std::vector<rules::Viewer>& viewers, EveViewIds& out) const;
  EveCardKey card_key(CardId id) const;
  // Whether card_key(id) == key, without copying the key's strings (a server
  // asks it of every card it shows, every command; most are unchanged).
  bool card_key_is(CardId id, const EveCardKey& key) const;
  // XXH64 of the id of instance `id`'s card (its card never changes): equal
  // numbers, the same card; a server compares these instead of the ids' text.
  std::uint64_t card_number(CardId id) const { return name_hashes_[static_cast<std::size_t>(id)]; }
  EveCardView card_view(CardId id) const;
  std::string state_hash_as(rules::StateHashVersion version) const override;
  // The hash of version Fields and later: every field the position text
  // covers, fed to the hasher in a fixed order (state_hash.cpp).
  std::string state_fields_hash(rules::StateHashVersion version) const;
  // A priority action answered where no priority round is open (the Draw
  // phase: "the only phase in which no player may play News cards or use any
  // abilities") is WINDOW_CLOSED; an action offered to no one else is
  // explained by the rule it breaks (CANNOT_AFFORD, ...).
  std::optional<rules::Rejection> explain_refusal(SeatIndex seat, const rules::Answer& answer,
                                                  const rules::Rejection& found) const override;
  bool finished() const override { return state_.result.has_value(); }
  std::optional<rules::MatchResult> result() const override { return state_.result; }
  int seat_count() const override { return static_cast<int>(state_.seats.size()); }
  int turn_number() const override { return state_.turn; }

  const GameState& state() const { return state_; }
  const CardDb& db() const { return db_; }
  const rules::Rng& rng() const { return rng_; }
  const CardDef& def(CardId id) const;

  // Income the seat would take now ("Add up all income bonuses from all cards you control").
  std::int64_t income(SeatIndex seat) const;
  // The orders a ship executes now: every order on the side of its order tab
  // (FAQ: "the ship Maller can execute both of its possible orders at once").
  std::vector<OrderKind> executing_orders(CardId ship) const;
  // Where a ship is: its owner's docks (kDocks), a region key, or "" (elsewhere).
  // A reference (to the region's key or a constant), as the modifier pass asks
  // it many times per ship: valid until the regions change.
  const std::string& ship_location(CardId id) const;
  // The region a ship is in (null when docked or elsewhere): ship_location
  // without the search by key.
  const Region* ship_region(CardId id) const;
  // Combat numbers with every modifier in play: shield (Ice Ore, Stubborn
  // Mechanic), attack (Sensor Dampen), a base's total shield (base + structures).
  int shield_of(CardId ship) const;
  int attack_of(CardId ship) const;
  // Both from one pass over the modifiers (a card's view shows both).
  struct CombatNumbers {
    int shield = 0;
    int attack = 0;
  };
  CombatNumbers combat_numbers(CardId ship) const;
  int base_shield(SeatIndex seat) const;
  // The strength X of a keyword order the ship executes now (0 = none): the
  // ship must be in a region, not attacking, not jammed (a cannot_execute
  // effect), orders allowed there.
  int order_strength(CardId ship, OrderKind kind) const;
  // A cannot_withdraw change applies to the ship now (Warp Scramble: "During
  // this Combat phase the chosen targets cannot withdraw").
  bool cannot_withdraw(CardId ship) const;
  // Keyword ability strength: printed keywords (in a region) + executing orders of that kind.
  int keyword_strength(CardId ship, OrderKind kind) const;
  bool is_attacking(CardId ship) const;
  // A ship's orders: its own and its pilot's ("Treat these additional orders as
  // though the ship owns them (they stay on the same side of the card)").
  std::vector<OrderDef> orders_of(CardId ship) const;
  // Why an action is illegal for the seat now, or nullopt if legal.
  std::optional<rules::Rejection> check(SeatIndex seat, const Action& action) const;

 private:
  using Events = std::vector<rules::Event>;

  std::optional<rules::Prompt> open_prompt(SeatIndex seat) const;  // prompt() computed (match.cpp)

  // match_combat.cpp
  void record_attack(CardId ship, const std::string& region, Events& ev);
  void start_combat(Events& ev);
  void next_attack(Events& ev);
  void begin_attack(const std::string& region, Events& ev);
  void begin_combat_phase(Events& ev);
  void enter_combat_step(Events& ev);
  void end_combat_step(Events& ev);
  void finish_combat_phase(Events& ev);
  void resolve_attack(Events& ev);
  std::vector<CardId> ships_of(const std::string& region, SeatIndex seat) const;
  std::vector<CardId> defending_ships() const;  // the defending alliance's ships in the battle
  std::vector<CardId> attackers_in(const std::string& region) const;
  rules::Prompt choose_attack_prompt() const;
  void apply_choose_attack(const rules::Answer& answer, Events& ev);
  rules::Prompt continue_prompt() const;
  void apply_continue(const rules::Answer& answer, Events& ev);
  // match_combat_decisions.cpp
  void start_decisions(Events& ev);
  void after_decisions(Events& ev);
  std::vector<std::string> withdraw_destinations(CardId ship) const;
  std::vector<CardId> may_withdraw(SeatIndex seat) const;
  void open_withdrawal(SeatIndex seat, Events& ev);
  std::vector<SeatIndex> deciders() const;       // who announces withdrawals, in order
  SeatIndex next_decider(SeatIndex seat) const;  // -1: nobody after `seat`
  void after_withdrawal_left(SeatIndex seat, Events& ev);
  rules::Prompt withdraw_prompt() const;
  void apply_withdraw(const rules::Answer& answer, Events& ev);
  void withdraw_ship(CardId ship, const std::string& to, Events& ev);
  // The announced or forced withdrawals (combat.withdrawals) go on the pile as
  // jumps, all at once (L97, L187, L239).
  void withdrawals_to_pile(Events& ev);
  // Every forced withdrawal is chosen: its jumps on the pile, priority.
  void forced_withdrawals_chosen(Events& ev);
  void next_assignment(Events& ev);
  std::vector<CardId> assignable_targets(CardId ship) const;
  rules::Prompt assign_prompt() const;
  void apply_assign(const rules::Answer& answer, Events& ev);
  CardId patrolled_by(CardId ship) const;
  rules::Prompt multi_target_prompt(CardId ship, rules::Prompt p) const;
  std::vector<CardId> unshared_targets(CardId ship) const;  // L98 distribution stage
  int unshared_damage(CardId ship) const;
  bool end_of_turn_withdrawal(Events& ev);
  // match_keywords.cpp
  void trigger_keywords(Events& ev);
  std::vector<CardId> keyword_targets(const PileItem& item) const;
  void next_trigger(Events& ev);
  rules::Prompt ability_targets_prompt() const;
  void apply_ability_targets(const rules::Answer& answer, Events& ev);
  void resolve_keyword(const PileItem& item, Events& ev);
  // Jam / Warp Scramble / Sensor Dampen: `change` on the target until the Combat phase ends.
  void combat_effect(const PileItem& item, CardId target, Change change, Events& ev);
  void kamikaze_options(SeatIndex seat, std::vector<Action>& out) const;
  std::optional<rules::Rejection> check_kamikaze(SeatIndex seat, const Action& a) const;
  void play_kamikaze(SeatIndex seat, const Action& a, Events& ev);
  void queue_mining(SeatIndex seat);
  // match_statics.cpp (the modifier pass)
  struct StaticSource {
    CardId card = -1;
    SeatIndex controller = -1;  // -1: a location in an uncontrolled region
    std::string region;         // "" for News
  };
  struct ShipMods {
    int shield = 0;
    int attack = 0;
    int jam = 0;
  };
  template <typename F>
  void for_each_static(F&& f) const;
  bool in_scope(const StaticSource& src, StaticScope scope, CardId ship, const std::string& where) const;
  int excess_ships(SeatIndex seat, const std::string& region) const;
  ShipMods ship_mods(CardId ship) const;
  // The same for a ship at `where` (its ship_location): callers that know it
  // save a search.
  ShipMods ship_mods(CardId ship, const std::string& where) const;
  bool damage_prevented(const DamageEntry& d) const;
  std::int64_t income_bonus() const;
  void ship_destroyed(CardId ship, SeatIndex controller, Events& ev);
  bool censored(SeatIndex seat) const;
  // match_abilities.cpp
  const CardDef& ability_def(CardId card, const std::string& region) const;
  bool location_locked(CardId location) const;
  bool ability_applies(SeatIndex seat, const Action& a, const EffectDef& e) const;
  std::string ability_region(SeatIndex seat, const Action& a) const;
  std::optional<rules::Rejection> check_ability_target(SeatIndex seat, const Action& a,
                                                       const EffectDef& e) const;
  std::optional<rules::Rejection> check_ability(SeatIndex seat, const Action& a) const;
  CardId pilot_ship(CardId character) const;
  void ability_options(SeatIndex seat, std::vector<Action>& out) const;
  void play_ability(SeatIndex seat, const Action& a, Events& ev);
  void pay_by_leaving(CardId id, bool to_hand);
  void resolve_activated(const PileItem& item, const EffectDef& e, Events& ev);
  // match_pending_targets.cpp (pending abilities that name targets)
  std::string card_region(CardId id) const;
  const EffectDef& item_effect(const PileItem& item) const;
  void trigger_card_abilities(Trigger when, Events& ev);
  std::vector<CardId> ability_target_candidates(const PileItem& item) const;
  bool ask_pending_targets(Events& ev);
  rules::Prompt pending_targets_prompt(const PileItem& item) const;
  void set_pending_amount(PileItem& item) const;
  void resolve_targeted_ability(const PileItem& item, const EffectDef& e, Events& ev);
  // match_news.cpp (News effects beyond the first vocabulary)
  std::optional<rules::Rejection> check_news_target(SeatIndex seat, const CardDef& d, CardId t) const;
  std::optional<rules::Rejection> check_region_target(const CardDef& d, const std::string& key) const;
  bool jumps_prohibited_into(const std::string& region) const;
  bool apply_news_effect(const PileItem& item, const EffectDef& e, Events& ev);
  void return_ships_home(const PileItem& item, Events& ev);
  rules::Prompt give_order_prompt() const;
  void apply_give_order(const rules::Answer& answer, Events& ev);
  // match_card_choices.cpp (Angel Impaler, Field Supply Router, By the Emperor's Decree)
  void queue_when_destroyed(CardId ship);
  void queue_start_of_opponent_turn(SeatIndex active);
  bool resolve_choice_ability(const PileItem& item, const EffectDef& e, Events& ev);
  void pay_return_to_hand(CardId card, SeatIndex seat, Events& ev);
  bool may_pays(CardId source) const;
  void reveal_location(const PileItem& item, Events& ev);
  std::vector<std::string> decree_regions(CardId location) const;
  // ADD_EFFECT with a pending TARGET_REMOTE_REGION of the card (its first one).
  const EffectDef& region_effect(CardId source) const;
  rules::Prompt region_prompt() const;
  void apply_region(const rules::Answer& answer, Events& ev);
  // match_redirect.cpp (Guardian)
  std::vector<rules::PromptOption> redirect_options(SeatIndex seat) const;
  bool ask_redirect(int from, Events& ev);
  bool ask_effect_redirect(Events& ev);
  void finish_redirect(Events& ev);
  bool redirect_after_elimination(SeatIndex seat, bool item_left, Events& ev);
  rules::Prompt redirect_prompt() const;
  void apply_redirect(const rules::Answer& answer, Events& ev);
  // match_copy.cpp (Reflection of Time)
  std::vector<CardId> copy_candidates(CardId reflection) const;
  bool ask_copy(CardId card);
  rules::Prompt copy_prompt() const;
  void apply_copy(const rules::Answer& answer, Events& ev);
  // match_layer.cpp (lingering effects: the one effect layer)
  void add_effect(LingeringEffect e, Events& ev);
  void expire_effects(Duration until);
  void forget_effects(CardId id);
  bool effect_applies(const LingeringEffect& e, CardId ship) const;
  // Whether a lingering effect with this change applies to the ship now.
  bool has_change(CardId ship, ChangeKind kind, const std::string& order = "") const;
  void apply_lingering(CardId ship, ShipMods& m) const;
  bool condition_holds(Condition c, CardId ship) const;
  // ADD_EFFECT: every change of `e` on card t, or (t = -1) on the friendly ships of `region`.
  void add_effects(CardId source, SeatIndex controller, const EffectDef& e, CardId t, const std::string& region,
                   Events& ev);
  // MOVE_TARGET: the target goes to its owner's zone `e.to`.
  void move_target(const PileItem& item, const EffectDef& e, CardId t, Events& ev);
  // A static ability in play (CHANGE) with this change applies to the ship now.
  bool static_change(CardId ship, ChangeKind kind, const std::string& order = "") const;
  // Static CHANGEs of a region card ("All ships in this region": Cloud Ring) on a ship there.
  template <typename F>
  void for_each_region_change(CardId ship, F&& f) const;
  // match_under.cpp (Blood Rogue)
  std::vector<std::pair<CardId, CardId>> under_options(CardId rogue) const;
  rules::Prompt under_prompt() const;
  void apply_under(const rules::Answer& answer, Events& ev);
  void release_under(CardId ship);
  // match_trade.cpp
  void start_trades(SeatIndex from, Events& ev);
  void apply_put_back(const rules::Answer& answer, Events& ev);
  // match_choices.cpp ("you may" choices, choices of card texts)
  std::vector<CardId> remote_ships() const;
  std::optional<rules::Prompt> special_choice_prompt() const;
  void apply_special_choice(const rules::Answer& answer, Events& ev);
  void run_may(const PileItem& item, Events& ev);
  void location_played(SeatIndex seat, const std::string& region, Events& ev);
  void run_region_may(const std::string& handler, const PileItem& item, Events& ev);
  std::vector<CardId> searchable_locations(SeatIndex seat, const std::string& region) const;
  std::optional<rules::Prompt> region_choice_prompt() const;
  void apply_region_choice(const rules::Answer& answer, Events& ev);
  // match_pilots.cpp
  bool ask_clone(Events& ev);
  rules::Prompt clone_prompt() const;
  void apply_clone(const rules::Answer& answer, Events& ev);
  void board_pilot(CardId ship, CardId pilot, Events& ev);
  // The one rule for a ship entering its owner's docks (dock jump, withdrawal
  // to the docks, EMP Minefield, an eliminated player's region): the ship goes
  // to the docks without orders and its pilot gets off there, an agent again.
  void put_in_docks(CardId ship, Events& ev);
  // Pending abilities "when your base is upgraded" of the seat's cards in play.
  void queue_base_upgraded(SeatIndex seat);
  // Who controls a card's abilities: a location's are its region controller's
  // ("whoever controls a region controls the locations placed in it"; its
  // owner's in an uncontrolled region, chosen); any other card's are its owner's.
  SeatIndex ability_controller(CardId id) const;
  std::optional<rules::Rejection> check_pilot(SeatIndex seat, const Action& a) const;
  // match_damage.cpp
  void deal_damage(const DamageEntry& d, Events& ev);
  void deal_effect_damage(SeatIndex controller, std::vector<DamageEntry> entries, Events& ev);
  void resolve_damage(const PileItem& item, Events& ev);
  void check_destroyed(Events& ev);
  void push_combat_damage(Events& ev);
  void push_base_damage(Events& ev);
  void remove_from_game(SeatIndex seat, Events& ev);
  // match_setup.cpp
  void deal(const std::vector<rules::Deck>& decks, const rules::Seed& seed, Events& ev);
  void opaque_refs(const rules::Seed& seed);
  rules::Prompt mulligan_prompt(SeatIndex seat) const;
  void apply_mulligan(SeatIndex seat, const rules::Answer& answer, Events& ev);
  // match_turn.cpp
  void begin_turn(SeatIndex seat, Events& ev);
  void enter(const Window& w, Events& ev);
  void end_step(Events& ev);
  void run_duration_step(Events& ev);
  void recharge_shields();
  void run_build_step(Events& ev);
  void run_draw_phase(Events& ev);
  rules::Prompt income_prompt() const;
  void apply_income(const rules::Answer& answer, Events& ev);
  void income_answered(SeatIndex seat, Events& ev);  // alliances: the next member's income, or the pile
  rules::Prompt discard_prompt(SeatIndex seat) const;
  void apply_discard(SeatIndex seat, const rules::Answer& answer, Events& ev);
  void discard_or_next_turn(SeatIndex from, Events& ev);
  std::vector<SeatIndex> active_members() const;  // alliances: the turn's members still in, left to right
  bool draw(SeatIndex seat, Events& ev);  // false: the seat lost (empty market)
  void eliminate(SeatIndex seat, const std::string& reason, Events& ev);
  // Hunter and Prey: the reward of `hunter` when its prey `prey` is eliminated.
  void reward_hunter(SeatIndex hunter, SeatIndex prey, Events& ev);
  void member_left_prompt(SeatIndex seat, Events& ev);  // alliances: a member of the turn left holding a prompt
  std::vector<SeatIndex> winners_with(SeatIndex seat) const;  // alliances: the whole alliance
  std::string side_name(SeatIndex seat) const;
  void end_turn_now(Events& ev);
  // match_priority.cpp
  rules::Prompt priority_prompt(SeatIndex seat) const;
  rules::Outcome submit_priority(SeatIndex seat, const rules::Answer& answer);
  void pass(SeatIndex seat, Events& ev);
  void resolve_pile(Events& ev);
  void resolve(const PileItem& item, Events& ev);
  void resolve_card(const PileItem& item, Events& ev);
  // match_actions.cpp
  std::vector<rules::PromptOption> legal_actions(SeatIndex seat) const;
  std::vector<Action> candidate_actions(SeatIndex seat) const;
  std::string action_label(const Action& a) const;
  std::optional<rules::Rejection> check_play(SeatIndex seat, const Action& a) const;
  std::optional<rules::Rejection> check_region(SeatIndex seat, const Action& a) const;
  std::optional<rules::Rejection> check_upgrade(SeatIndex seat) const;
  // match_effects.cpp
  std::optional<rules::Rejection> check_target(const CardDef& source, CardId target) const;
  bool in_play_or_on_pile(CardId id) const;
  std::vector<CardId> targetable_cards() const;  // in play (undocked) or on the pile, sorted
  void apply_effects(const PileItem& item, Events& ev);
  void take_out(CardId id);  // removes a card from play or the pile (no destination)
  void forget(CardId id);    // drops every reference to a card that left play
  // match_triggers.cpp
  void queue_enters_play(CardId id);
  void queue_start_of_turn(SeatIndex seat);
  std::vector<CardId> controlled_in_play(SeatIndex seat) const;
  void form_new_pile(Events& ev);
  rules::Prompt order_triggers_prompt() const;
  void apply_order_triggers(const rules::Answer& answer, Events& ev);
  void resolve_ability(const PileItem& item, Events& ev);
  void open_choice(ResolutionChoice::Kind kind, SeatIndex seat, int count, CardId source);
  // The open choice being answered; the match no longer waits for it.
  ResolutionChoice take_choice();
  std::vector<CardId> choice_candidates() const;
  rules::Prompt choice_prompt() const;
  void apply_choice(const rules::Answer& answer, Events& ev);
  void run_handler(const std::string& handler, const PileItem& item, Events& ev);
  // match_orders.cpp
  std::optional<rules::Rejection> check_order(SeatIndex seat, const Action& a) const;
  void order_options(SeatIndex seat, std::vector<Action>& out) const;
  void give_order(SeatIndex seat, const Action& a, Events& ev);
  // match_jumps.cpp
  std::optional<rules::Rejection> check_jump(SeatIndex seat, const Action& a) const;
  void jump_options(SeatIndex seat, std::vector<Action>& out) const;
  void resolve_jump(const PileItem& item, Events& ev);
  bool joins_attack(SeatIndex seat, const Action& a) const;
  void update_control(Region& region);
  std::optional<rules::Rejection> check_location_target(const Action& a) const;
  std::int64_t cost_of(SeatIndex seat, const Action& a) const;
  void take(SeatIndex seat, const Action& a, Events& ev);
  bool region_name_used(const std::string& region_id) const;
  // match_events.cpp
  void emit(Events& ev, const std::string& kind, const std::string& text,
            rules::Visibility vis = rules::Visibility::all()) const;
  std::string seat_name(SeatIndex seat) const;
  std::string card_name(CardId id) const;

  void cache_defs();

  const CardDb& db_;
  GameState state_;
  rules::Rng rng_;
  rules::PromptMemo prompts_;  // prompt(): computed once per state (submit and concede forget it)
  std::vector<const CardDef*> defs_;  // per card instance (its card never changes)
  std::vector<std::uint64_t> name_hashes_;  // per card instance: XXH64 of its card's id (state_fields_hash)
};

}  // namespace concord::eve
