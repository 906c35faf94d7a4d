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

}  // namespace concord::eve
