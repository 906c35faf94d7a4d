#include "prompts.hpp"

#include <algorithm>

#include "abilities.hpp"
#include "concord/everzone/army.hpp"
#include "concord/everzone/sides.hpp"
#include "engine.hpp"

namespace concord::everzone {
namespace {

using rules::Prompt;
using rules::PromptOption;

class PromptBuilder {
 public:
  PromptBuilder(const CardDb& db, const GameState& s, int seat)
      : db_(db), s_(s), seat_(seat), p_(s.players.at(static_cast<std::size_t>(seat))) {}

  Prompt build() const {
    switch (s_.phase) {
      case Phase::Refresh: return refresh();
      case Phase::Deploy: return pick("deploy", "Secretly choose Units to deploy face down", units(p_.hand), 0);
      case Phase::Activate: return pick("activate", "Secretly choose deployed Units to activate", p_.deployed, 0);
      case Phase::Withdraw: return withdraw();
      case Phase::Reactivate: return reactivate();
      case Phase::Support: return support();
      case Phase::Target: return target();
      case Phase::Surrender: return fixed("surrender", "Fight on or surrender", {"continue", "surrender"});
      case Phase::Retreat: return discard();
      case Phase::Effect: return effect();
      case Phase::Clash: return clash();
      case Phase::Over: break;
    }
    return {};
  }

 private:
  const Card& card(int c) const { return db_.at(s_.card_of.at(static_cast<std::size_t>(c))); }
  PromptOption option(int c) const { return {instance_id(c), card(c).name, std::nullopt}; }

  std::vector<int> units(const std::vector<int>& zone) const {
    std::vector<int> out;
    for (int c : zone)
      if (card(c).kind == CardKind::Unit) out.push_back(c);
    return out;
  }

  Prompt pick(const char* kind, const std::string& text, const std::vector<int>& cards, unsigned min,
             unsigned max = 0) const {
    Prompt p{kind, text, min, max ? max : static_cast<unsigned>(cards.size()), {}};
    for (int c : cards) p.options.push_back(option(c));
    if (p.max_choices < p.min_choices) p.max_choices = p.min_choices;
    return p;
  }

  static Prompt fixed(const char* kind, const std::string& text, std::vector<std::string> ids) {
    Prompt p{kind, text, 1, 1, {}};
    for (auto& id : ids) p.options.push_back({id, id, std::nullopt});
    return p;
  }

  Prompt refresh() const {
    int non_leader = 0;
    for (int c : p_.hand) non_leader += c == p_.leader ? 0 : 1;
    if (non_leader < 2) return fixed("refresh", "Proceed to deployment", {"proceed"});
    return fixed("refresh", "Proceed, or refresh the hand (discard all but the Leader, draw one fewer)",
                 {"proceed", "refresh"});
  }

  // The legal answers of a choice among `cards` as sets (Prompt::legal_sets):
  // every subset within the prompt's bounds that `legal` accepts. Up to
  // kMaxEnumerated cards (2^14 subsets); beyond, no sets are stated.
  static constexpr std::size_t kMaxEnumerated = 14;
  template <typename Legal>
  void legal_subsets(Prompt& p, const std::vector<int>& cards, Legal legal) const {
    if (cards.size() > kMaxEnumerated) return;
    const unsigned n = static_cast<unsigned>(cards.size());
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
      std::vector<int> chosen;
      for (unsigned i = 0; i < n; ++i)
        if (mask & (1u << i)) chosen.push_back(cards[i]);
      if (chosen.size() < p.min_choices || chosen.size() > p.max_choices || !legal(chosen)) continue;
      std::vector<std::string> set;
      for (int c : chosen) set.push_back(instance_id(c));
      p.legal_sets.push_back(std::move(set));
    }
  }

  // "A player may withdraw troops only if it is necessary": the rest fits (or
  // the seat withdraws everything of its own, leaving the rest to an ally), and
  // no withdrawn card could stay (the rule Engine::on_withdraw checks).
  Prompt withdraw() const {
    std::vector<int> cards = p_.active;
    cards.insert(cards.end(), p_.supports.begin(), p_.supports.end());
    Army a(db_, s_, limit_group(s_, seat_));
    std::string text = "Army RESOURCE ";
    text += std::to_string(a.resource());
    text += " exceeds the limit ";
    text += std::to_string(a.limit());
    text += ": withdraw Units (or discard Supports) until it fits, and no more";
    auto p = pick("withdraw", "", cards, 1);
    p.text = text;
    const int resource = a.resource();
    const int limit = a.limit();
    legal_subsets(p, cards, [&](const std::vector<int>& chosen) {
      int remaining = resource;
      for (int c : chosen) remaining -= card(c).values.resource;
      if (remaining > limit && chosen.size() != cards.size()) return false;
      for (int c : chosen)
        if (remaining + card(c).values.resource <= limit) return false;
      return true;
    });
    return p;
  }

