/**
 * Games that are abandoned: aborting a game at its very start (no result), and claiming the win or
 * a draw when the opponent has had no connection for the claim delay — refused while the opponent
 * is connected, before the delay, after the opponent came back, and for spectators; on one node,
 * and on two nodes sharing Postgres and Redis, where a player's presence on one node must be known
 * on the other (including by a node that starts following the game later), and where a node that
 * never heard of the opponent still refuses a claim against one who plays on. A rematch reaches a
 * player who had left before it was made, when they come back with the old link; a database from
 * before the rematch columns is brought up to date.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { OnlineClient, ServerMessage } from '@damka/protocol';
import SQLite from 'better-sqlite3';
import { dropSchema } from '../src/postgres-store.ts';
import { openStore } from '../src/store.ts';
import {
  PG_URL,
  REDIS_URL,
  connect,
  createGame,
  playAt,
  removeDir,
  startServer,
  stopClients,
  until,
  type TestServer,
} from './helpers.ts';

const CLAIM_AFTER = 400;

let server: TestServer;
before(async () => {
  server = await startServer({ claimAfterMs: CLAIM_AFTER });
});
after(async () => {
  stopClients();
  await server?.stop();
});

/** Wait for the server's answer to a request with no reply of its own (an error or a change). */
async function refusal(client: OnlineClient, send: () => void): Promise<string> {
  client.lastError = null;
  send();
  await until(() => client.lastError !== null, 'the refusal');
  return `${client.lastError!.code}: ${client.lastError!.message}`;
}

/** A game with both players connected and two moves played (past the abort window). */
async function started(url: string, wsUrls: { white: string; black: string }) {
  const game = await createGame(url, { variant: 'russian' });
  const white = connect(wsUrls.white, game.gameId, game.white.token);
  const black = connect(wsUrls.black, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  await playAt(white, 0, 'c3-d4');
  await playAt(black, 1, 'f6-g5');
  await until(() => white.ply === 2, 'White has both moves');
  return { game, white, black };
}

test('abort: either player may end the game without a result before the second move', async () => {
  const game = await createGame(server.url, { variant: 'russian' });
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  const watcher = connect(server.wsUrl, game.gameId);
  await until(() => white.seat !== null && black.seat !== null && watcher.seat !== null, 'seats');
  await playAt(white, 0, 'c3-d4');
  assert.match(await refusal(watcher, () => watcher.abort()), /^spectator/);
  black.abort();
  await until(() => white.over && black.over && watcher.over, 'everyone sees the end');
  const outcome = white.state!.outcome!;
  assert.deepEqual(
    { winner: outcome.winner, reason: outcome.reason, side: outcome.side },
    { winner: null, reason: 'aborted', side: 'black' },
  );
  await assert.rejects(black.move('f6-g5'), /over/);
  const stored = await server.service.store.status(game.gameId);
  assert.equal(stored!.outcome!.reason, 'aborted');
  const pdn = await (await fetch(`${server.url}/api/games/${game.gameId}/pdn`)).text();
  assert.match(pdn, /\[Result "\*"\]/);
});

test('abort is refused once both sides have moved; the game goes on', async () => {
  const { white, black } = await started(server.url, { white: server.wsUrl, black: server.wsUrl });
  assert.match(await refusal(white, () => white.abort()), /^cannotAbort/);
  assert.equal(white.state!.outcome, null);
  await playAt(white, 2, 'd4-e5');
  await until(() => black.ply === 3, 'the game went on');
});

test('claim: refused while the opponent is connected, before the delay, then the win', async () => {
  const { game, white, black } = await started(server.url, {
    white: server.wsUrl,
    black: server.wsUrl,
  });
  assert.equal(white.state!.absent.black, null);
  assert.match(await refusal(white, () => white.claim('win')), /^cannotClaim: .*connected/);
  black.stop();
  await until(() => white.state!.absent.black !== null, 'White learns that Black left');
  // the HTTP view reports the same absence as the socket
  const viewed = (await (await fetch(`${server.url}/api/games/${game.gameId}`)).json()) as {
    state: { absent: { white: number | null; black: number | null } };
  };
  assert.deepEqual(viewed.state.absent, { white: null, black: white.state!.absent.black });
  assert.match(await refusal(white, () => white.claim('win')), /^cannotClaim: .*claim in/);
  await new Promise((r) => setTimeout(r, CLAIM_AFTER + 50));
  white.claim('win');
  await until(() => white.over, 'the claim ends the game');
  const outcome = white.state!.outcome!;
  assert.deepEqual(
    { winner: outcome.winner, reason: outcome.reason, side: outcome.side },
    { winner: 'white', reason: 'abandoned', side: 'black' },
  );
  const pdn = await (await fetch(`${server.url}/api/games/${game.gameId}/pdn`)).text();
  assert.match(pdn, /\[Result "1-0"\]/);
});

test('claim: a draw may be claimed instead; an opponent who came back cannot be claimed against', async () => {
  const { game, white, black } = await started(server.url, {
    white: server.wsUrl,
    black: server.wsUrl,
  });
  white.stop();
  await until(() => black.state!.absent.white !== null, 'Black learns that White left');
  // White comes back before the delay: the absence ends
  const again = connect(server.wsUrl, game.gameId, game.white.token);
  await until(() => black.state!.absent.white === null, 'White is back');
  await new Promise((r) => setTimeout(r, CLAIM_AFTER + 50));
  assert.match(await refusal(black, () => black.claim('draw')), /^cannotClaim: .*connected/);
  again.stop();
  await until(() => black.state!.absent.white !== null, 'White left again');
  await new Promise((r) => setTimeout(r, CLAIM_AFTER + 50));
  black.claim('draw');
  await until(() => black.over, 'the claim ends the game');
  assert.deepEqual(
    { winner: black.state!.outcome!.winner, reason: black.state!.outcome!.reason },
    { winner: null, reason: 'abandoned' },
  );
});

test('claim: presence is shared between nodes (Postgres + Redis)', async () => {
  const schema = `damka_limits_${randomBytes(3).toString('hex')}`;
  const shared = {
    databaseUrl: PG_URL,
    schema,
    redisUrl: REDIS_URL,
    channel: `damka:${schema}`,
    claimAfterMs: CLAIM_AFTER,
  };
  const a = await startServer({ ...shared, nodeId: 'a' });
  const b = await startServer({ ...shared, nodeId: 'b' });
  try {
    // Black joins on B first; White arrives on A later (A asks B who is there)
    const game = await createGame(a.url, { variant: 'russian' });
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => black.seat !== null, 'Black seated');
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    await until(() => white.seat !== null, 'White seated');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    await new Promise((r) => setTimeout(r, CLAIM_AFTER + 50));
    assert.match(await refusal(white, () => white.claim('win')), /^cannotClaim: .*connected/);
    black.stop();
    await until(() => white.state!.absent.black !== null, 'A learns that Black left B');
    await new Promise((r) => setTimeout(r, CLAIM_AFTER + 50));
    white.claim('win');
    await until(() => white.over, 'the claim ends the game');
    assert.equal(white.state!.outcome!.reason, 'abandoned');
    white.stop();
  } finally {
    stopClients();
    await a.stop();
    await b.stop();
    await dropSchema(PG_URL, schema);
  }
});

