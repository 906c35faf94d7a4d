'use strict';
// Counter Duel on Colyseus, the same rules as tests/support/counterduel:
// two seats, seat 0 first; "move" adds k (1..3) to the shared total and passes
// the turn; the mover who brings the total to 100 or more wins; moves out of
// turn, k out of range and moves after the end are refused; each seat's secret
// (1..1000) goes only to its owner (the reply to its 'hello', never the shared
// state).
// Patches go out right after each accepted move (no patch-rate delay), the
// fastest Colyseus can show a move. Usage: node server.js --port P
const { Server, Room } = require('@colyseus/core');
const { WebSocketTransport } = require('@colyseus/ws-transport');
const { Schema, defineTypes } = require('@colyseus/schema');

class CounterState extends Schema {
  constructor() {
    super();
    this.total = 0;
    this.moves = 0;
    this.activeSeat = -1;  // -1 until both seats are taken, and once finished
    this.finished = false;
    this.winner = -1;
  }
}
defineTypes(CounterState, { total: 'uint16', moves: 'uint32', activeSeat: 'int8', finished: 'boolean', winner: 'int8' });

class CounterDuelRoom extends Room {
  onCreate() {
    this.maxClients = 2;
    this.setState(new CounterState());
    this.setPatchRate(null);  // patches are sent by broadcastPatch() after each move
    this.seats = new Map();   // sessionId -> seat
    this.onMessage('move', (client, k) => this.move(client, k));
    this.onMessage('hello', (client) => client.send('seat', this.seatInfo.get(client.sessionId)));
    this.seatInfo = new Map();  // sessionId -> { seat, secret }: each client asks for its own
  }

  onJoin(client) {
    const seat = this.seats.size;
    this.seats.set(client.sessionId, seat);
    this.seatInfo.set(client.sessionId, { seat, secret: 1 + Math.floor(Math.random() * 1000) });
    if (this.seats.size === 2) {
      this.state.activeSeat = 0;
      this.broadcastPatch();
    }
  }

  move(client, k) {
    const seat = this.seats.get(client.sessionId);
    const refuse = (code) => client.send('refused', code);
    if (this.state.finished) return refuse('NO_PROMPT');
    if (seat !== this.state.activeSeat) return refuse('NOT_YOUR_TURN');
    if (!Number.isInteger(k) || k < 1 || k > 3) return refuse('VALUE_OUT_OF_RANGE');
    this.state.total += k;
    this.state.moves += 1;
    if (this.state.total >= 100) {
      this.state.finished = true;
      this.state.winner = seat;
      this.state.activeSeat = -1;
    } else {
      this.state.activeSeat = 1 - seat;
    }
    this.broadcastPatch();
  }
}

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const server = new Server({ transport: new WebSocketTransport() });
server.define('counter_duel', CounterDuelRoom);
server.listen(port).then(() => console.log(`colyseus counter duel on ${port}`));
