// Command Points a room may choose (L10: "At the start, the players choose the
// number of Command Points (CP)"; README "Command Points"). Chosen bounds:
// 1..99 (the scoring table counts tens and units), teams at least 30 (L10 "In
// a team game (2-vs-2 or 3-vs-3) you should use at least 30 CP").
#pragma once

namespace concord::everzone {

inline constexpr int kMinCommandPoints = 1;
inline constexpr int kMaxCommandPoints = 99;
inline constexpr int kMinTeamCommandPoints = 30;

}  // namespace concord::everzone
