/**
 * Server load benchmark (`npm run bench:server`): many concurrent games, two WebSocket clients
 * each, playing legal moves on loopback for a fixed time — first against one node with SQLite,
 * then against two nodes sharing Postgres and Redis (White on one node, Black on the other).
 * Servers run as child processes (`main.ts`); the clients run here.
 *
 * Reports moves acknowledged per second, acknowledgement latency (send → ack, p50/p99/max), errors
 * (refused actions, error messages, failed connections) and lost moves: at the end every game's
 * stored actions are fetched and compared with both players' lists, and every acknowledged move
 * must be stored.
 *
 * Bounded: BENCH_GAMES games (500), BENCH_SECONDS of play (60) per setup, a think time of
 * BENCH_THINK_MS ± 50 % per move (1000); BENCH_SETUPS=sqlite,cluster picks setups. Loopback only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, formatMove, getVariant, parseMove, type Options } from '@damka/rules';
import type { Action, OnlineClient } from '@damka/protocol';
import { dropSchema } from '../src/db.ts';
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

interface Stats {
  moves: number;
  latencies: number[];
  errors: string[];
  games: Array<{ id: string; white: OnlineClient; black: OnlineClient; acked: Action[] }>;
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
  nodes: readonly ServerProcess[],
  deadline: number,
  stats: Stats,
): Promise<void> {
  const random = seeded(index + 1);
  const ws = (p: ServerProcess) => `${p.url.replace('http', 'ws')}/api/ws`;
  const whiteNode = nodes[0]!;
  const blackNode = nodes[nodes.length - 1]!;
  while (Date.now() < deadline) {
    const created = await createGame(whiteNode.url, { variant: 'international' });
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

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Start a new measuring window on every node. */
async function resetMetrics(nodes: readonly ServerProcess[]): Promise<void> {
  for (const node of nodes) await fetch(`${node.url}/api/metrics/reset`, { method: 'POST' });
}

async function readMetrics(node: ServerProcess): Promise<MetricsSnapshot> {
  return (await (await fetch(`${node.url}/api/metrics`)).json()) as MetricsSnapshot;
}

/** What each node measured in itself, and the clients' own CPU share. */
const measured: string[] = [];

async function run(name: string, nodes: readonly ServerProcess[]): Promise<string> {
  const stats: Stats = { moves: 0, latencies: [], errors: [], games: [] };
  await resetMetrics(nodes);
  const loadAtStart = loadAverage();
  const clientCpu = process.cpuUsage();
  const clientWall = performance.now();
  const errorMessages: string[] = [];
  const start = Date.now();
  const deadline = start + SECONDS * 1000;
  const pairs = [];
  for (let i = 0; i < GAMES; i++) {
    pairs.push(
      pair(i, nodes, deadline, stats).catch((e: Error) => {
        stats.errors.push(`pair ${i}: ${e.message}`);
      }),
    );
    if (i % 50 === 49) await sleep(100); // ramp up
  }
  await Promise.all(pairs);
  const elapsed = (Date.now() - start) / 1000;
  const cpu = process.cpuUsage(clientCpu);
  const clientShare = (cpu.user + cpu.system) / 1000 / (performance.now() - clientWall);
  for (const [i, node] of nodes.entries()) {
    const m = await readMetrics(node);
    const d = (x: MetricsSnapshot['ack']) => `${x.p50} / ${x.p99} / ${x.max}`;
    measured.push(
      `| ${name}, node ${i + 1} | ${d(m.ack)} | ${d(m.write)} | ${d(m.eventLoopDelay)} | ${m.gc.count} / ${m.gc.totalMs} / ${m.gc.maxMs} | ${m.cpuShare.toFixed(2)} | ${clientShare.toFixed(2)} | ${loadAtStart} → ${loadAverage()} |`,
    );
  }
  // settle, then compare every game with the database
  await sleep(500);
  let lost = 0;
  let mismatched = 0;
  for (const game of stats.games) {
    for (const c of [game.white, game.black]) if (c.lastError) errorMessages.push(c.lastError.code);
    const response = await fetch(`${nodes[0]!.url}/api/games/${game.id}`);
    const stored = ((await response.json()) as { actions: Action[] }).actions;
    for (const action of game.acked) {
      const s = stored[action.ply];
      if (!s || s.text !== action.text || s.color !== action.color) lost++;
    }
    const same = (c: OnlineClient) => JSON.stringify(c.actions) === JSON.stringify(stored);
    if (!same(game.white) || !same(game.black)) mismatched++;
  }
  stopClients();
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const row = [
    name,
    String(GAMES),
    String(stats.games.length),
    String(stats.moves),
    (stats.moves / elapsed).toFixed(1),
    percentile(sorted, 50).toFixed(1),
    percentile(sorted, 99).toFixed(1),
    (sorted[sorted.length - 1] ?? NaN).toFixed(1),
    String(stats.errors.length + errorMessages.length),
    String(lost),
    String(mismatched),
  ];
  if (stats.errors.length + errorMessages.length > 0) {
    console.error([...stats.errors, ...errorMessages].slice(0, 10).join('\n'));
  }
  return `| ${row.join(' | ')} |`;
}

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
  `\n${GAMES} concurrent games (${GAMES * 2} WebSocket clients), ${SECONDS} s, think time ${THINK} ms ± 50 %\n`,
);
console.log(
  '| setup | concurrent games | games played | moves | moves/s | ack p50 ms | ack p99 ms | ack max ms | errors | lost moves | games differing from the database |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log(
  '\nMeasured inside each node (ms: p50 / p99 / max), CPU share of a core, load average:\n',
);
console.log(
  '| setup | server ack | database write | event-loop delay | GC pauses (count / total ms / max ms) | server CPU | clients CPU | load average (start → end) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of measured) console.log(row);
process.exit(0);