test('claim: an opponent this node never heard of, but who plays on, cannot be claimed against', async () => {
  // two nodes of one database whose Redis messages never meet (as when Redis loses them): A
  // never learns that Black is connected to B, yet Black's moves reach A through the database
  const schema = `damka_limits_${randomBytes(3).toString('hex')}`;
  const shared = { databaseUrl: PG_URL, schema, redisUrl: REDIS_URL, claimAfterMs: CLAIM_AFTER };
  const a = await startServer({ ...shared, nodeId: 'a', channel: `damka:${schema}:a` });
  const b = await startServer({ ...shared, nodeId: 'b', channel: `damka:${schema}:b` });
  try {
    const game = await createGame(a.url, { variant: 'russian' });
    const white = connect(a.wsUrl, game.gameId, game.white.token);
    const black = connect(b.wsUrl, game.gameId, game.black.token);
    await until(() => white.seat !== null && black.seat !== null, 'both seated');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    // once its question could have been answered, A believes Black is gone
    await until(() => white.state!.absent.black !== null, 'A believes Black is gone');
    await new Promise((r) => setTimeout(r, CLAIM_AFTER + 50));
    assert.match(await refusal(white, () => white.claim('win')), /^cannotClaim: .*played since/);
    assert.equal(white.over, false);
  } finally {
    stopClients();
    await a.stop();
    await b.stop();
    await dropSchema(PG_URL, schema);
  }
});

test('a rematch reaches a player who left before it was made, when they come back', async () => {
  const game = await createGame(server.url, { variant: 'russian' });
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  white.resign();
  await until(() => black.over, 'the end');
  white.rematch();
  await until(() => black.state?.rematch.white === true, 'Black sees the request');
  white.stop();
  black.rematch();
  await until(() => black.state?.rematch.game != null, 'the rematch is made');
  // White comes back with the old link and is handed the new seat
  const got: ServerMessage[] = [];
  const back = connect(server.wsUrl, game.gameId, game.white.token, {
    onMessage: (m) => got.push(m),
  });
  await until(() => got.some((m) => m.type === 'rematch'), 'the rematch message');
  const offer = got.find((m) => m.type === 'rematch')!;
  assert.ok(offer.type === 'rematch' && offer.token !== undefined);
  assert.equal(offer.game, black.state!.rematch.game);
  assert.equal(offer.seat, 'black');
  assert.notEqual(offer.token, game.white.token);
  const next = connect(server.wsUrl, offer.game, offer.token);
  await until(() => next.seat !== null, 'the new seat');
  assert.equal(next.seat, 'black');
  // once the seat is taken, the old link no longer sends there
  const later: ServerMessage[] = [];
  const again = connect(server.wsUrl, game.gameId, game.white.token, {
    onMessage: (m) => later.push(m),
  });
  await until(() => again.seat !== null, 'welcome');
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(
    later.some((m) => m.type === 'rematch'),
    false,
  );
  for (const c of [back, next, again, black]) c.stop();
});

test('an SQLite database without the rematch columns gets them when opened', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-migrate-'));
  try {
    const sqlitePath = join(dir, 'damka.sqlite');
    await (await openStore({ sqlitePath })).close();
    const first = new SQLite(sqlitePath);
    first.exec('alter table games drop column rematch_white_hash');
    first.exec('alter table games drop column rematch_black_hash');
    first.close();
    await (await openStore({ sqlitePath })).close();
    const again = new SQLite(sqlitePath);
    const columns = (again.pragma('table_info(games)') as Array<{ name: string }>).map(
      (c) => c.name,
    );
    again.close();
    assert.ok(columns.includes('rematch_white_hash') && columns.includes('rematch_black_hash'));
  } finally {
    removeDir(dir);
  }
});
