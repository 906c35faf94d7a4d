// Helpers for EverZone scenario tests: matches from positions, answers by card.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/effects.hpp"
#include "concord/everzone/everzone_match.hpp"
#include "concord/everzone/position.hpp"

namespace concord::everzone::test {

inline const CardDb& db() { return CardDb::builtin(); }

inline std::unique_ptr<EverZoneMatch> from_position(const std::string& text) {
  auto parsed = parse_position(db(), text);
  EXPECT_TRUE(parsed.state.has_value()) << parsed.error;
  if (!parsed.state) return nullptr;
  return std::make_unique<EverZoneMatch>(db(), std::move(*parsed.state), false);
}

// The option ids ("c<N>") of every instance of `card` owned by `seat`.
inline std::vector<std::string> ids(const EverZoneMatch& m, int seat, const std::string& card) {
  std::vector<std::string> out;
  const auto& s = m.state();
  for (std::size_t i = 0; i < s.card_of.size(); ++i)
    if (s.owner_of[i] == seat && db().at(s.card_of[i]).id == card) out.push_back("c" + std::to_string(i));
  return out;
}

inline std::string id(const EverZoneMatch& m, int seat, const std::string& card, std::size_t n = 0) {
  auto all = ids(m, seat, card);
  EXPECT_LT(n, all.size()) << card;
  return n < all.size() ? all[n] : std::string("missing");
}

inline rules::Answer answer(std::vector<std::string> options) {
  rules::Answer a;
  for (auto& o : options) a.choices.push_back({o, 0});
  return a;
}

inline rules::Outcome submit(EverZoneMatch& m, int seat, std::vector<std::string> options) {
  return m.submit(seat, answer(std::move(options)));
}

inline void accept(EverZoneMatch& m, int seat, std::vector<std::string> options) {
  auto out = submit(m, seat, options);
  ASSERT_TRUE(out.accepted) << out.rejection->code << ": " << out.rejection->message;
}

// Support cards a "support" prompt offers to play (not "done", not discards).
inline std::vector<std::string> playable(const rules::Prompt& p) {
  std::vector<std::string> out;
  for (const auto& o : p.options)
    if (!o.id.empty() && o.id[0] == 'c') out.push_back(o.id);
  return out;
}

// Every seat with an open Support window answers "done" (declared effects and
// abilities then resolve: the last declared first, effects before abilities).
inline void pass_all(EverZoneMatch& m) {
  for (int seat = 0; seat < m.seat_count(); ++seat) {
    auto p = m.prompt(seat);
    if (p && p->kind == "support") accept(m, seat, {"done"});
  }
}

// Every seat with an open window during the clash ("ability": declare an
// ability before the next attack) answers "done", until none is open.
inline void pass_clash(EverZoneMatch& m) {
  for (bool again = true; again;) {
    again = false;
    for (int seat = 0; seat < m.seat_count(); ++seat) {
      auto p = m.prompt(seat);
      if (p && p->kind == "ability") accept(m, seat, {"done"}), again = true;
    }
  }
}

// The option id that declares a card's ability ("ability_c<N>").
inline std::string ability(const EverZoneMatch& m, int seat, const std::string& card) {
  return "ability_" + id(m, seat, card);
}

// Whether the seat's open prompt offers the option.
inline bool offers(const EverZoneMatch& m, int seat, const std::string& option) {
  auto p = m.prompt(seat);
  if (!p) return false;
  for (const auto& o : p->options)
    if (o.id == option) return true;
  return false;
}

// How much the lasting effects (GameState::lingering) change an instance's
// DEFENSE now ("c3"): its DEFENSE through the effect layer minus the printed one.
inline int defense_change(const EverZoneMatch& m, const std::string& instance) {
  const int i = std::stoi(instance.substr(1));
  const auto& s = m.state();
  return unit_values(db(), s, i).defense - db().at(s.card_of.at(static_cast<std::size_t>(i))).values.defense;
}

inline const PlayerState& player(const EverZoneMatch& m, int seat) {
  return m.state().players.at(static_cast<std::size_t>(seat));
}

}  // namespace concord::everzone::test
