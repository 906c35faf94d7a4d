// Private to the network layer: what a connection that has gone quiet gets.
// A session calls heard() for every frame that arrives (a message, a ping, a
// pong, a close) and tick() every quarter of the idle timeout: quiet for two
// ticks in a row, it is pinged; quiet for four, it is dropped. So a ping goes
// out after between a half and three quarters of the idle timeout of
// silence, and a connection is dropped after between one and one and a
// quarter idle timeouts of it. Beast's own idle timeout did the same by
// re-arming a timer on every message read (two timer operations and a
// cancelled wait per message, ~4% of a move's instructions in the Counter
// Duel benchmark); this one costs a flag per frame and a timer per quarter.
#pragma once

namespace concord::server::net {

class IdleCheck {
 public:
  enum class Action { None, Ping, Drop };
  static constexpr int kTicksPerTimeout = 4;
  static constexpr int kQuietTicksToPing = 2;
  static constexpr int kQuietTicksToDrop = 4;

  void heard() { heard_ = true; }

  Action tick() {
    if (heard_) {
      heard_ = false;
      quiet_ticks_ = 0;
      return Action::None;
    }
    ++quiet_ticks_;
    if (quiet_ticks_ >= kQuietTicksToDrop) return Action::Drop;
    if (quiet_ticks_ == kQuietTicksToPing) return Action::Ping;
    return Action::None;
  }

 private:
  bool heard_ = false;
  int quiet_ticks_ = 0;
};

}  // namespace concord::server::net
