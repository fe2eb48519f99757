/**
 * Who is connected, across two nodes: a player who joins through a node that does not follow the
 * game yet must never see a connected opponent as gone (the other node's answer is on its way),
 * yet an opponent who really is not connected must be shown gone once the answers had time to
 * come, and one who leaves later too. A node that dies holding a player says nothing; once that
 * player has come back through another node and left it, they count as gone. Needs Postgres and
 * Redis, like the other multi-node tests.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ServerMessage } from '@damka/protocol';
import { dropSchema } from '../src/postgres-store.ts';
import { ASK_WINDOW_MS } from '../src/hub.ts';
import {
  PG_URL,
  REDIS_URL,
  connect,
  createGame,
  playAt,
  startServer,
  stopClients,
  until,
  type TestServer,
} from './helpers.ts';

/** Every `absent.white` a client is sent, in order. */
function whiteAbsence(): { seen: Array<number | null>; onMessage: (m: ServerMessage) => void } {
  const seen: Array<number | null> = [];
  return {
    seen,
    onMessage: (m) => {
      if ('state' in m) seen.push(m.state.absent.white);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CLAIM_AFTER = 300;

/** Two nodes of one Postgres schema and Redis channel, both removed when `body` ends. */
async function withTwoNodes(
  body: (a: TestServer, b: TestServer, channel: string) => Promise<void>,
): Promise<void> {
  const schema = `damka_presence_${randomBytes(3).toString('hex')}`;
  const channel = `damka:${schema}`;
  const shared = { databaseUrl: PG_URL, schema, channel, redisUrl: REDIS_URL };
  const a = await startServer({ ...shared, nodeId: 'a', claimAfterMs: CLAIM_AFTER });
  const b = await startServer({ ...shared, nodeId: 'b', claimAfterMs: CLAIM_AFTER });
  try {
    await body(a, b, channel);
  } finally {
    stopClients();
    await a.stop();
    await b.stop();
    await dropSchema(PG_URL, schema);
  }
}

test('joining through a node that does not follow the game: a connected opponent is never shown gone', async () => {
  await withTwoNodes(async (a, b) => {
    // White connected through A; Black arrives through B, which has never seen the game
    const game = await createGame(a.url, { variant: 'russian' });
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    await until(() => white.seat !== null, 'White seated on A');
    const watch = whiteAbsence();
    const black = connect(b.wsUrl, game.gameId, game.black.token, watch);
    await until(() => black.seat !== null, 'Black seated on B');
    await sleep(ASK_WINDOW_MS + 1000);
    assert.ok(watch.seen.length > 0, 'Black was sent the state');
    assert.deepEqual(
      watch.seen.filter((since) => since !== null),
      [],
      'Black was never told that White, connected to A, was gone',
    );
    // White really leaves: Black is told
    white.stop();
    await until(() => black.state!.absent.white !== null, 'Black sees White gone', 10_000);
  });
});

test('joining through a node that does not follow the game: an opponent not connected anywhere is shown gone', async () => {
  await withTwoNodes(async (a, b) => {
    const game = await createGame(a.url, { variant: 'russian' });
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => black.seat !== null, 'Black seated on B');
    const seated = Date.now();
    await until(() => black.state!.absent.white !== null, 'Black sees White absent', 10_000);
    // not before the other nodes could have answered
    assert.ok(Date.now() - seated >= ASK_WINDOW_MS - 200, `${Date.now() - seated} ms`);
  });
});

test('a node that died holding a player: once the player has come back elsewhere and left, they count as gone', async () => {
  await withTwoNodes(async (a, b, channel) => {
    const game = await createGame(a.url, { variant: 'russian' });
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => white.seat !== null && black.seat !== null, 'both seated');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    // a third node said Black was connected to it, then died without a word
    const redis = new Redis(REDIS_URL);
    try {
      const event = { t: 'presence', game: game.gameId, seat: 'black', present: true, ask: false };
      await redis.publish(channel, JSON.stringify({ node: 'dead', event }));
    } finally {
      redis.disconnect();
    }
    await sleep(200);
    // Black, connected through B, leaves for good
    black.stop();
    await until(() => white.state!.absent.black !== null, 'A counts Black as gone', 10_000);
    await sleep(CLAIM_AFTER + 50);
    white.claim('win');
    await until(() => white.over, 'the claim ends the game');
    assert.equal(white.state!.outcome!.reason, 'abandoned');
  });
});
