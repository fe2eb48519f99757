/**
 * Nodes that must not be fooled about who is connected when Redis misbehaves: a Redis that hangs
 * with its connections open (stopped with SIGSTOP) must count as not answering, so no claim is
 * granted against a player whose return it could not carry; after Redis restarts, a player who
 * left a node during the outage must count as gone on the other nodes; and two nodes given the
 * same NODE_ID must still hear each other, each warning about the other. The hanging and
 * restarting Redis is a redis-server of this test's own (/usr/bin/redis-server); the rest uses
 * Postgres and Redis like the other multi-node tests.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { dropSchema } from '../src/postgres-store.ts';
import { ASK_WINDOW_MS, REDIS_TIMEOUT_MS } from '../src/hub.ts';
import {
  PG_URL,
  REDIS_URL,
  connect,
  createGame,
  freePort,
  kill,
  playAt,
  startServer,
  stopClients,
  until,
  type TestServer,
} from './helpers.ts';

const REDIS_SERVER = '/usr/bin/redis-server';
const CLAIM_AFTER = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A redis-server of this test's own on `port`, once it answers. */
async function ownRedis(port: number): Promise<ChildProcess> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`this test needs ${REDIS_SERVER} (it stops and restarts a Redis of its own)`);
  }
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: null });
  probe.on('error', () => {}); // refused until redis-server listens: the loop below tries again
  try {
    await until(() => child.exitCode === null, 'redis-server running');
    for (let tries = 0; ; tries++) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (e) {
        if (tries > 100 || child.exitCode !== null) throw e;
        await sleep(50);
      }
    }
  } finally {
    probe.disconnect();
  }
  return child;
}

/** What a node says about Redis and NODE_ID (the server logs the same lines). */
function listen(node: TestServer): string[] {
  const lines: string[] = [];
  node.service.hub.onRedisStatus = (_up, message) => lines.push(message);
  node.service.hub.onWarning = (message) => lines.push(message);
  return lines;
}

test('a Redis that hangs: no claim against a player who came back meanwhile', async () => {
  const port = await freePort();
  const redis = await ownRedis(port);
  const schema = `damka_hang_${randomBytes(3).toString('hex')}`;
  const shared = {
    databaseUrl: PG_URL,
    schema,
    redisUrl: `redis://127.0.0.1:${port}`,
    claimAfterMs: CLAIM_AFTER,
  };
  const nodes: TestServer[] = [];
  try {
    for (const nodeId of ['a', 'b', 'c']) nodes.push(await startServer({ ...shared, nodeId }));
    const [a, b, c] = nodes as [TestServer, TestServer, TestServer];
    const said = listen(a);
    const game = await createGame(a.url, { variant: 'russian' });
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => white.seat !== null && black.seat !== null, 'both seated');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    black.stop();
    await until(() => white.state!.absent.black !== null, 'A sees Black leave');
    // Redis hangs; Black comes back through C, whose word cannot reach A
    redis.kill('SIGSTOP');
    const again = connect(c.wsUrl, game.gameId, game.black.token);
    await until(() => again.seat !== null, 'Black back on C');
    await sleep(REDIS_TIMEOUT_MS + 1500);
    assert.ok(
      said.some((line) => line.startsWith('Redis does not answer')),
      `A says Redis does not answer: ${JSON.stringify(said)}`,
    );
    white.lastError = null;
    white.claim('win');
    await until(() => white.lastError !== null || white.over, 'the answer to the claim');
    assert.equal(white.over, false, 'no claim while Redis hangs');
    assert.equal(white.lastError!.code, 'cannotClaim');
    // Redis answers again: A learns that Black is connected and says Redis is back
    redis.kill('SIGCONT');
    await until(() => white.state!.absent.black === null, 'A learns that Black is back', 10_000);
    await until(() => said.includes('Redis answers again'), 'A says Redis is back', 10_000);
    await sleep(ASK_WINDOW_MS + 200);
    white.lastError = null;
    white.claim('win');
    await until(() => white.lastError !== null || white.over, 'the answer to the claim');
    assert.equal(white.over, false, 'no claim against a player who is connected');
    assert.equal(white.lastError!.code, 'cannotClaim');
  } finally {
    if (redis.exitCode === null) redis.kill('SIGCONT');
    stopClients();
    for (const node of nodes) await node.stop();
    await kill(redis);
    await dropSchema(PG_URL, schema);
  }
});

