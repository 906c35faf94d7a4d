// Army arithmetic ("Clash"): totals of the active cards of one player.
#pragma once

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/state.hpp"

namespace concord::everzone {

class Army {
 public:
  Army(const CardDb& db, const GameState& state, int seat) : db_(db), state_(state), seat_(seat) {}

  // ATTACK, DEFENSE, TARGET, RESOURCE of active Units plus in-play Support
  // bonuses. With no active Units the army has no values but RESOURCE:
  // Support bonuses apply "while there are active forces in your play area".
  Values totals() const;
  // RESOURCE counted against the Location's limit (active Units + Supports).
  int resource() const;
  // Sum of the printed ATTACK of active Units (for surrender damage).
  int unmodified_attack() const;
  int limit() const;  // the Location's RESOURCE limit for the current turn
  const Card& card(int instance) const;

 private:
  const CardDb& db_;
  const GameState& state_;
  int seat_;
};

}  // namespace concord::everzone
