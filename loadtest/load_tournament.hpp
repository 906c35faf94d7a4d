// concord-load --tournament N: a whole tournament of N bot players. An
// organizer account (--organizer, which must hold the organizer capability:
// the server's --organizers flag) creates the event with the run's game and
// --option room options, the bots register with a deck (--deck-file, or the
// game's starter decks) and the organizer starts it; then every bot plays each
// game it is pushed (TournamentGameReady) with the random-legal bot until the
// event is over. Prints the rounds, games and time taken; exits 0 when the
// event finished.
#pragma once

#include "load_config.hpp"

namespace concord::load {

int run_tournament(const LoadConfig& config);

}  // namespace concord::load
