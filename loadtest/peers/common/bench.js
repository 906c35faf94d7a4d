'use strict';
// Shared by the Node load clients of loadtest/peers (boardgame.io, Colyseus):
// flags, think time, the ramp-up gate, the measurement window, move -> update
// latency, /proc sampling of the server and the "bench:" line, the same as
// concord-load's (loadtest/load_window.cpp), which loadtest/peer_bench.sh reads.
const fs = require('fs');
const { execSync } = require('child_process');

const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

// `strings` names a client's own flags that take text: { '--flag': 'key' }.
// --latency-file FILE (every client): a line "<send time, Unix ms> <latency
// ms>" per measured move, written at the end.
function parseFlags(argv, clientStrings = {}) {
  const strings = { '--latency-file': 'latencyFile', ...clientStrings };
  const flags = { port: 0, matches: 1, think: 0, warmup: 5, measure: 20, serverPid: 0, pgPid: 0, seed: 1 };
  const names = { '--port': 'port', '--matches': 'matches', '--think-time': 'think', '--warmup': 'warmup',
                  '--measure': 'measure', '--server-pid': 'serverPid', '--pg-pid': 'pgPid', '--seed': 'seed' };
  for (let i = 2; i < argv.length; i += 2) {
    if (strings[argv[i]] && argv[i + 1] !== undefined) {
      flags[strings[argv[i]]] = argv[i + 1];
      continue;
    }
    const key = names[argv[i]];
    const value = Number(argv[i + 1]);
    if (!key || !Number.isFinite(value)) throw new Error(`bad flag ${argv[i]} ${argv[i + 1]}`);
    flags[key] = value;
  }
  if (!flags.port || flags.matches < 1 || flags.measure <= 0) throw new Error('need --port, --matches >= 1, --measure > 0');
  return flags;
}

// { total: utime + stime, system: stime } of a process in seconds, or null.
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');  // fields[0] = state
    return { total: (Number(fields[11]) + Number(fields[12])) / CLK_TCK, system: Number(fields[12]) / CLK_TCK };
  } catch (e) {
    return null;
  }
}

// The CPU of a process tree (a PostgreSQL cluster: the postmaster, its
// backends, and the children it has reaped), as concord-load counts it
// (loadtest/proc_sample.cpp process_tree_cpu_seconds).
function treeCpuSeconds(root) {
  const stats = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.push({ pid: Number(name), ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]),
                   reaped: Number(f[13]) + Number(f[14]) });
    } catch (e) {
      // the process ended meanwhile
    }
  }
  const rootStat = stats.find((p) => p.pid === root);
  if (!rootStat) return null;
  let ticks = rootStat.reaped;
  const visit = [root];
  while (visit.length > 0) {
    const pid = visit.pop();
    for (const p of stats) {
      if (p.pid === pid) ticks += p.own;
      if (p.ppid === pid) visit.push(p.pid);
    }
  }
  return ticks / CLK_TCK;
}

function residentKib(pid) {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch (e) {
    return null;
  }
}

function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

class Bench {
  constructor(flags) {
    this.flags = flags;
    this.rngState = (flags.seed >>> 0) || 1;
    this.latencies = [];
    this.sentTimes = [];  // with --latency-file: when each measured move was sent
    this.waitingFor = flags.matches;
    this.errors = 0;
    this.deadSlots = 0;  // slots that could not open a match: not live
    this.rssIdle = residentKib(flags.serverPid);
    this.windowStart = Infinity;
    this.windowEnd = Infinity;
    this.over = false;
    this.started = false;
    this.go = new Promise((resolve) => { this.release = resolve; });
  }

