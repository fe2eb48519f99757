/**
 * Two server processes sharing Postgres and fanning moves out through Redis: White plays through
 * one node and Black through the other (no sticky sessions), a spectator watches through the
 * second; halfway through, White's node is killed with SIGKILL and White's client carries on
 * through the surviving node. Both players end with the same moves as the database. Every run
 * uses its own Postgres schema and Redis channel, dropped afterwards.
 *
 * Needs Postgres and Redis on 127.0.0.1 (DAMKA_TEST_PG, DAMKA_TEST_REDIS override the addresses);
 * the test fails, rather than skips, when they are not there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Action } from '@damka/protocol';
import { dropSchema } from '../src/postgres-store.ts';
import {
  PG_URL,
  REDIS_URL,
  connect,
  createGame,
  freePort,
  kill,
  pickMove,
  seeded,
  spawnServer,
  stopClients,
  until,
  type ServerProcess,
} from './helpers.ts';

test('players on different nodes finish a game; a node dies and its player goes on through the other', async () => {
  const schema = `damka_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const env = {
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    DATABASE_POOL: '4',
  };
  const nodes: ServerProcess[] = [];
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    nodes.push(await spawnServer(portA, { ...env, NODE_ID: 'a' }));
    nodes.push(await spawnServer(portB, { ...env, NODE_ID: 'b' }));
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const ws = (p: ServerProcess) => `${p.url.replace('http', 'ws')}/api/ws`;

    const game = await createGame(a.url, {
      variant: 'russian',
      clock: { initial: 600, increment: 5 },
    });
    const white = connect([ws(a), ws(b)], game.gameId, game.white.token, { maxDelay: 200 });
    const black = connect([ws(b), ws(a)], game.gameId, game.black.token, { maxDelay: 200 });
    const watcher = connect([ws(b)], game.gameId);
    await until(() => white.seat !== null && black.seat !== null && watcher.seat !== null, 'seats');

    const random = seeded(99);
    const acknowledged: Action[] = [];
    let ply = 0;
    for (; ply < 60; ply++) {
      await until(() => white.ply === ply && black.ply === ply, `both at ply ${ply}`, 30_000);
      if (white.over) break;
      if (ply === 24) {
        await kill(a.child); // White's node dies mid-game
      }
      const mover = ply % 2 === 0 ? white : black;
      const text = pickMove(mover, random)!;
      acknowledged.push(await mover.move(text));
    }
    assert.ok(ply >= 40, `the game went on after the kill (ended at ply ${ply})`);
    await until(() => white.ply === ply && black.ply === ply, 'the last move everywhere', 30_000);
    await until(() => watcher.ply === ply, 'the spectator', 30_000);
    assert.ok(white.reconnects >= 1, 'White reconnected through the other node');
    assert.deepEqual(white.actions, black.actions);
    assert.deepEqual(watcher.actions, white.actions);
    const stored = (await (await fetch(`${b.url}/api/games/${game.gameId}`)).json()) as {
      actions: Action[];
    };
    assert.deepEqual(stored.actions, white.actions);
    for (const action of acknowledged) assert.deepEqual(stored.actions[action.ply], action);

    // the end reaches the player on the other node too
    black.resign();
    await until(() => white.over, 'the resignation reaches White');
    assert.equal(white.state!.outcome!.winner, 'white');
  } finally {
    stopClients();
    for (const node of nodes) await kill(node.child);
    await dropSchema(PG_URL, schema);
  }
});