  Prompt reactivate() const {
    Army a(db_, s_, limit_group(s_, seat_));
    const int room = a.limit() - a.resource();
    const Terrain where = db_.at(s_.location).terrain;
    std::vector<int> cards;
    for (int c : p_.withdrawn)
      if (card(c).can_fight(where)) cards.push_back(c);
    auto p = pick("reactivate", "", cards, 1);
    p.text = "Only some withdrawn Units fit in the remaining RESOURCE ";
    p.text += std::to_string(room);
    p.text += ": choose which to reactivate (as many as fit)";
    // As many as fit: the chosen fit, and no other candidate would (Engine::on_reactivate).
    legal_subsets(p, cards, [&](const std::vector<int>& chosen) {
      int left = room;
      for (int c : chosen) left -= card(c).values.resource;
      if (left < 0) return false;
      for (int c : cards)
        if (!contains(chosen, c) && card(c).values.resource <= left) return false;
      return true;
    });
    return p;
  }

  // Three players: each player's options are the other players' race tokens.
  Prompt target() const {
    Prompt p{"target", "Secretly choose the race token of the player your army will attack this battle", 1, 1, {}};
    for (int other : alive_seats(s_)) {
      if (other == seat_) continue;
      const auto& q = s_.players.at(static_cast<std::size_t>(other));
      std::string label = "seat " + std::to_string(other);
      if (q.leader >= 0) label += std::string(" (") + race_name(card(q.leader).race) + ")";
      p.options.push_back({"target_" + std::to_string(other), label, std::nullopt});
    }
    return p;
  }

  Prompt effect() const {
    const int c = s_.effect_card;
    const std::string who = card(c).name + ": ";
    if (s_.effect_step == kKeepStep)
      return fixed("effect", who + "keep it in play (for C.B.L./LAK) or discard it", {"keep", "discard"});
    const auto& steps = card(c).ability.steps;
    if (s_.effect_step < 0 || s_.effect_step >= static_cast<int>(steps.size()))
      return fixed("effect", who + "nothing to choose", {"done"});
    const Step& step = steps[static_cast<std::size_t>(s_.effect_step)];
    if (step.pick == Pick::OwnAndEnemy) return own_and_enemy(who, step);
    if (step.pick == Pick::PlayerActive) {
      Prompt p = fixed("effect", who + "choose the player whose active Units " + verb_text(step), {});
      for (int other : target_players(s_, seat_))
        p.options.push_back({"target_" + std::to_string(other), "seat " + std::to_string(other), std::nullopt});
      return p;
    }
    const auto targets = step_targets(db_, s_, seat_, c, step);
    const auto n = static_cast<unsigned>(std::max(1, step.count));
    auto p = pick("effect", who + "choose " + std::to_string(n) + " of " + pick_text(step.pick) + ": " + verb_text(step),
                  targets, n, n);
    if (step.or_redeploy) {
      p.text = who + "destroy one Unit under your control to keep it active, or re-deploy it";
      p.options.push_back({"redeploy", "re-deploy " + card(c).name, std::nullopt});
      p.min_choices = p.max_choices = 1;
    }
    return p;
  }

  // FINAL PROTOCOL: exactly one enemy Unit, plus one Unit under your control
  // if you have any (active, withdrawn or deployed): the legal pairs are stated.
  Prompt own_and_enemy(const std::string& who, const Step& step) const {
    const auto targets = step_targets(db_, s_, seat_, s_.effect_card, step);
    auto p = pick("effect", who + "choose a Unit under your control (if you have one) and an enemy Unit", targets, 1, 2);
    const auto enemies = enemy_units(s_, seat_);
    std::vector<int> own;
    for (int t : targets)
      if (!contains(enemies, t)) own.push_back(t);
    for (int e : enemies) {
      if (own.empty()) p.legal_sets.push_back({instance_id(e)});
      for (int o : own) p.legal_sets.push_back({instance_id(o), instance_id(e)});
    }
    return p;
  }

  static std::string pick_text(Pick pick) {
    switch (pick) {
      case Pick::Self: return "this Unit";
      case Pick::OwnActive: return "your active Units";
      case Pick::OwnDeployed: return "your deployed Units";
      case Pick::OwnUnits: return "the Units under your control";
      case Pick::OwnOther: return "the other Units under your control";
      case Pick::EnemyActive: return "the enemy active Units";
      case Pick::EnemyUnits: return "the enemy Units";
      case Pick::AllActive: return "the active Units";
      case Pick::DeckUnits: return "the Units in your deck";
      case Pick::OwnAndEnemy:
      case Pick::PlayerActive: break;
    }
    return "the Units";
  }

