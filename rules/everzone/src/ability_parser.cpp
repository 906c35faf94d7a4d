#include "ability_parser.hpp"

#include <charconv>
#include <map>

namespace concord::everzone::detail {
namespace {

using Words = std::vector<std::string_view>;

template <typename T>
bool lookup(const std::map<std::string_view, T>& m, std::string_view w, T& out) {
  auto it = m.find(w);
  if (it == m.end()) return false;
  out = it->second;
  return true;
}

const std::map<std::string_view, Timing> kTimings = {{"optional", Timing::Optional},
                                                     {"hybrid", Timing::Hybrid},
                                                     {"activation", Timing::Activation},
                                                     {"effect", Timing::Effect},
                                                     {"destroyed", Timing::Destroyed}};
const std::map<std::string_view, Verb> kVerbs = {{"change", Verb::Change},     {"trade", Verb::Trade},
                                                 {"activate", Verb::Activate}, {"destroy", Verb::Destroy},
                                                 {"redeploy", Verb::Redeploy}, {"duel", Verb::Duel},
                                                 {"control", Verb::Control}};
const std::map<std::string_view, Pick> kPicks = {
    {"self", Pick::Self},           {"own_active", Pick::OwnActive},       {"own_deployed", Pick::OwnDeployed},
    {"own_units", Pick::OwnUnits},  {"own_other", Pick::OwnOther},         {"enemy_active", Pick::EnemyActive},
    {"enemy_units", Pick::EnemyUnits}, {"all_active", Pick::AllActive},    {"deck_units", Pick::DeckUnits},
    {"own_and_enemy", Pick::OwnAndEnemy}, {"player_active", Pick::PlayerActive}};
const std::map<std::string_view, Stat> kStats = {
    {"attack", Stat::Attack}, {"defense", Stat::Defense}, {"target", Stat::Target}};
const std::map<std::string_view, Lasts> kLasts = {
    {"source", Lasts::Source}, {"turn", Lasts::Turn}, {"battle", Lasts::Battle}};

bool number(std::string_view w, int& out, int lo, int hi) {
  if (!w.empty() && w.front() == '+') w.remove_prefix(1);
  auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return ec == std::errc{} && p == w.data() + w.size() && out >= lo && out <= hi;
}

bool count(std::string_view w, int& out) { return w == "all" ? (out = 0, true) : number(w, out, 1, 9); }

std::string ability(const Words& w, Ability& a) {
  if (a.timing != Timing::None) return "one 'ability' line per card";
  if (w.empty() || !lookup(kTimings, w[0], a.timing))
    return "ability needs optional, hybrid, activation, effect or destroyed";
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (w[i] == "turn" && a.timing == Timing::Optional) a.per_turn = true;
    else if (w[i] == "before_attack") a.before_attack = true;
    else return "unknown ability word '" + std::string(w[i]) + "'";
  }
  return "";
}

// change <pick> <count|all> <stat> <+-amount> <lasts>
std::string change(const Words& w, Step& s) {
  if (w.size() != 6 || !count(w[2], s.count) || !lookup(kStats, w[3], s.stat) || !number(w[4], s.amount, -99, 99) ||
      !lookup(kLasts, w[5], s.lasts))
    return "expected 'step change <pick> <count|all> <stat> <+-amount> <source|turn|battle>'";
  return "";
}

// trade <pick> <stat> <to> <amount> <lasts>
std::string trade(const Words& w, Step& s) {
  if (w.size() != 6 || !lookup(kStats, w[2], s.stat) || !lookup(kStats, w[3], s.to) || !number(w[4], s.amount, 1, 99) ||
      !lookup(kLasts, w[5], s.lasts))
    return "expected 'step trade <pick> <stat> <to stat> <amount> <source|turn|battle>'";
  return "";
}

// activate|destroy|redeploy|duel|control <pick> [count|all] [shuffle|or_redeploy]
std::string other(const Words& w, Step& s) {
  for (std::size_t i = 2; i < w.size(); ++i) {
    if (w[i] == "shuffle" && s.verb == Verb::Activate) s.shuffle = true;
    else if (w[i] == "or_redeploy" && s.verb == Verb::Destroy) s.or_redeploy = true;
    else if (i != 2 || !count(w[i], s.count)) return "unknown step word '" + std::string(w[i]) + "'";
  }
  return "";
}

std::string step(const Words& w, Ability& a) {
  Step s;
  if (w.size() < 2 || !lookup(kVerbs, w[0], s.verb)) return "step needs a verb: change trade activate destroy redeploy duel control";
  if (!lookup(kPicks, w[1], s.pick)) return "unknown pick '" + std::string(w[1]) + "'";
  std::string error = s.verb == Verb::Change ? change(w, s) : s.verb == Verb::Trade ? trade(w, s) : other(w, s);
  if (error.empty()) a.steps.push_back(s);
  return error;
}

// army|enemy_army <stat> <+-amount> [first_strike|kept_effect]; indestructible [few_enemies N]; block_supports
std::string passive(const Words& w, Ability& a) {
  Static s;
  const std::string usage =
      "expected 'static army|enemy_army <stat> <+-amount> [first_strike|kept_effect]', "
      "'static indestructible [few_enemies <n>]' or 'static block_supports'";
  if (w.empty()) return usage;
  std::size_t next = 1;
  if (w[0] == "army" || w[0] == "enemy_army") {
    s.kind = w[0] == "army" ? Passive::Army : Passive::EnemyArmy;
    if (w.size() < 3 || !lookup(kStats, w[1], s.stat) || !number(w[2], s.amount, -99, 99)) return usage;
    next = 3;
  } else if (w[0] == "indestructible") {
    s.kind = Passive::Indestructible;
  } else if (w[0] == "block_supports") {
    s.kind = Passive::BlockSupports;
  } else {
    return usage;
  }
  if (next < w.size()) {
    if (w[next] == "first_strike") s.when = When::FirstStrike;
    else if (w[next] == "kept_effect") s.when = When::KeptEffect;
    else if (w[next] == "few_enemies" && next + 1 < w.size() && number(w[next + 1], s.n, 0, 99)) s.when = When::FewEnemies, ++next;
    else return usage;
    ++next;
  }
  if (next != w.size()) return usage;
  a.statics.push_back(s);
  return "";
}

}  // namespace

std::string parse_ability_line(std::string_view key, const Words& words, Ability& a) {
  if (key == "ability") return ability(words, a);
  if (key == "step") return step(words, a);
  return passive(words, a);
}

std::string check_ability(const Ability& a, bool support) {
  if (!a.steps.empty() && a.timing == Timing::None) return "steps need an 'ability' line";
  if (a.timing != Timing::None && a.steps.empty()) return "an 'ability' line needs at least one step";
  if (support != (a.timing == Timing::Effect) && a.timing != Timing::None)
    return "'ability effect' is for Support cards, and Support cards have only 'ability effect'";
  return "";
}

}  // namespace concord::everzone::detail
