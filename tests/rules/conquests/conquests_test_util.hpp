// Helpers of the EVE: Conquests tests: answers by option id, positions,
// setups and the state invariants checked after every random-bot step.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "botplay/bot_play.hpp"
#include "concord/conquests/conquests_match.hpp"
#include "concord/conquests/definition.hpp"
#include "concord/conquests/position.hpp"
#include "concord/rules/options.hpp"

namespace concord::conquests::testing {

inline rules::Answer pick(const std::string& id, std::int64_t value = 0) { return rules::Answer{{{id, value}}}; }

inline int region_index(const std::string& key) { return *StarMap::builtin().find(key); }

inline const RegionState& region_of(const ConquestsMatch& m, const std::string& key) {
  return m.state().regions[static_cast<std::size_t>(region_index(key))];
}

inline std::unique_ptr<ConquestsMatch> position(const std::string& text) {
  std::string error;
  auto m = load_position(text, &error);
  EXPECT_TRUE(m) << error;
  return m;
}

// Submits through rules::apply (the server's entry) and expects acceptance.
inline rules::Outcome answer(ConquestsMatch& m, int seat, const rules::Answer& a) {
  rules::Command cmd;
  cmd.seat = seat;
  cmd.answer = a;
  auto out = rules::apply(m, cmd);
  EXPECT_TRUE(out.accepted) << a.choices[0].option_id << ": " << (out.rejection ? out.rejection->message : "");
  return out;
}

inline bool offers(const rules::Match& m, int seat, const std::string& id) {
  const auto p = m.prompt(seat);
  if (!p) return false;
  for (const auto& o : p->options)
    if (o.id == id) return true;
  return false;
}

inline rules::MatchSetup setup_for(int players, std::uint64_t n, rules::OptionValues given = {}) {
  rules::MatchSetup s;
  s.options = rules::resolve_options(definition().options, given).values;
  for (int i = 0; i < players; ++i) s.seats.push_back({"p" + std::to_string(i), std::nullopt});
  s.seed = testsupport::seed_from_number(n);
  return s;
}

}  // namespace concord::conquests::testing
