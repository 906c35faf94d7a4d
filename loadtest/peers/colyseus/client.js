'use strict';
// Load client for the Colyseus Counter Duel (server.js): keeps --matches
// matches running, each a room one client creates and another joins; see
// ../common/bench.js for the flags and the report.
const { Client } = require('colyseus.js');
const { parseFlags, Bench, Seat, runSlot } = require('../common/bench.js');

const flags = parseFlags(process.argv);
const bench = new Bench(flags);
const endpoint = `ws://127.0.0.1:${flags.port}`;

// Plays one seat of `room`; returns { finished: Promise, look() }.
function attach(room) {
  let seat = -1;
  let look = () => {};
  const finished = new Promise((resolve) => {
    const player = new Seat(bench, (k) => room.send('move', k), resolve);
    look = () => {
      const s = room.state;
      if (seat < 0 || !s || s.activeSeat === undefined) return;
      player.update(s.moves, s.activeSeat === seat, s.finished);
    };
  });
  room.onMessage('seat', (message) => { seat = message.seat; look(); });
  room.onMessage('refused', (code) => bench.error(`refused ${code}`));
  room.onStateChange(() => look());
  room.onError((code, message) => bench.error(`room error ${code} ${message}`));
  room.send('hello');
  return { finished, look: () => look() };
}

async function open() {
  const creator = await new Client(endpoint).create('counter_duel');
  const joiner = await new Client(endpoint).joinById(creator.roomId);
  return [creator, joiner];
}

async function close(rooms) {
  await Promise.all(rooms.map((room) => room.leave().catch(() => {})));
}

for (let i = 0; i < flags.matches; ++i) runSlot(bench, i, { open, attach, close });
