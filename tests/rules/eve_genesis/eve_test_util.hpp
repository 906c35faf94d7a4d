// Helpers shared by the EVE: The Second Genesis tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "botplay/bot_play.hpp"
#include "concord/eve/deck_rules.hpp"
#include "concord/eve/eve_match.hpp"
#include "concord/eve/position.hpp"
#include "concord/eve/definition.hpp"

namespace concord::eve::testing {

inline std::unique_ptr<EveMatch> new_match(std::uint64_t seed, Race a = Race::Amarr,
                                           Race b = Race::Gallente) {
  return std::make_unique<EveMatch>(CardDb::standard(),
                                    std::vector<rules::Deck>{standard_deck(a), standard_deck(b)},
                                    testsupport::seed_from_number(seed));
}

// Loads a position or fails the test with the parser's message.
inline std::unique_ptr<EveMatch> position(const std::string& text) {
  std::string error;
  auto m = load_position(text, &error);
  EXPECT_NE(m, nullptr) << error;
  return m;
}

inline rules::Answer picks(std::vector<std::string> ids) {
  rules::Answer a;
  for (auto& id : ids) a.choices.push_back({std::move(id), 0});
  return a;
}
inline rules::Answer pick(const std::string& id, std::int64_t value = 0) {
  return rules::Answer{{{id, value}}};
}

inline bool offers(const rules::Match& m, SeatIndex seat, const std::string& option) {
  auto p = m.prompt(seat);
  if (!p) return false;
  return std::any_of(p->options.begin(), p->options.end(),
                     [&](const rules::PromptOption& o) { return o.id == option; });
}

// Submits and expects acceptance (with the rejection in the failure message).
inline void ok(rules::Match& m, SeatIndex seat, const rules::Answer& a) {
  auto out = m.submit(seat, a);
  ASSERT_TRUE(out.accepted) << out.rejection->code << ": " << out.rejection->message;
}

// Submits and expects a rejection with `code` that leaves the state untouched.
inline void rejected(rules::Match& m, SeatIndex seat, const rules::Answer& a,
                     const std::string& code) {
  const std::string before = m.state_hash();
  auto out = m.submit(seat, a);
  ASSERT_FALSE(out.accepted);
  EXPECT_EQ(out.rejection->code, code) << out.rejection->message;
  EXPECT_EQ(m.state_hash(), before);
}

// Everyone passes until the seat holding the prompt is not in priority or
// the phase/step changes.
inline void pass_all(EveMatch& m) {
  const auto phase = m.state().phase;
  const auto step = m.state().step;
  const int turn = m.state().turn;
  for (int i = 0; i < 16 && m.state().pending == Pending::Priority && m.state().phase == phase &&
                  m.state().step == step && m.state().turn == turn && !m.finished();
       ++i) {
    ok(m, m.state().prompt_seat, pick("pass"));
  }
}

inline std::string line_of(const EveMatch& m, const std::string& prefix) {
  const std::string text = save_position(m);
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto nl = text.find('\n', pos);
    const std::string l = text.substr(pos, nl - pos);
    if (l.rfind(prefix, 0) == 0) return l;
    pos = nl + 1;
  }
  return "";
}

}  // namespace concord::eve::testing
