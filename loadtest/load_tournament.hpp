// concord-load --tournament N: a whole tournament of N bot players. An
// organizer account (--organizer, which must hold the organizer capability:
// the server's --organizers flag) creates the event with the run's game and
// --option room options, the bots register with a deck (--deck-file, or the
// game's starter decks) and the organizer starts it; then every bot plays each
// game it is pushed (TournamentGameReady) with the random-legal bot until the
// event is over (load_entrant.hpp: a bot that missed a push, or came back
// after the server went away, finds its game in the current pairings).
// The scenario flags add what an organizer meets: a late entry (--late-entry,
// registered after the start), a no-show (--no-show), a drop (--drop-after R)
// and a judge's GAME_LOSS (--game-loss-round R, given by the organizer as the
// event's staff); --reconnect-seconds lets every bot and the organizer come
// back after a restart of the server. Prints the rounds, games and time
// taken; exits 0 when the event finished and no bot met an error.
#pragma once

#include "load_config.hpp"

namespace concord::load {

int run_tournament(const LoadConfig& config);

}  // namespace concord::load
