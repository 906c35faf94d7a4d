// CardDef helpers and the names of card types, races and orders.
#include "concord/eve/card.hpp"

#include <algorithm>

namespace concord::eve {

bool CardDef::playable_by(Race race) const {
  return races.empty() || std::find(races.begin(), races.end(), race) != races.end();
}

TargetKind CardDef::target() const {
  for (const auto& e : effects) {
    if (e.trigger == Trigger::WhenResolved && e.target != TargetKind::None) return e.target;
  }
  return TargetKind::None;
}

bool CardDef::has_static(StaticKind kind) const {
  for (const auto& s : statics) {
    if (s.kind == kind) return true;
  }
  return false;
}

std::string to_string(CardType type) {
  switch (type) {
    case CardType::Base: return "base";
    case CardType::RemoteRegion: return "remote_region";
    case CardType::Ship: return "ship";
    case CardType::News: return "news";
    case CardType::Structure: return "structure";
    case CardType::Location: return "location";
    case CardType::Character: return "character";
  }
  return "unknown";
}

std::string to_string(Race race) {
  switch (race) {
    case Race::Amarr: return "amarr";
    case Race::Caldari: return "caldari";
    case Race::Gallente: return "gallente";
    case Race::Minmatar: return "minmatar";
  }
  return "unknown";
}

std::string to_string(OrderKind kind) {
  static const char* names[] = {"ambush", "patrol", "jam", "kamikaze", "sensor_dampen",
                                "warp_scramble", "mine_minerals", "trade", "haul", "tank",
                                "sniper"};
  return names[static_cast<int>(kind)];
}

namespace {

constexpr const char* kChangeNames[] = {"none", "shield", "attack", "jam", "cannot_execute", "cannot_jump",
                                        "prevent_damage", "cannot_withdraw"};
constexpr const char* kDurationNames[] = {"source", "turn", "phase", "combat_phase"};
constexpr const char* kConditionNames[] = {"always", "remote_region", "friendly_company"};

template <typename E, std::size_t N>
std::optional<E> from_names(const char* const (&names)[N], const std::string& text) {
  for (std::size_t i = 0; i < N; ++i) {
    if (text == names[i]) return static_cast<E>(i);
  }
  return std::nullopt;
}

}  // namespace

std::string to_string(ChangeKind kind) { return kChangeNames[static_cast<int>(kind)]; }
std::string to_string(Duration d) { return kDurationNames[static_cast<int>(d)]; }
std::string to_string(Condition c) { return kConditionNames[static_cast<int>(c)]; }
std::optional<ChangeKind> change_kind_from(const std::string& text) {
  return from_names<ChangeKind>(kChangeNames, text);
}
std::optional<Duration> duration_from(const std::string& text) { return from_names<Duration>(kDurationNames, text); }
std::optional<Condition> condition_from(const std::string& text) {
  return from_names<Condition>(kConditionNames, text);
}

}  // namespace concord::eve
