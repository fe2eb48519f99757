/**
 * Server load benchmark (`npm run bench:server`): many concurrent games, two WebSocket clients
 * each, playing legal moves on loopback for a fixed time — first against one node with SQLite,
 * then against two nodes sharing Postgres and Redis (White on one node, Black on the other).
 * Servers run as child processes (`main.ts`); the clients run in BENCH_CLIENT_PROCESSES (2) child
 * processes of this one, each with its share of the pairs, so the time a client takes to notice
 * its acknowledgement is not the time a thousand clients' bookkeeping keeps one event loop busy;
 * each client process's own event-loop delay is reported beside the servers' so the two can be
 * told apart.
 *
 * Reports moves acknowledged per second, acknowledgement latency seen by the clients (send → ack,
 * p50/p99/max), errors (refused actions, error messages, failed connections) and lost moves: at
 * the end every game's stored actions are fetched and compared with both players' lists, and every
 * acknowledged move must be stored. The servers run with METRICS=1 and report what they measured
 * in themselves over the same window: message-to-ack time, database write time, event-loop delay,
 * GC pauses and CPU share; the load average is printed at the start and end.
 *
 * Bounded: BENCH_GAMES games (500), BENCH_SECONDS of play (60) per setup, a think time of
 * BENCH_THINK_MS ± 50 % per move (1000); BENCH_SETUPS=sqlite,cluster picks setups. Loopback only.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Position, formatMove, getVariant, parseMove, type Options } from '@damka/rules';
import type { Action, OnlineClient } from '@damka/protocol';
import { dropSchema } from '../src/postgres-store.ts';
import type { MetricsSnapshot } from '../src/metrics.ts';
import {
  PG_URL,
  REDIS_URL,
  connect,
  createGame,
  freePort,
  kill,
  removeDir,
  seeded,
  spawnServer,
  stopClients,
  whenClient,
  type ServerProcess,
} from '../test/helpers.ts';

const GAMES = Number(process.env['BENCH_GAMES'] ?? 500);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 60);
const THINK = Number(process.env['BENCH_THINK_MS'] ?? 1000);
const SETUPS = (process.env['BENCH_SETUPS'] ?? 'sqlite,cluster').split(',');
/** Set in a client process: its job, as JSON. */
const JOB_VARIABLE = 'DAMKA_BENCH_CLIENT_JOB';
const CLIENT_PROCESSES = Math.max(1, Number(process.env['BENCH_CLIENT_PROCESSES'] ?? 2));

interface Stats {
  moves: number;
  latencies: number[];
  errors: string[];
  games: Array<{ id: string; white: OnlineClient; black: OnlineClient; acked: Action[] }>;
}

/** What a client process is given: the nodes and its pairs (index ≡ first mod step). */
interface Job {
  readonly urls: readonly string[];
  readonly first: number;
  readonly step: number;
}

/** When play starts and ends (epoch ms), sent to the client processes once they are all ready. */
interface Times {
  readonly start: number;
  readonly deadline: number;
}

/** What a client process reports back. */
interface Report {
  readonly moves: number;
  readonly latencies: number[];
  readonly errors: string[];
  readonly games: number;
  readonly lost: number;
  readonly mismatched: number;
  /** How long the process played, ms, and the CPU time it used meanwhile. */
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly loopP99: number;
  readonly loopMax: number;
}

