// Army arithmetic ("Clash"): totals of the active cards of one player, or of
// several (a team or a three-player alliance forms one army).
#pragma once

#include <span>
#include <vector>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/effects.hpp"
#include "concord/everzone/state.hpp"

namespace concord::everzone {

class Army {
 public:
  Army(const CardDb& db, const GameState& state, int seat) : db_(db), state_(state), one_(seat), single_(true) {}
  // Several seats: borrowed (they must outlive the Army: a side's seats in a
  // projection, read without copying them) or, given as a temporary, owned.
  Army(const CardDb& db, const GameState& state, std::span<const int> seats)
      : db_(db), state_(state), borrowed_(seats) {}
  Army(const CardDb& db, const GameState& state, std::vector<int>&& seats)
      : db_(db), state_(state), owned_(std::move(seats)) {}

  // ATTACK, DEFENSE, TARGET, RESOURCE of active Units plus in-play Support
  // bonuses. With no active Units the army has no values but RESOURCE:
  // Support bonuses apply "while there are active forces in your play area"
  // (each member's Supports count only while that member has active Units).
  Values totals() const;
  // RESOURCE counted against the Location's limit (active Units + Supports).
  int resource() const;
  // Sum of the printed ATTACK of active Units (for surrender damage).
  int unmodified_attack() const;
  int active_units() const;  // active Units of all members
  int limit() const;  // the Location's RESOURCE limit for the current turn
  const Card& card(int instance) const;

 private:
  // The members: one seat held in place (no allocation for a player's own
  // army, the commonest), or several, owned_ or else borrowed_.
  std::span<const int> seats() const {
    if (single_) return std::span<const int>(&one_, 1);
    return owned_.empty() ? borrowed_ : std::span<const int>(owned_);
  }

  const CardDb& db_;
  const GameState& state_;
  int one_ = -1;
  bool single_ = false;
  std::vector<int> owned_;
  std::span<const int> borrowed_;
};

}  // namespace concord::everzone