  random() {  // mulberry32
    let t = (this.rngState += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  step() { return 1 + Math.floor(this.random() * 3); }

  // Milliseconds to wait before a move: the think time, or for a player's first
  // move of a match a random part of it (spreads the matches).
  thinkMs(first) { return this.flags.think * 1000 * (first ? this.random() : 1); }

  // A match slot has its first match set up; once all have, play starts.
  slotReady() {
    if (--this.waitingFor === 0) this.start();
  }

  start() {
    const now = performance.now();
    this.windowStart = now + this.flags.warmup * 1000;
    this.windowEnd = this.windowStart + this.flags.measure * 1000;
    setTimeout(() => {
      this.cpuStart = cpuSeconds(this.flags.serverPid);
      if (this.flags.pgPid) this.pgStart = treeCpuSeconds(this.flags.pgPid);
    }, this.windowStart - now);
    setTimeout(() => this.finish(), this.windowEnd - now);
    this.started = true;
    this.release();
  }

  moveSeen(sentAt) {
    const now = performance.now();
    if (now < this.windowStart || now >= this.windowEnd) return;
    this.latencies.push(now - sentAt);
    if (this.flags.latencyFile) this.sentTimes.push(sentAt);
  }

  error(what) {
    this.errors += 1;
    if (this.errors <= 5) console.error(`error: ${what}`);
  }

  finish() {
    const cpuEnd = cpuSeconds(this.flags.serverPid);
    const pgEnd = this.flags.pgPid ? treeCpuSeconds(this.flags.pgPid) : null;
    const rssEnd = residentKib(this.flags.serverPid);
    this.over = true;
    const sorted = this.latencies.slice().sort((a, b) => a - b);
    const moves = sorted.length;
    const seconds = this.flags.measure;
    const cpu = this.cpuStart != null && cpuEnd != null ? cpuEnd.total - this.cpuStart.total : null;
    const sys = this.cpuStart != null && cpuEnd != null ? cpuEnd.system - this.cpuStart.system : null;
    const pg = this.pgStart != null && pgEnd != null ? pgEnd - this.pgStart : null;
    const fixed = (v) => (v == null ? '-' : v.toFixed(3));
    const live = this.flags.matches - this.deadSlots;
    console.log(`window: ${seconds} s, ${moves} moves, ${live} live matches, ${this.errors} errors`);
    console.log(`bench: moves=${moves} window_s=${fixed(seconds)} moves_per_s=${fixed(moves / seconds)}` +
                ` server_cpu_s=${fixed(cpu)} server_sys_s=${fixed(sys)} pg_cpu_s=${fixed(pg)}` +
                ` p50_ms=${fixed(quantile(sorted, 0.5))}` +
                ` p99_ms=${fixed(quantile(sorted, 0.99))} rss_idle_kib=${this.rssIdle ?? '-'}` +
                ` rss_end_kib=${rssEnd ?? '-'} live_matches=${live}`);
    if (this.flags.latencyFile) this.writeLatencies();
    process.exit(this.errors === 0 ? 0 : 1);
  }

  writeLatencies() {
    const lines = this.sentTimes.map((sent, i) =>
      `${(performance.timeOrigin + sent).toFixed(3)} ${this.latencies[i].toFixed(3)}\n`);
    fs.writeFileSync(this.flags.latencyFile, lines.join(''));
  }
}

// Plays one seat: moves when `isMyTurn(state)`, after the think time; reports
// the latency when an update shows the move count past the one it answered.
// `send(k)` sends a move; `onFinished()` is called once the match is over.
// Nothing moves before the bench has started (every slot set up): the client
// calls update() again then.
class Seat {
  constructor(bench, send, onFinished) {
    this.bench = bench;
    this.send = send;
    this.onFinished = onFinished;
    this.first = true;
    this.actedAt = -1;     // move count we answered (or scheduled an answer for)
    this.pending = null;   // { moves, sentAt }
    this.done = false;
  }

  update(moves, myTurn, finished) {
    if (this.pending && moves > this.pending.moves) {
      this.bench.moveSeen(this.pending.sentAt);
      this.pending = null;
    }
    if (finished) {
      if (!this.done) { this.done = true; this.onFinished(); }
      return;
    }
    if (!myTurn || this.actedAt === moves || this.bench.over || !this.bench.started) return;
    this.actedAt = moves;
    const delay = this.bench.thinkMs(this.first);
    this.first = false;
    const move = () => {
      if (this.bench.over) return;
      this.pending = { moves, sentAt: performance.now() };
      this.send(this.bench.step());
    };
    if (delay > 0) setTimeout(move, delay); else move();
  }
}

// Keeps match slot `index` busy until the bench is over: `open()` resolves to
// the two seats' connections of a new match, `attach(connection)` plays one
// seat ({ finished: Promise, look() }), `close(connections)` ends them. The
// first match waits until every slot has set up its own.
async function runSlot(bench, index, { open, attach, close }) {
  let first = true;
  while (!bench.over) {
    let connections;
    for (let attempt = 1; !connections; ++attempt) {
      try {
        connections = await open(index);
      } catch (e) {
        // A busy server drops some of a thousand simultaneous connects: retry a few times.
        if (attempt < 5 && !bench.over) {
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          continue;
        }
        bench.error(`slot ${index}: ${e.message || e}`);
        bench.deadSlots += 1;
        if (first) bench.slotReady();
        return;
      }
    }
    const seats = connections.map(attach);
    if (first) {
      first = false;
      bench.slotReady();
      await bench.go;
      seats.forEach((seat) => seat.look());
    }
    await Promise.all(seats.map((seat) => seat.finished));
    await close(connections);
  }
}

module.exports = { parseFlags, Bench, Seat, runSlot };
