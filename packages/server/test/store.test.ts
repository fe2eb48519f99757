/**
 * The `Store` contract, run against both implementations (SQLite in a temporary folder, Postgres
 * in a schema of its own): records come back as they were written, every write is conditional on
 * the version, a ply can be recorded once, a rematch is written with its game or not at all — and,
 * on Postgres, many moves written at once (which go in batches) are each recorded exactly when
 * their version matched, with two stores (two nodes) racing on the same games, and a move whose
 * connection is ended under it is still written, once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Action } from '@damka/protocol';
import { dropSchema } from '../src/postgres-store.ts';
import { initialStatus, type GameRecord, type GameStatus } from '../src/records.ts';
import { openStore, type Store } from '../src/store.ts';
import { PG_URL, removeDir } from './helpers.ts';

function record(id: string): GameRecord {
  return {
    setup: {
      id,
      variant: 'russian',
      options: { kingSplit: false },
      fen: null,
      clock: { initial: 300, increment: 3 },
      whiteHash: 'a'.repeat(64),
      blackHash: 'b'.repeat(64),
      createdAt: 1_700_000_000_123,
      rematchOf: null,
    },
    status: initialStatus(1_700_000_000_123, 300_000),
  };
}

const move = (ply: number, text: string): Action => ({
  ply,
  kind: 'move',
  text,
  color: ply % 2 === 0 ? 'white' : 'black',
  at: 1_700_000_001_000 + ply,
});

const after = (status: GameStatus, action: Action): GameStatus => ({
  ...status,
  ply: status.ply + 1,
  version: status.version + 1,
  lastAt: action.at,
  whiteMs: status.whiteMs - 1,
});

async function contract(store: Store): Promise<void> {
  const id = randomBytes(9).toString('base64url');
  const game = record(id);
  await store.insertGame(game);
  assert.deepEqual(await store.game(id), game);
  assert.equal(await store.game('nonexistent00'), null);

  const first = move(0, 'c3-d4');
  const status1 = after(game.status, first);
  assert.equal(await store.recordAction(id, 0, status1, first), true);
  // the same version again: refused, nothing written
  assert.equal(await store.recordAction(id, 0, after(game.status, move(0, 'a3-b4')), first), false);
  assert.deepEqual(await store.actions(id), [first]);
  assert.deepEqual(await store.status(id), status1);

  const offer: GameStatus = { ...status1, version: 2, drawOffer: 'black' };
  assert.equal(await store.updateStatus(id, 0, offer), false);
  assert.equal(await store.updateStatus(id, 1, offer), true);
  assert.deepEqual((await store.versions([id, 'nonexistent00'])).get(id), 2);

  const outcome = { winner: null, reason: 'agreement', side: null, text: 'Draw' } as const;
  const ended: GameStatus = {
    ...offer,
    version: 3,
    outcome,
    endedAt: 5,
    rematchGame: 'rematch00001',
  };
  const fresh = record('rematch00001');
  assert.equal(await store.insertRematch(id, 2, ended, fresh), true);
  assert.deepEqual(await store.game('rematch00001'), fresh);
  assert.equal(await store.insertRematch(id, 2, ended, record('rematch00002')), false);
  assert.equal(await store.game('rematch00002'), null);
  assert.deepEqual(await store.status(id), ended);
}

test('SQLite store: records, conditional writes, one action per ply', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-store-'));
  const store = await openStore({ sqlitePath: join(dir, 'damka.sqlite') });
  try {
    await contract(store);
  } finally {
    await store.close();
    removeDir(dir);
  }
});

test('Postgres store: the same contract, and moves of many games written at once by two nodes', async () => {
  const schema = `damka_store_${process.pid}_${randomBytes(3).toString('hex')}`;
  const one = await openStore({ databaseUrl: PG_URL, schema, poolSize: 4 });
  const two = await openStore({ databaseUrl: PG_URL, schema, poolSize: 4 });
  try {
    await contract(one);
    // 60 games; both stores try a different first move in each at once, some with a stale version
    const ids = Array.from({ length: 60 }, () => randomBytes(9).toString('base64url'));
    for (const id of ids) await one.insertGame(record(id));
    const tries = ids.flatMap((id, i) => {
      const expected = i % 10 === 0 ? 7 : 0; // no such version: refused by both
      const a = move(0, 'c3-d4');
      const b = move(0, 'e3-f4');
      return [
        one
          .recordAction(id, expected, after(record(id).status, a), a)
          .then((ok) => ({ id, ok, a })),
        two
          .recordAction(id, expected, after(record(id).status, b), b)
          .then((ok) => ({ id, ok, a: b })),
      ];
    });
    const results = await Promise.all(tries);
    for (const [i, id] of ids.entries()) {
      const mine = results.filter((r) => r.id === id);
      const winners = mine.filter((r) => r.ok);
      const stored = await one.actions(id);
      if (i % 10 === 0) {
        assert.equal(winners.length, 0, `game ${i}: a stale version was written`);
        assert.deepEqual(stored, []);
        continue;
      }
      assert.equal(winners.length, 1, `game ${i}: ${winners.length} writes won`);
      assert.deepEqual(stored, [winners[0]!.a]);
      assert.equal((await two.status(id))!.version, 1);
    }
  } finally {
    await one.close();
    await two.close();
    await dropSchema(PG_URL, schema);
  }
});

test('Postgres store: a move whose connection is ended under it is sent again and written once', async () => {
  const schema = `damka_store_${process.pid}_${randomBytes(3).toString('hex')}`;
  const store = await openStore({ databaseUrl: PG_URL, schema, poolSize: 2 });
  const holder = new pg.Client({ connectionString: PG_URL });
  const killer = new pg.Client({ connectionString: PG_URL });
  await holder.connect();
  await killer.connect();
  try {
    const id = randomBytes(9).toString('base64url');
    const game = record(id);
    await store.insertGame(game);
    // another session holds the game's row, so the move's statement waits on it...
    await holder.query('begin');
    await holder.query(`select id from "${schema}".games where id = $1 for update`, [id]);
    const first = move(0, 'c3-d4');
    const written = store.recordAction(id, 0, after(game.status, first), first);
    // ...and its connection is ended by an administrator while it waits
    const held = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
    let pid: number | undefined;
    for (let i = 0; i < 200 && pid === undefined; i++) {
      const { rows } = await killer.query<{ pid: number }>(
        'select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
        [held.pid],
      );
      pid = rows[0]?.pid;
      if (pid === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    assert.ok(pid !== undefined, 'the move waits on the held row');
    await killer.query('select pg_terminate_backend($1)', [pid]);
    await holder.query('rollback');
    assert.equal(await written, true);
    assert.deepEqual(await store.actions(id), [first]);
  } finally {
    await holder.end();
    await killer.end();
    await store.close();
    await dropSchema(PG_URL, schema);
  }
});
