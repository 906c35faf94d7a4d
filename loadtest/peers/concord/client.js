'use strict';
// Load client for Counter Duel on Concord (test_counterduel in
// concord-test-server), in Node like the peers' clients, so that every system
// of loadtest/peer_bench.sh is driven by the same kind of load generator: one
// event loop, non-blocking sockets. Written from protocol/README.md: protocol
// 1.1, the .proto files loaded at run time (protobufjs), WebSocket by `ws`.
// Each match slot keeps two connections, logged in once with a seeded token
// (--token-file, lines "<username> <token>", accounts pbr<slot>s<seat>); per
// match the first creates a room, both join and get ready, the seat to move
// answers its prompt ("add", k), and both leave once it is over. See
// ../common/bench.js for the flags and the report.
const path = require('path');
const fs = require('fs');
const protobuf = require('protobufjs');
const WebSocket = require('ws');
const { parseFlags, Bench, Seat, runSlot } = require('../common/bench.js');

// Every id of the protocol stays below 2^53 (protocol/README.md), so 64-bit
// fields decode as plain numbers.
protobuf.util.Long = undefined;
protobuf.configure();

const flags = parseFlags(process.argv, { '--token-file': 'tokenFile' });
const bench = new Bench(flags);
const endpoint = `ws://127.0.0.1:${flags.port}/ws`;
const { ClientMessage, ServerMessage } = loadProtocol();
const tokens = readTokens(flags.tokenFile);
const kRequestTimeoutMs = 60000;

function loadProtocol() {
  const dir = path.resolve(__dirname, '../../../protocol');
  const root = new protobuf.Root();
  root.resolvePath = (origin, target) => (target.startsWith('google/protobuf/') ? target : path.join(dir, target));
  root.loadSync('concord/v1/concord.proto', { keepCase: true });
  return { ClientMessage: root.lookupType('concord.v1.ClientMessage'),
           ServerMessage: root.lookupType('concord.v1.ServerMessage') };
}

function readTokens(file) {
  if (!file) throw new Error('need --token-file');
  const byName = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [name, token] = line.trim().split(/\s+/);
    if (name && token) byName.set(name, token);
  }
  return byName;
}

// One logged-in connection: requests are matched to replies by request_id;
// pushes (request_id 0) and the mover's own update go to onUpdate.
class Connection {
  constructor() {
    this.nextRequest = 1;
    this.waiting = new Map();  // request_id -> { resolve, reject, timer }
    this.onUpdate = () => {};
  }

  open(username) {
    const token = tokens.get(username);
    if (!token) return Promise.reject(new Error(`no token for ${username}`));
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(endpoint, { perMessageDeflate: false });
      this.ws.binaryType = 'nodebuffer';
      this.ws.on('open', () => resolve());
      this.ws.on('error', (e) => reject(e));
      this.ws.on('message', (data) => this.receive(data));
      this.ws.on('close', () => this.failAll(new Error('connection closed')));
    }).then(() => this.request({ hello: { min_version: 2, max_version: 2, client_name: 'peer-bench-node' } }))
      .then(() => this.request({ resume: { token } }));
  }

  request(body) {
    const request_id = this.nextRequest++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(request_id);
        reject(new Error(`request ${Object.keys(body)[0]} timed out`));
      }, kRequestTimeoutMs);
      this.waiting.set(request_id, { resolve, reject, timer });
      this.ws.send(ClientMessage.encode({ request_id, ...body }).finish());
    });
  }

  // A move: its reply is the mover's MatchUpdate (accepted), handled like a push.
  submit(room_id, prompt_id, k) {
    this.request({ submit_answer: { room_id, prompt_id, answer: { choices: [{ option_id: 'add', value: k }] } } })
      .then((reply) => this.onUpdate(reply), (e) => bench.error(`move: ${e.message}`));
  }

  receive(data) {
    const message = ServerMessage.decode(data);
    const body = message.body;
    const pending = message.request_id ? this.waiting.get(message.request_id) : undefined;
    if (pending) {
      this.waiting.delete(message.request_id);
      clearTimeout(pending.timer);
      if (body === 'error') pending.reject(new Error(message.error.code));
      else pending.resolve(message[body]);
      return;
    }
    if (body === 'match_update') this.onUpdate(message.match_update);
    else if (body === 'error') bench.error(`pushed error ${message.error.code}`);
  }

  failAll(error) {
    for (const { reject, timer } of this.waiting.values()) {
      clearTimeout(timer);
      reject(error);
    }
    this.waiting.clear();
  }

  close() { this.ws.close(); }
}

// The slot's two connections, opened once and reused for every match.
const slots = new Map();

async function connectionsOf(index) {
  if (!slots.has(index)) {
    const pair = [new Connection(), new Connection()];
    await Promise.all(pair.map((c, seat) => c.open(`pbr${index}s${seat}`)));
    slots.set(index, pair);
  }
  return slots.get(index);
}

async function open(index) {
  const pair = await connectionsOf(index);
  const room = await pair[0].request({ create_room: { game: 'test_counterduel', seats: 2, name: `bench ${index}` } });
  const seats = [];
  for (const connection of pair) {
    const joined = await connection.request({ join_room: { room_id: room.room_id, role: 1 } });
    seats.push(joined.your_seat - 1);
  }
  return pair.map((connection, i) => ({ connection, room_id: room.room_id, seat: seats[i] }));
}

// Plays one seat; returns { finished: Promise, look() }. The match starts
// once both seats are ready; until the bench starts, updates are only kept.
function attach({ connection, room_id }) {
  let latest = null;
  let player = null;
  const finished = new Promise((resolve) => {
    player = new Seat(bench, (k) => connection.submit(room_id, latest.prompt_id, k), resolve);
  });
  const look = () => {
    if (latest) player.update(latest.command_index, latest.prompt, latest.finished);
  };
  // Only what the seat plays from is kept, not the whole update: a decoded
  // update kept until the next move (seconds when paced) survives the load
  // client's young-generation collections and is copied by each of them.
  connection.onUpdate = (update) => {
    if (update.room_id !== room_id) return;
    if (latest && update.command_index < latest.command_index) return;  // an older state
    latest = { command_index: update.command_index, prompt: Boolean(update.prompt), prompt_id: update.prompt_id,
               finished: Boolean(update.finished) };
    look();
  };
  connection.request({ set_ready: { room_id, ready: true } }).catch((e) => bench.error(`ready: ${e.message}`));
  return { finished, look };
}

async function close(seats) {
  await Promise.all(seats.map(({ connection, room_id }) =>
    connection.request({ leave_room: { room_id } }).catch(() => {})));
}

for (let i = 0; i < flags.matches; ++i) runSlot(bench, i, { open, attach, close });
