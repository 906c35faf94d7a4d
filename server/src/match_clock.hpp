// A match's clocks (protocol/README.md, "Clocks"): one per seat, running only
// while that seat owes an answer, stopped while a judge has paused the match.
// Time is given by the caller (milliseconds on a monotonic clock), so the
// class is deterministic and testable; the room feeds it steady_clock time.
//
// Modes: chess (a bank per seat, with a Fischer increment after each of the
// seat's commands and an optional simple delay: the first `delay` of every
// turn is not charged) and per_turn (each turn has its own limit).
// What each command charged every seat is journaled with it, so recovery
// and replay rebuild the clocks exactly (replay()).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace concord::server {

struct ClockSettings {
  enum class Mode { None, Chess, PerTurn };
  enum class OnFlag { Lose, Default, Judge };
  Mode mode = Mode::None;
  std::int64_t initial_ms = 0;    // chess: the bank each seat starts with
  std::int64_t increment_ms = 0;  // chess: added after each of the seat's commands
  std::int64_t delay_ms = 0;      // chess: free time at the start of every turn
  std::int64_t turn_ms = 0;       // per_turn: the limit of each turn
  OnFlag on_flag = OnFlag::Lose;
};

class MatchClock {
 public:
  using Ms = std::int64_t;

  MatchClock(ClockSettings settings, int seats);

  bool enabled() const { return settings_.mode != ClockSettings::Mode::None; }
  const ClockSettings& settings() const { return settings_; }

  // The seats that owe an answer from `now` on. A seat that starts owing one
  // starts a turn (its delay, or its per-turn limit, starts afresh); a seat
  // that owed one before keeps running.
  void set_awaiting(const std::set<int>& seats, Ms now);
  // Charges the running clocks up to `now` and returns what each seat was
  // charged since the previous settle (journaled with the command).
  std::vector<Ms> settle(Ms now);
  // After `seat`'s accepted command: its increment (chess).
  void moved(int seat);
  // Seats whose clocks stand still although they owe an answer (their player
  // has no connection and the room freezes such clocks). Their turn goes on
  // when they are no longer frozen. Settle first: charges are not returned.
  void set_frozen(const std::set<int>& seats, Ms now);

  void pause(Ms now);
  void resume(Ms now);
  bool paused() const { return paused_; }

  // Recovery and replay: one journaled command's charges, then its mover
  // (-1 for none). per_turn keeps no bank across turns, so replay leaves it
  // alone: after a restart the turn in progress has its whole limit again.
  void replay(const std::vector<Ms>& charges, int mover);
  // A judge adds time to one seat.
  void extend(int seat, Ms extra);

  Ms remaining(int seat, Ms now) const;
  bool running(int seat) const;
  // chess with a delay: the free time left in the seat's turn.
  Ms delay_left(int seat, Ms now) const;
  // When the first running clock falls if nothing happens, or nullopt.
  std::optional<Ms> next_flag(Ms now) const;
  // Running seats whose time is up at `now`.
  std::vector<int> flagged(Ms now) const;

  // "c0,c1,..." (the charges of settle()) and back; nullopt if malformed.
  static std::string charges_text(const std::vector<Ms>& charges);
  static std::optional<std::vector<Ms>> parse_charges(const std::string& text, int seats);

 private:
  struct Seat {
    Ms bank = 0;           // chess: time left; per_turn: time left in this turn
    Ms free_left = 0;      // chess: delay left in this turn
    bool awaiting = false;
    bool frozen = false;
    Ms since = 0;          // last settle while running
  };
  // What running from `seat.since` to `now` costs, and what is left of its delay.
  Ms charge(const Seat& seat, Ms now, Ms* free_left) const;

  ClockSettings settings_;
  std::vector<Seat> seats_;
  bool paused_ = false;
};

}  // namespace concord::server
