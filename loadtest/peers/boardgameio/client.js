'use strict';
// Load client for the boardgame.io Counter Duel (server.js): keeps --matches
// matches running, each created and joined through the Lobby API and played
// by two boardgame.io clients over socket.io; see ../common/bench.js for the
// flags and the report.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { CounterDuel } = require('./game.js');
const { parseFlags, Bench, Seat, runSlot } = require('../common/bench.js');

const flags = parseFlags(process.argv);
const bench = new Bench(flags);
const base = `http://127.0.0.1:${flags.port}`;

async function post(path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

// Creates a match and seats two players; returns their clients (not started).
async function openMatch(index) {
  const { matchID } = await post('/games/counter-duel/create', { numPlayers: 2 });
  const seats = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`/games/counter-duel/${matchID}/join`,
                                             { playerID, playerName: `bot${index}s${playerID}` });
    seats.push(Client({ game: CounterDuel, multiplayer: SocketIO({ server: base }), matchID, playerID,
                        credentials: playerCredentials, debug: false }));
  }
  return seats;
}

// Plays one seat; returns { finished: Promise, look() }.
function attach(client) {
  let look = () => {};
  const finished = new Promise((resolve) => {
    const player = new Seat(bench, (k) => client.moves.add(k), resolve);
    look = () => {
      const state = client.getState();
      if (!state || !state.isConnected || state._stateID === undefined) return;
      const myTurn = state.ctx.currentPlayer === client.playerID && state.isActive;
      player.update(state.G.moves, myTurn, state.ctx.gameover !== undefined);
    };
  });
  client.subscribe(() => look());
  client.start();
  return { finished, look: () => look() };
}

const close = async (clients) => clients.forEach((client) => client.stop());
for (let i = 0; i < flags.matches; ++i) runSlot(bench, i, { open: openMatch, attach, close });
