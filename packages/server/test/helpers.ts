/**
 * Test and benchmark helpers: servers in-process (SQLite in a temporary folder, 127.0.0.1:0) or as
 * child processes (to kill them), games created over HTTP, `OnlineClient`s on `ws`, raw sockets
 * for sending what a well-behaved client never would, and a player that picks legal moves with a
 * seeded generator so every run plays the same game.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import {
  Position,
  formatMove,
  getVariant,
  parseMove,
  seededRandom,
  type Move,
  type Options,
} from '@damka/rules';
import {
  OnlineClient,
  type CreateGameRequest,
  type CreateGameResponse,
  type ServerMessage,
  type SocketLike,
} from '@damka/protocol';
import { createServer, type RunningServer, type ServerConfig } from '../src/server.ts';

export const SERVER_MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface TestServer extends RunningServer {
  readonly dir: string;
  readonly wsUrl: string;
  stop(): Promise<void>;
}

/** A server in this process on 127.0.0.1:0 with a fresh SQLite file (removed by `stop`). */
export async function startServer(config: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'damka-server-'));
  const server = await createServer({
    sqlitePath: join(dir, 'damka.sqlite'),
    logger: false,
    ...config,
  });
  const url = await server.listen(0, '127.0.0.1');
  return Object.assign(server, {
    dir,
    wsUrl: url.replace(/^http/, 'ws') + '/api/ws',
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** Create a game over HTTP. */
export async function createGame(
  baseUrl: string,
  request: CreateGameRequest = { variant: 'international' },
): Promise<CreateGameResponse> {
  const response = await fetch(`${baseUrl}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (response.status !== 201) {
    throw new Error(`create game: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as CreateGameResponse;
}

/** A `ws` socket as the client's `SocketLike`. */
export function nodeSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

/** A started client for one seat (or a spectator without token). */
export function connect(
  urls: string | readonly string[],
  game: string,
  token?: string,
  extra: { onMessage?: (m: ServerMessage) => void; maxDelay?: number } = {},
): OnlineClient {
  const listeners = new Set<() => void>();
  const client = new OnlineClient({
    onChange: () => {
      for (const listener of [...listeners]) listener();
    },
    urls: typeof urls === 'string' ? [urls] : urls,
    game,
    ...(token ? { token } : {}),
    connect: nodeSocket,
    minDelay: 50,
    maxDelay: extra.maxDelay ?? 500,
    ...(extra.onMessage ? { onMessage: extra.onMessage } : {}),
  });
  client.start();
  started.add(client);
  changeListeners.set(client, listeners);
  return client;
}

const changeListeners = new WeakMap<OnlineClient, Set<() => void>>();

/**
 * Wait until `predicate` holds for a client made by `connect`, checking on each of its changes
 * (no polling: the benchmark waits on a thousand clients at once).
 */
export function whenClient(
  client: OnlineClient,
  predicate: () => boolean,
  what: string,
  timeout = 30_000,
): Promise<void> {
  if (predicate()) return Promise.resolve();
  const listeners = changeListeners.get(client);
  if (!listeners) return until(predicate, what, timeout);
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!predicate()) return;
      clearTimeout(timer);
      listeners.delete(check);
      resolve();
    };
    const timer = setTimeout(() => {
      listeners.delete(check);
      reject(new Error(`timed out waiting for ${what}`));
    }, timeout);
    listeners.add(check);
  });
}

const started = new Set<OnlineClient>();

/** Stop every client `connect` started (tests call it when they end, even after a failure). */
export function stopClients(): void {
  for (const client of started) client.stop();
  started.clear();
}

/** Play `text` with `mover` once it has caught up with `ply` actions (its turn, as a UI waits). */
export async function playAt(mover: OnlineClient, ply: number, text: string) {
  await until(() => mover.ply >= ply, `the mover to reach ply ${ply}`);
  return mover.move(text);
}

/** Wait until `predicate` holds (polling), or fail after `timeout` ms with `what`. */
export async function until(
  predicate: () => boolean,
  what: string,
  timeout = 10_000,
): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The position a client's actions lead to (moves, burns and replays replayed by the rules). */
export function positionOf(client: OnlineClient): Position {
  const info = client.info;
  if (!info) throw new Error('no game yet');
  const variant = getVariant(info.variant, info.options as Options);
  if (!variant.ok) throw new Error(variant.error);
  let position = info.fen
    ? (Position.fromFen(variant.value, info.fen) as { ok: true; value: Position }).value
    : Position.start(variant.value);
  for (const action of client.actions) {
    if (action.kind !== 'move') throw new Error('test games use moves only');
    const move = parseMove(position, action.text);
    if (!move.ok) throw new Error(`stored move ${action.text}: ${move.error.message}`);
    position = position.play(move.value);
  }
  return position;
}

/** A seeded generator: the same seed plays the same game. */
export const seeded = seededRandom;

/** A legal move of the client's current position, as text; null when there is none. */
export function pickMove(client: OnlineClient, random: () => number): string | null {
  const position = positionOf(client);
  const moves: readonly Move[] = position.legalMoves();
  if (moves.length === 0) return null;
  const move = moves[Math.floor(random() * moves.length)]!;
  return formatMove(position, move);
}

/** A raw WebSocket that records every message and its close code. */
export interface RawSocket {
  readonly ws: WebSocket;
  readonly messages: ServerMessage[];
  closed: { code: number; reason: string } | null;
  send(data: unknown): void;
  /** Wait for a message matching `predicate` (including ones already received). */
  next(predicate: (m: ServerMessage) => boolean, timeout?: number): Promise<ServerMessage>;
  waitClose(timeout?: number): Promise<{ code: number; reason: string }>;
}

export async function rawSocket(
  url: string,
  headers: Record<string, string> = {},
): Promise<RawSocket> {
  const ws = new WebSocket(url, { headers });
  const raw: RawSocket = {
    ws,
    messages: [],
    closed: null,
    send(data) {
      ws.send(typeof data === 'string' ? data : JSON.stringify(data));
    },
    async next(predicate, timeout = 5000) {
      await until(
        () => raw.messages.some(predicate),
        `a message (got ${JSON.stringify(raw.messages.slice(-3))})`,
        timeout,
      );
      return raw.messages.find(predicate)!;
    },
    async waitClose(timeout = 5000) {
      await until(() => raw.closed !== null, 'the close', timeout);
      return raw.closed!;
    },
  };
  ws.on('message', (data) => raw.messages.push(JSON.parse(data.toString()) as ServerMessage));
  ws.on('close', (code, reason) => {
    raw.closed = { code, reason: reason.toString() };
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return raw;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A server as a child process (`main.ts`), ready once it printed its address. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Output so far (stdout and stderr). */
  readonly output: () => string;
}

export async function spawnServer(
  port: number,
  env: Record<string, string>,
  timeout = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const start = Date.now();
  while (!output.includes('Damka is served on')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() - start > timeout) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

/** SIGKILL a child process and wait for it to be gone. */
export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await gone;
}

/** Postgres and Redis of this machine (overridable for CI). */
export const PG_URL = process.env['DAMKA_TEST_PG'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env['DAMKA_TEST_REDIS'] ?? 'redis://127.0.0.1:6379';

/** Remove a temporary folder. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
