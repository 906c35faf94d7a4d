// Counter Duel (game id "test_counterduel"): the trivial game the peer
// benchmark (loadtest/peer_bench.sh) plays on Concord, boardgame.io and
// Colyseus alike. It lives only under tests/ and is registered only in
// concord-test-server, never in the shipped server. Rules: counterduel.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "concord/rules/registry.hpp"
#include "concord/rules/types.hpp"

namespace concord::counterduel {

inline constexpr const char* kCounterDuelId = "test_counterduel";
inline constexpr int kTarget = 100;      // the game ends when the total reaches it
inline constexpr int kMaxStep = 3;       // a move adds 1..kMaxStep
inline constexpr int kSecretMax = 1000;  // secrets are 1..kSecretMax

// One seat as a viewer may see it.
struct CounterDuelSeatView {
  int index = 0;
  std::optional<std::int64_t> secret;  // the owner and judges only
};

struct CounterDuelView : rules::View {
  rules::Viewer viewer;
  int total = 0;
  std::uint64_t moves = 0;  // accepted moves so far
  int active_seat = -1;     // -1 once finished
  bool finished = false;
  int winner = -1;          // -1 until finished (or a draw, which cannot happen)
  std::vector<CounterDuelSeatView> seats;
  std::string to_text() const override;
};

// Payload of every Counter Duel event.
struct CounterDuelEvent : rules::EventData {
  enum class Kind { Moved, SeatConceded, MatchEnded };
  Kind kind = Kind::Moved;
  int seat = -1;    // Moved, SeatConceded
  int step = 0;     // Moved: k
  int total = 0;    // every kind: the total after the event
  int winner = -1;  // MatchEnded
  std::string reason;  // MatchEnded: "target_reached" or "conceded"
};

// The definition to register (id "test_counterduel", exactly 2 seats, no deck,
// no options).
rules::GameDefinition counterduel_definition();

}  // namespace concord::counterduel