test('after Redis restarts, a player who left during the outage counts as gone on every node', async () => {
  const port = await freePort();
  let redis = await ownRedis(port);
  const schema = `damka_restart_${randomBytes(3).toString('hex')}`;
  const shared = {
    databaseUrl: PG_URL,
    schema,
    redisUrl: `redis://127.0.0.1:${port}`,
    claimAfterMs: CLAIM_AFTER,
  };
  const nodes: TestServer[] = [];
  try {
    for (const nodeId of ['a', 'b']) nodes.push(await startServer({ ...shared, nodeId }));
    const [a, b] = nodes as [TestServer, TestServer];
    const game = await createGame(a.url, { variant: 'russian' });
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => white.seat !== null && black.seat !== null, 'both seated');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    // Redis goes away; Black leaves B meanwhile, and B's word of it is lost
    await kill(redis);
    await sleep(500);
    black.stop();
    await sleep(1000);
    assert.equal(white.state!.absent.black, null, 'A could not hear of it yet');
    redis = await ownRedis(port);
    await until(
      () => white.state!.absent.black !== null,
      'A learns that Black is gone once Redis is back',
      REDIS_TIMEOUT_MS + 5000,
    );
    await sleep(ASK_WINDOW_MS + CLAIM_AFTER + 100);
    white.claim('win');
    await until(() => white.over, 'the claim ends the game');
    assert.equal(white.state!.outcome!.reason, 'abandoned');
  } finally {
    stopClients();
    for (const node of nodes) await node.stop();
    await kill(redis);
    await dropSchema(PG_URL, schema);
  }
});

test('two nodes with the same NODE_ID hear each other and warn once each', async () => {
  const schema = `damka_samename_${randomBytes(3).toString('hex')}`;
  const shared = { databaseUrl: PG_URL, schema, redisUrl: REDIS_URL, claimAfterMs: CLAIM_AFTER };
  // A listens before B starts, so it hears B's first message; B may hear A's before its own
  // listener is set, so B's warning is checked by what it has seen
  const a = await startServer({ ...shared, nodeId: 'same' });
  const saidA = listen(a);
  const b = await startServer({ ...shared, nodeId: 'same' });
  const saidB = listen(b);
  try {
    const health = (await (await fetch(`${a.url}/api/health`)).json()) as { node: string };
    assert.equal(health.node, 'same');
    const game = await createGame(a.url, { variant: 'russian' });
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => white.seat !== null && black.seat !== null, 'both seated');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    // Black is connected through B: A must know it, through Redis
    await sleep(ASK_WINDOW_MS + CLAIM_AFTER + 200);
    assert.equal(white.state!.absent.black, null, 'A sees Black connected through B');
    white.claim('win');
    await until(() => white.lastError !== null || white.over, 'the answer to the claim');
    assert.equal(white.over, false, 'no claim against a player who is connected');
    assert.equal(white.lastError!.code, 'cannotClaim');
    // Black leaves B: A hears it
    black.stop();
    await until(() => white.state!.absent.black !== null, 'A sees Black leave', 5000);
    const warnings = saidA.filter((line) => line.includes('NODE_ID'));
    assert.equal(warnings.length, 1, JSON.stringify(saidA));
    assert.ok(warnings[0]!.includes(b.service.hub.instance), warnings[0]);
    assert.ok(saidB.filter((line) => line.includes('NODE_ID')).length <= 1, JSON.stringify(saidB));
    assert.deepEqual(a.service.hub.namesakes, [b.service.hub.instance]);
    assert.deepEqual(b.service.hub.namesakes, [a.service.hub.instance]);
  } finally {
    stopClients();
    await a.stop();
    await b.stop();
    await dropSchema(PG_URL, schema);
  }
});
