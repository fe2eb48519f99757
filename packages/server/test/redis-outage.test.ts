/**
 * Two nodes, and Redis lost to one of them for a while (a TCP relay in front of Redis that this
 * test cuts and restores): what the nodes said about who is connected during the outage never
 * arrived, so when Redis answers again each node announces its players and asks the others for
 * theirs. A player who stayed connected through another node must then count as present again,
 * never as gone (which would let the opponent claim the game). The same holds when A's connection
 * to Redis drops and is made again at once, which Redis's client reports as no error at all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer as createNetServer, connect as netConnect, type Socket } from 'node:net';
import { dropSchema } from '../src/postgres-store.ts';
import {
  PG_URL,
  REDIS_URL,
  connect,
  createGame,
  playAt,
  startServer,
  stopClients,
  until,
} from './helpers.ts';

/**
 * A relay to Redis on a port of its own, which can be cut (every connection dropped) and restored,
 * or made to drop its connections and stall the new ones (accepted, but carried to Redis only on
 * `release`), as a network that loses a connection and is slow to carry the next one.
 */
async function redisRelay(): Promise<{
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  stall(): void;
  release(): void;
}> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  let stalled: Socket[] | null = null;
  const carry = (client: Socket) => {
    const upstream = netConnect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  };
  const server = createNetServer((client) => {
    if (!stalled) return carry(client);
    client.pause();
    client.on('error', () => client.destroy());
    stalled.push(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname === '/' ? '' : target.pathname}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    stall() {
      stalled = [];
      for (const s of sockets) s.destroy();
    },
    release() {
      const waiting = stalled ?? [];
      stalled = null;
      for (const client of waiting) if (!client.destroyed) carry(client);
    },
  };
}

test('after a Redis outage a player connected to another node counts as present again', async () => {
  const schema = `damka_outage_${randomBytes(3).toString('hex')}`;
  const relay = await redisRelay();
  const shared = { databaseUrl: PG_URL, schema, channel: `damka:${schema}`, claimAfterMs: 400 };
  const a = await startServer({ ...shared, redisUrl: relay.url, nodeId: 'a' });
  const b = await startServer({ ...shared, redisUrl: REDIS_URL, nodeId: 'b' });
  try {
    const game = await createGame(b.url, { variant: 'russian' });
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => black.seat !== null, 'Black seated on B');
    // Redis is lost to A; White arrives on A, whose question "who is there?" never reaches B
    await relay.cut();
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    await until(() => white.seat !== null, 'White seated on A');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'Black’s move reaches A through the database');
    // once A's question could have been answered, A counts Black as gone
    await until(
      () => white.state!.absent.black !== null,
      'during the outage A counts Black as gone',
    );
    // Redis is back: A asks again, B answers that Black is connected
    await relay.restore();
    await until(
      () => white.state!.absent.black === null,
      'A learns that Black is connected',
      20_000,
    );
    assert.equal(white.over, false);
  } finally {
    stopClients();
    await a.stop();
    await b.stop();
    await relay.cut();
    await dropSchema(PG_URL, schema);
  }
});

test('a Redis connection dropped and made again at once: what was said meanwhile is asked again', async () => {
  const schema = `damka_outage_${randomBytes(3).toString('hex')}`;
  const relay = await redisRelay();
  const shared = { databaseUrl: PG_URL, schema, channel: `damka:${schema}`, claimAfterMs: 400 };
  const a = await startServer({ ...shared, redisUrl: relay.url, nodeId: 'a' });
  const b = await startServer({ ...shared, redisUrl: REDIS_URL, nodeId: 'b' });
  try {
    const game = await createGame(b.url, { variant: 'russian' });
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => white.seat !== null && black.seat !== null, 'both seated');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    black.stop();
    await until(() => white.state!.absent.black !== null, 'A sees Black leave');
    // A's connections to Redis drop; while the new ones are slow to come, Black comes back on B
    relay.stall();
    const again = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => again.seat !== null, 'Black back on B');
    await new Promise((r) => setTimeout(r, 200));
    relay.release();
    await until(() => white.state!.absent.black === null, 'A learns that Black is back', 10_000);
    await new Promise((r) => setTimeout(r, 500));
    white.lastError = null;
    white.claim('win');
    await until(() => white.lastError !== null || white.over, 'the answer to the claim');
    assert.equal(white.over, false, 'no claim against a player who is connected');
    assert.equal(white.lastError!.code, 'cannotClaim');
  } finally {
    stopClients();
    await a.stop();
    await b.stop();
    await relay.cut();
    await dropSchema(PG_URL, schema);
  }
});