/** The position after a client's actions, kept up to date incrementally. */
class Tracker {
  position: Position | null = null;
  applied = 0;
  constructor(readonly client: OnlineClient) {}
  current(): Position | null {
    const info = this.client.info;
    if (!info) return null;
    if (!this.position) {
      const variant = getVariant(info.variant, info.options as Options);
      if (!variant.ok) throw new Error(variant.error);
      this.position = Position.start(variant.value);
    }
    const actions = this.client.actions;
    if (actions.length < this.applied) throw new Error('the client lost actions');
    while (this.applied < actions.length) {
      const move = parseMove(this.position, actions[this.applied]!.text);
      if (!move.ok) throw new Error(`stored move ${actions[this.applied]!.text} does not replay`);
      this.position = this.position.play(move.value);
      this.applied++;
    }
    return this.position;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One pair of players: games one after another on the same two nodes until time is up. */
async function pair(
  index: number,
  urls: readonly string[],
  deadline: number,
  stats: Stats,
): Promise<void> {
  const random = seeded(index + 1);
  const ws = (url: string) => `${url.replace('http', 'ws')}/api/ws`;
  const whiteNode = urls[0]!;
  const blackNode = urls[urls.length - 1]!;
  while (Date.now() < deadline) {
    const created = await createGame(whiteNode, { variant: 'international' });
    const white = connect(ws(whiteNode), created.gameId, created.white.token);
    const black = connect(ws(blackNode), created.gameId, created.black.token);
    const record = { id: created.gameId, white, black, acked: [] as Action[] };
    stats.games.push(record);
    const players = { white: new Tracker(white), black: new Tracker(black) };
    await whenClient(white, () => white.seat !== null, 'White seated');
    await whenClient(black, () => black.seat !== null, 'Black seated');
    while (Date.now() < deadline && !white.over) {
      const tracker = players[players.white.current()!.turn];
      const client = tracker.client;
      const position = tracker.current()!;
      const ply = client.actions.length;
      const moves = position.legalMoves();
      if (moves.length === 0) break;
      await sleep(THINK * (0.5 + random()));
      if (Date.now() >= deadline) break;
      const text = formatMove(position, moves[Math.floor(random() * moves.length)]!);
      const sent = performance.now();
      try {
        const action = await client.move(text);
        stats.latencies.push(performance.now() - sent);
        stats.moves++;
        record.acked.push(action);
      } catch (e) {
        stats.errors.push(`move refused: ${(e as Error).message}`);
        break;
      }
      // the other player must have it before answering (as a screen would)
      const other = client === white ? black : white;
      await whenClient(other, () => other.actions.length > ply, 'the opponent sees the move');
    }
    white.stop();
    black.stop();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A client process: play its pairs until the deadline, then check its games against the database. */
async function clientProcess(job: Job & Times): Promise<Report> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const stats: Stats = { moves: 0, latencies: [], errors: [], games: [] };
  const began = performance.now();
  const cpuAtStart = process.cpuUsage();
  const pairs = [];
  for (let i = job.first; i < GAMES; i += job.step) {
    // the same ramp whatever the number of processes: 50 pairs every 100 ms
    const at = job.start + Math.floor(i / 50) * 100;
    if (at > Date.now()) await sleep(at - Date.now());
    pairs.push(
      pair(i, job.urls, job.deadline, stats).catch((e: Error) => {
        stats.errors.push(`pair ${i}: ${e.message}`);
      }),
    );
  }
  await Promise.all(pairs);
  const wallMs = performance.now() - began;
  const cpu = process.cpuUsage(cpuAtStart);
  loop.disable();
  // settle, then compare every game with the database
  await sleep(500);
  let lost = 0;
  let mismatched = 0;
  const errors = [...stats.errors];
  for (const game of stats.games) {
    for (const c of [game.white, game.black]) if (c.lastError) errors.push(c.lastError.code);
    const response = await fetch(`${job.urls[0]!}/api/games/${game.id}`);
    const stored = ((await response.json()) as { actions: Action[] }).actions;
    for (const action of game.acked) {
      const s = stored[action.ply];
      if (!s || s.text !== action.text || s.color !== action.color) lost++;
    }
    const same = (c: OnlineClient) => JSON.stringify(c.actions) === JSON.stringify(stored);
    if (!same(game.white) || !same(game.black)) mismatched++;
  }
  stopClients();
  return {
    moves: stats.moves,
    latencies: stats.latencies,
    errors,
    games: stats.games.length,
    lost,
    mismatched,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
  };
}

/** A client process, started: `go` starts its play, `report` is what it sends back at the end. */
interface ClientProcess {
  readonly ready: Promise<void>;
  go(times: Times): void;
  readonly report: Promise<Report>;
}

/** Start a client process on `job`; it plays once told when (after every process is ready). */
function startClients(job: Job): ClientProcess {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [JOB_VARIABLE]: JSON.stringify(job) },
  });
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const report = new Promise<Report>((resolve, reject) => {
    child.on('message', (message: { ready: true } | { report: Report }) => {
      if ('ready' in message) {
        ready();
        return;
      }
      resolve(message.report);
      child.kill();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
  });
  return { ready: readyPromise, go: (times) => child.send(times), report };
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Start a new measuring window on every node. */
async function resetMetrics(nodes: readonly ServerProcess[]): Promise<void> {
  for (const node of nodes) await fetch(`${node.url}/api/metrics/reset`, { method: 'POST' });
}

/** What a node measured, or null if it does not serve metrics (a server without METRICS). */
async function readMetrics(node: ServerProcess): Promise<MetricsSnapshot | null> {
  const response = await fetch(`${node.url}/api/metrics`);
  return response.ok ? ((await response.json()) as MetricsSnapshot) : null;
}

/** What each node measured in itself, and the clients' own CPU share and event-loop delay. */
const measured: string[] = [];

async function run(name: string, nodes: readonly ServerProcess[]): Promise<string> {
  const urls = nodes.map((n) => n.url);
  const clients = Array.from({ length: CLIENT_PROCESSES }, (_, first) =>
    startClients({ urls, first, step: CLIENT_PROCESSES }),
  );
  await Promise.all(clients.map((c) => c.ready));
  await resetMetrics(nodes);
  const loadAtStart = loadAverage();
  const start = Date.now() + 100;
  for (const client of clients) client.go({ start, deadline: start + SECONDS * 1000 });
  const reports = await Promise.all(clients.map((c) => c.report));
  const elapsed = Math.max(...reports.map((r) => r.wallMs)) / 1000;
  // CPU of all client processes over the play, as a share of one core
  const clientShare = reports.reduce((n, r) => n + r.cpuMs, 0) / (elapsed * 1000);
  const loadAtEnd = loadAverage();
  const moves = reports.reduce((n, r) => n + r.moves, 0);
  const clientLoop = (pick: (r: Report) => number) => Math.max(...reports.map(pick)).toFixed(1);
  for (const [i, node] of nodes.entries()) {
    const m = await readMetrics(node);
    const d = (x: MetricsSnapshot['ack']) => `${x.p50} / ${x.p99} / ${x.max}`;
    const inside = m
      ? `${d(m.ack)} | ${d(m.write)} | ${d(m.eventLoopDelay)} | ${m.gc.count} / ${m.gc.totalMs} / ${m.gc.maxMs} | ${m.cpuShare.toFixed(2)} (${((m.cpuShare * m.seconds * 1000) / Math.max(1, moves)).toFixed(2)} ms per move)`
      : 'n/a | n/a | n/a | n/a | n/a';
    measured.push(
      `| ${name}, node ${i + 1} | ${inside} | ${clientShare.toFixed(2)} | ${clientLoop((r) => r.loopP99)} / ${clientLoop((r) => r.loopMax)} | ${loadAtStart} → ${loadAtEnd} |`,
    );
  }
  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const errors = reports.flatMap((r) => r.errors);
  const row = [
    name,
    String(GAMES),
    String(reports.reduce((n, r) => n + r.games, 0)),
    String(moves),
    (moves / elapsed).toFixed(1),
    percentile(latencies, 50).toFixed(1),
    percentile(latencies, 99).toFixed(1),
    (latencies[latencies.length - 1] ?? NaN).toFixed(1),
    String(errors.length),
    String(reports.reduce((n, r) => n + r.lost, 0)),
    String(reports.reduce((n, r) => n + r.mismatched, 0)),
  ];
  if (errors.length > 0) console.error(errors.slice(0, 10).join('\n'));
  return `| ${row.join(' | ')} |`;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const common = {
    LOG_LEVEL: 'warn',
    CREATE_PER_MINUTE: '1000000',
    HTTP_PER_MINUTE: '1000000',
    METRICS: '1',
  };

  if (SETUPS.includes('sqlite')) {
    const dir = mkdtempSync(join(tmpdir(), 'damka-bench-'));
    const server = await spawnServer(await freePort(), { ...common, DATA_DIR: dir });
    try {
      rows.push(await run('1 node, SQLite', [server]));
    } finally {
      await kill(server.child);
      removeDir(dir);
    }
  }
  if (SETUPS.includes('cluster')) {
    const schema = `damka_bench_${randomBytes(3).toString('hex')}`;
    const env = { ...common, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL };
    const nodes: ServerProcess[] = [];
    try {
      nodes.push(await spawnServer(await freePort(), { ...env, NODE_ID: 'a' }));
      nodes.push(await spawnServer(await freePort(), { ...env, NODE_ID: 'b' }));
      rows.push(await run('2 nodes, Postgres + Redis', nodes));
    } finally {
      for (const node of nodes) await kill(node.child);
      await dropSchema(PG_URL, schema);
    }
  }

  console.log(
    `\n${GAMES} concurrent games (${GAMES * 2} WebSocket clients in ${CLIENT_PROCESSES} processes), ${SECONDS} s, think time ${THINK} ms ± 50 %\n`,
  );
  console.log(
    '| setup | concurrent games | games played | moves | moves/s | ack p50 ms | ack p99 ms | ack max ms | errors | lost moves | games differing from the database |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log(
    "\nMeasured inside each node (ms: p50 / p99 / max), CPU share of a core (1 = a whole core), the client processes' event-loop delay (ms: worst process p99 / max), load average:\n",
  );
  console.log(
    '| setup | server ack | database write | event-loop delay | GC pauses (count / total ms / max ms) | server CPU | clients CPU | clients event-loop delay | load average (start → end) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of measured) console.log(row);
}

const job = process.env[JOB_VARIABLE];
if (job === undefined) {
  await main();
  process.exit(0);
} else {
  const times = new Promise<Times>((resolve) => process.once('message', resolve));
  process.send!({ ready: true });
  const report = await clientProcess({ ...(JSON.parse(job) as Job), ...(await times) });
  process.send!({ report }, () => process.exit(0));
}