  static std::string verb_text(const Step& step) {
    std::string amount = (step.amount > 0 ? "+" : "") + std::to_string(step.amount) + " " + stat_name(step.stat);
    switch (step.verb) {
      case Verb::Change: return amount;
      case Verb::Trade: return std::string("trade ") + stat_name(step.stat) + " for " + stat_name(step.to);
      case Verb::Activate: return "activated";
      case Verb::Destroy: return "are destroyed";
      case Verb::Redeploy: return "re-deployed at the end of the turn";
      case Verb::Duel: return "attacked alone, before the clash";
      case Verb::Control: return "taken under your control";
    }
    return "";
  }

  Prompt support() const {
    Prompt p{"support",
             s_.after_clash ? "After the clash: play a Support card, declare an ability, discard a Support, or done"
                            : "Before the clash: play a Support card, declare an ability, discard a Support, or done",
             1, 1, {{"done", "done", std::nullopt}}};
    for (int c : p_.hand)
      if (can_play_support(db_, s_, seat_, c)) p.options.push_back(option(c));
    add_abilities(p);
    for (int c : p_.supports) {
      std::string label = "discard ";
      label += card(c).name;
      p.options.push_back({discard_option(c), label, std::nullopt});
    }
    return p;
  }

  void add_abilities(Prompt& p) const {
    for (int c : declarable_abilities(db_, s_, seat_))
      p.options.push_back({"ability_" + instance_id(c), "declare the ability of " + card(c).name, std::nullopt});
  }

  // During the clash, before the next attack: declare an ability or play a
  // Support card (L34: "at any time before the end of the turn"), or done.
  Prompt clash() const {
    Prompt p{"ability", "During the clash, before the next attack: play a Support card, declare an ability, or done",
             1, 1, {{"done", "done", std::nullopt}}};
    for (int c : p_.hand)
      if (can_play_support(db_, s_, seat_, c)) p.options.push_back(option(c));
    add_abilities(p);
    return p;
  }

  Prompt discard() const {
    std::vector<int> cards;
    for (int c : p_.hand)
      if (c != p_.leader) cards.push_back(c);
    return pick("discard", "Discard cards to the retreated pile (hand limit 10 plus the Leader)", cards,
                static_cast<unsigned>(hand_excess(s_, seat_)));
  }

  const CardDb& db_;
  const GameState& s_;
  int seat_;
  const PlayerState& p_;
};

}  // namespace

std::optional<rules::Prompt> build_prompt(const CardDb& db, const GameState& state, int seat) {
  if (seat < 0 || seat >= static_cast<int>(state.players.size())) return std::nullopt;
  const auto& p = state.players[static_cast<std::size_t>(seat)];
  if (!p.waiting || p.answered || state.phase == Phase::Over) return std::nullopt;
  return PromptBuilder(db, state, seat).build();
}

bool can_play_support(const CardDb& db, const GameState& state, int seat, int instance) {
  const auto& p = state.players.at(static_cast<std::size_t>(seat));
  const Card& c = db.at(state.card_of.at(static_cast<std::size_t>(instance)));
  if (c.kind != CardKind::Support || !c.implemented || !contains(p.hand, instance)) return false;
  if (supports_blocked(db, state, seat) || !support_has_target(db, state, seat, instance)) return false;
  const int turns = db.at(state.location).turns();
  const bool window = state.turn < turns ? p.supports_turn == 0 : p.supports_battle < turns;
  const Army a(db, state, limit_group(state, seat));
  return window && a.resource() + c.values.resource <= a.limit();
}

std::vector<int> declarable_abilities(const CardDb& db, const GameState& state, int seat) {
  const auto& p = state.players.at(static_cast<std::size_t>(seat));
  std::vector<int> out;
  if (p.eliminated) return out;
  const bool attacked = state.in_clash && p.clash_rank < 0;
  for (int c : p.active) {
    const Card& unit = db.at(state.card_of.at(static_cast<std::size_t>(c)));
    if (!unit.implemented || !has_optional_ability(db, state, c) || contains(state.declared, c)) continue;
    if (before_attack(db, state, c) && (state.after_clash || attacked)) continue;  // "before your other Units"
    out.push_back(c);
  }
  return out;
}

bool has_clash_action(const CardDb& db, const GameState& state, int seat) {
  if (!declarable_abilities(db, state, seat).empty()) return true;
  const auto& p = state.players.at(static_cast<std::size_t>(seat));
  if (p.eliminated) return false;
  return std::any_of(p.hand.begin(), p.hand.end(), [&](int c) { return can_play_support(db, state, seat, c); });
}

int hand_excess(const GameState& state, int seat) {
  const auto& p = state.players.at(static_cast<std::size_t>(seat));
  int non_leader = 0;
  for (int c : p.hand) non_leader += c == p.leader ? 0 : 1;
  return non_leader > 10 ? non_leader - 10 : 0;
}

}  // namespace concord::everzone
