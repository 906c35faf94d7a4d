#include <map>
#include <stdexcept>

#include "builtin_data.hpp"
#include "concord/conquests/data.hpp"
#include "text_util.hpp"

namespace concord::conquests {

namespace {

const std::map<std::string, Effect>& effects() {
  static const std::map<std::string, Effect> m = {
      {"extra_action", Effect::ExtraAction},     {"free_expand", Effect::FreeExpand},
      {"reveal_region", Effect::RevealRegion},   {"schedule_bonus", Effect::ScheduleBonus},
      {"battle_power", Effect::BattlePower},     {"battle_shields", Effect::BattleShields},
      {"battle_damage", Effect::BattleDamage},   {"standing_power", Effect::StandingPower},
      {"advance_seal", Effect::AdvanceSeal},     {"delay_seal", Effect::DelaySeal}};
  return m;
}

}  // namespace

const char* effect_name(Effect e) {
  for (const auto& [name, effect] : effects())
    if (effect == e) return name.c_str();
  return "?";
}

bool ProjectCard::combat() const {
  return effect == Effect::BattlePower || effect == Effect::BattleShields || effect == Effect::BattleDamage;
}

// Reads empire.txt and projects.txt into a RulesData (one statement per line).
class RulesDataParser {
 public:
  std::string empire(const std::vector<std::string>& w) {
    if (w[0] == "schedule") return schedule(w);
    if (w[0] == "actions" && w.size() >= 3) {
      const auto k = kind_from(w[1]);
      if (!k) return "unknown turn type '" + w[1] + "'";
      data.actions_[static_cast<int>(*k)].assign(w.begin() + 2, w.end());
      return {};
    }
    if (w[0] == "die") return die(w);
    if (w[0] == "start" && w.size() == 3) {
      const auto k = kind_from(w[1]);
      if (!k || !detail::to_int(w[2], data.start_[static_cast<int>(*k)])) return "bad start";
      return {};
    }
    return "unknown statement '" + w[0] + "'";
  }

  std::string projects(const std::vector<std::string>& w) {
    if (w[0] == "card") {
      if (w.size() != 2) return "card: expected an id";
      if (auto e = finish_card(); !e.empty()) return e;
      data.cards_.push_back(ProjectCard{});
      data.cards_.back().id = w[1];
      fields.clear();
      return {};
    }
    if (data.cards_.empty()) return "field before the first card";
    if (fields.count(w[0])) return "duplicate field '" + w[0] + "'";
    fields[w[0]] = detail::join_from(w, 1);
    return card_field(data.cards_.back(), w);
  }

  std::string finish_card() {
    if (data.cards_.empty()) return {};
    for (const char* f : {"deck", "name", "copies", "token", "effect", "text", "source"})
      if (!fields.count(f)) return "card " + data.cards_.back().id + ": missing field '" + std::string(f) + "'";
    return {};
  }

  std::string check_decks() const {
    int count[kKinds] = {0, 0, 0};
    for (const auto& c : data.cards_) count[static_cast<int>(c.deck)] += c.copies;
    for (int k = 0; k < kKinds; ++k)
      if (count[k] != 33)
        return std::string("the ") + kind_name(static_cast<Kind>(k)) + " deck has " + std::to_string(count[k]) +
               " cards, not 33";
    for (int k = 0; k < kKinds; ++k)
      for (int level = 0; level < 3; ++level)
        if (data.schedules_[k][level].actions <= 0 || data.schedules_[k][level].months <= 0)
          return "schedule missing: " + std::string(kind_name(static_cast<Kind>(k))) + " " + std::to_string(level + 1);
    return {};
  }

  RulesData data;

 private:
  std::string schedule(const std::vector<std::string>& w) {
    int level = 0;
    Schedule s;
    const auto k = kind_from(w.size() > 1 ? w[1] : "");
    if (w.size() != 6 || !k || !detail::to_int(w[2], level) || level < 1 || level > 3 ||
        !detail::to_int(w[3], s.actions) || !detail::to_int(w[4], s.months) || s.actions < 1 || s.months < 1 ||
        (w[5] != "chosen" && w[5] != "rulebook"))
      return "schedule: expected <turn> <level 1-3> <actions> <months> <chosen|rulebook>";
    s.chosen = w[5] == "chosen";
    data.schedules_[static_cast<int>(*k)][static_cast<std::size_t>(level - 1)] = s;
    return {};
  }

  std::string die(const std::vector<std::string>& w) {
    static const std::map<std::string, int> colours = {{"damage", kDamage}, {"shield", kShield}, {"tactics", kTactics}};
    if (w.size() != 8 || !colours.count(w[1])) return "die: expected <damage|shield|tactics> and six faces";
    auto& faces = data.dice_[static_cast<std::size_t>(colours.at(w[1]))];
    for (std::size_t i = 0; i < 6; ++i)
      if (!detail::to_int(w[i + 2], faces[i]) || faces[i] < 0 || faces[i] > 9) return "bad die face";
    return {};
  }

  static std::string card_field(ProjectCard& c, const std::vector<std::string>& w) {
    const std::string value = detail::join_from(w, 1);
    if (w[0] == "deck") {
      const auto k = kind_from(value);
      if (!k) return "unknown deck '" + value + "'";
      c.deck = *k;
    } else if (w[0] == "name") {
      c.name = value;
    } else if (w[0] == "copies") {
      if (!detail::to_int(value, c.copies) || c.copies < 1 || c.copies > 33) return "bad copies";
    } else if (w[0] == "token") {
      if (value != "none") {
        c.token = kind_from(value);
        if (!c.token) return "unknown token '" + value + "'";
      }
    } else if (w[0] == "effect") {
      if (w.size() != 3 || !effects().count(w[1]) || !detail::to_int(w[2], c.amount) || c.amount < 1)
        return "effect: expected <effect> <amount>";
      c.effect = effects().at(w[1]);
    } else if (w[0] == "text") {
      c.text = value;
    } else if (w[0] == "source") {
      if (value != "chosen" && value != "rulebook") return "source: chosen or rulebook";
    } else {
      return "unknown field '" + w[0] + "'";
    }
    return {};
  }

  std::map<std::string, std::string> fields;
};

std::optional<RulesData> RulesData::parse(std::string_view empire_text, std::string_view projects_text,
                                          std::string* error) {
  RulesDataParser p;
  std::string e = detail::for_each_line(empire_text, [&](int, const auto& w) { return p.empire(w); });
  if (!e.empty()) e = "empire.txt " + e;
  if (e.empty()) {
    e = detail::for_each_line(projects_text, [&](int, const auto& w) { return p.projects(w); });
    if (e.empty()) e = p.finish_card();
    if (!e.empty()) e = "projects.txt " + e;
  }
  if (e.empty()) e = p.check_decks();
  if (!e.empty()) {
    if (error) *error = e;
    return std::nullopt;
  }
  return std::move(p.data);
}

const RulesData& RulesData::builtin() {
  static const RulesData data = [] {
    std::string error;
    auto parsed = parse(detail::builtin_empire_text(), detail::builtin_projects_text(), &error);
    if (!parsed) throw std::runtime_error("conquests data: " + error);
    return std::move(*parsed);
  }();
  return data;
}

const Schedule& RulesData::schedule(Kind k, int level) const {
  return schedules_.at(static_cast<std::size_t>(k)).at(static_cast<std::size_t>(level - 1));
}

std::optional<int> RulesData::find_card(std::string_view id) const {
  for (std::size_t i = 0; i < cards_.size(); ++i)
    if (cards_[i].id == id) return static_cast<int>(i);
  return std::nullopt;
}

}  // namespace concord::conquests
