/**
 * The computer's worker logic with pattern tables fetched on demand (`responder.ts` and the
 * review runner given a `patternsFor`, as the Web Worker gives `loadPatterns`): the first question
 * of a variant waits until its table is there, every question after it waits its turn (answers keep
 * the order of the questions), each variant's table is asked for once, and a failed fetch still
 * lets the computer answer, is tried again at the variant's next question, and once it succeeds
 * the variant's engines are made again with the table; a review waits for its table too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Variant } from '@damka/rules';
import { tableBytes, type SearchHelpers } from '@damka/engine';
import { newGame } from '../src/game/record.ts';
import { createResponder } from '../src/computer/responder.ts';
import { createReviewRunner } from '../src/review/runner.ts';
import type { FromWorker } from '../src/computer/protocol.ts';

/** A loader whose loads finish only when the test says so. */
function heldLoader() {
  const asked: string[] = [];
  const pending: Array<{ id: string; finish: (ok: boolean) => void }> = [];
  const load = (variant: Variant) =>
    new Promise<boolean>((resolve, reject) => {
      asked.push(variant.id);
      pending.push({
        id: variant.id,
        finish: (ok) => (ok ? resolve(true) : reject(new Error('offline'))),
      });
    });
  return { asked, pending, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

test('questions wait for their variant’s table, keep their order, and ask for it once (again after a failed fetch)', async () => {
  const out: FromWorker[] = [];
  const loader = heldLoader();
  const r = createResponder((a) => out.push(a), { seed: 3, ttBits: 12, patternsFor: loader.load });
  const english = newGame({ variant: 'english', options: {} }, 'friend', null);
  const russian = newGame({ variant: 'russian', options: {} }, 'friend', null);
  const ask = (id: number, game: typeof english) =>
    r.answer({
      type: 'think',
      id,
      setup: game.setup,
      entries: game.entries,
      level: 1,
      moveTime: 20,
    });
  ask(1, english);
  ask(2, russian);
  ask(3, english);
  await settle();
  assert.equal(out.length, 0, 'nothing answered while English’s table loads');
  assert.deepEqual(loader.asked, ['english']);
  loader.pending[0]!.finish(true);
  await settle();
  assert.deepEqual(
    out.filter((a) => a.type === 'done').map((a) => a.id),
    [1],
    'the English question, then Russian’s waits for its own table',
  );
  assert.deepEqual(loader.asked, ['english', 'russian']);
  loader.pending[1]!.finish(false); // a failed fetch: the computer answers without the table
  await settle();
  assert.deepEqual(
    out.filter((a) => a.type === 'done').map((a) => a.id),
    [1, 2, 3],
  );
  ask(4, english);
  ask(5, russian);
  await settle();
  assert.deepEqual(loader.asked, ['english', 'russian', 'russian'], 'a failed table asked again');
  assert.deepEqual(
    out.filter((a) => a.type === 'done').map((a) => a.id),
    [1, 2, 3, 4, 5],
    'without waiting for it',
  );
  loader.pending[2]!.finish(true);
  await settle();
  ask(6, english);
  ask(7, russian);
  await settle();
  assert.deepEqual(loader.asked, ['english', 'russian', 'russian'], 'a loaded table asked once');
  assert.deepEqual(
    out.filter((a) => a.type === 'done').map((a) => a.id),
    [1, 2, 3, 4, 5, 6, 7],
  );
});

test('the engines made while a table was missing are made again once it arrives', async () => {
  const out: FromWorker[] = [];
  const loader = heldLoader();
  const made: string[] = [];
  const closed: string[] = [];
  const helpersFor = (variant: Variant): SearchHelpers => {
    made.push(variant.id);
    return {
      count: 1,
      table: new SharedArrayBuffer(tableBytes(12)),
      ttBits: 12,
      start: () => {},
      stop: () => 0,
      newGame: () => {},
      close: () => {
        closed.push(variant.id);
        return Promise.resolve();
      },
    };
  };
  const r = createResponder((a) => out.push(a), {
    seed: 3,
    ttBits: 12,
    patternsFor: loader.load,
    helpersFor,
  });
  r.setThreads(2);
  const russian = newGame({ variant: 'russian', options: {} }, 'friend', null);
  const ask = (id: number) =>
    r.answer({
      type: 'think',
      id,
      setup: russian.setup,
      entries: russian.entries,
      level: 1,
      moveTime: 20,
    });
  ask(1);
  await settle();
  loader.pending[0]!.finish(false);
  await settle();
  assert.deepEqual(made, ['russian'], 'an engine without the table');
  ask(2);
  await settle();
  assert.deepEqual(made, ['russian'], 'the game goes on while the table is fetched again');
  loader.pending[1]!.finish(true);
  await settle();
  assert.deepEqual(closed, ['russian'], 'the engine without its table is let go');
  ask(3);
  await settle();
  assert.deepEqual(made, ['russian', 'russian'], 'and made again, now with it');
  ask(4);
  await settle();
  assert.deepEqual(made, ['russian', 'russian'], 'then kept');
  assert.deepEqual(
    out.filter((a) => a.type === 'done').map((a) => a.id),
    [1, 2, 3, 4],
  );
});

test('a review starts once its variant’s table is there', async () => {
  const out: FromWorker[] = [];
  const loader = heldLoader();
  const runner = createReviewRunner((a) => out.push(a), {
    ttBits: 12,
    yieldTo: (next) => setTimeout(next, 0),
    patternsFor: loader.load,
  });
  const game = newGame({ variant: 'english', options: {} }, 'friend', null);
  runner.receive({ type: 'review', id: 7, setup: game.setup, entries: game.entries, depth: 2 });
  await settle();
  assert.equal(out.length, 0, 'no progress while the table loads');
  assert.deepEqual(loader.asked, ['english']);
  loader.pending[0]!.finish(true);
  for (let i = 0; i < 100 && !out.some((a) => a.type === 'review-done'); i++) await settle();
  const done = out.find((a) => a.type === 'review-done');
  assert.ok(done && done.type === 'review-done' && done.id === 7, 'the review ran to its end');
});
