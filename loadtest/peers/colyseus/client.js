'use strict';
// Load client for the Colyseus Counter Duel (server.js): keeps --matches
// matches running, each a room one client creates and another joins; see
// ../common/bench.js for the flags and the report.
const { Client } = require('colyseus.js');
const { parseFlags, Bench, Seat } = require('../common/bench.js');

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

async function slot(index) {
  let first = true;
  while (!bench.over) {
    const a = new Client(endpoint);
    const b = new Client(endpoint);
    let rooms;
    try {
      const ra = await a.create('counter_duel');
      const rb = await b.joinById(ra.roomId);
      rooms = [ra, rb];
    } catch (e) {
      bench.error(`slot ${index}: ${e.message || e}`);
      return;
    }
    const seats = rooms.map(attach);
    if (first) {
      first = false;
      bench.slotReady();
      await bench.go;
      seats.forEach((seat) => seat.look());
    }
    await Promise.all(seats.map((seat) => seat.finished));
    await Promise.all(rooms.map((room) => room.leave().catch(() => {})));
  }
}

for (let i = 0; i < flags.matches; ++i) slot(i);
