'use strict';
// Counter Duel for boardgame.io, the same rules as tests/support/counterduel:
// two seats, seat 0 first; the move "add" adds k (1..3) to the shared total and
// ends the turn; the mover who brings the total to 100 or more wins; moves out
// of turn (refused by the framework), k out of range (INVALID_MOVE) and moves
// after the end (refused by the framework) are refused; each seat's secret
// (1..1000) sits in G.players and PlayerView.STRIP_SECRETS shows a seat only
// its own. The move runs on the server only (client: false), so an update
// showing it is the server's.
const { INVALID_MOVE, PlayerView } = require('boardgame.io/core');

const CounterDuel = {
  name: 'counter-duel',
  minPlayers: 2,
  maxPlayers: 2,
  setup: ({ random }) => ({
    total: 0,
    moves: 0,
    players: { 0: { secret: random.Die(1000) }, 1: { secret: random.Die(1000) } },
  }),
  playerView: PlayerView.STRIP_SECRETS,
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    add: {
      move: ({ G }, k) => {
        if (!Number.isInteger(k) || k < 1 || k > 3) return INVALID_MOVE;
        G.total += k;
        G.moves += 1;
      },
      client: false,
    },
  },
  endIf: ({ G, ctx }) => (G.total >= 100 ? { winner: ctx.currentPlayer } : undefined),
};

module.exports = { CounterDuel };
