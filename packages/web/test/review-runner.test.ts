import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, parseMove, variantOrThrow } from '@damka/rules';
import { createReviewRunner } from '../src/review/runner.ts';
import { entryOf, type Entry } from '../src/game/record.ts';
import type { FromWorker } from '../src/computer/protocol.ts';

/** Entries of an English game from move texts. */
function entries(texts: string[]): Entry[] {
  let p = Position.start(variantOrThrow('english'));
  return texts.map((t) => {
    const m = parseMove(p, t);
    assert.ok(m.ok, t);
    p = p.play(m.value);
    return entryOf(m.value);
  });
}

const GAME = entries(['11-16', '23-19', '16x23', '26x19', '8-11', '27-23', '9-14', '24-20']);

test('the worker review posts progress after each position, then the whole result', async () => {
  const answers: FromWorker[] = [];
  const runner = createReviewRunner((a) => answers.push(a), { ttBits: 14 });
  runner.receive({
    type: 'review',
    id: 7,
    setup: { variant: 'english', options: {} },
    entries: GAME,
    depth: 4,
  });
  await new Promise((r) => setTimeout(r, 2000));
  const progress = answers.filter((a) => a.type === 'review-progress');
  const done = answers.filter((a) => a.type === 'review-done');
  assert.equal(done.length, 1);
  assert.ok(progress.length >= GAME.length - 1);
  const last = done[0]!;
  assert.ok(last.type === 'review-done');
  assert.equal(last.result.plies.length, GAME.length);
  assert.equal(last.result.partial, false);
  assert.ok(answers.every((a) => a.id === 7));
});

test('a stopped review ends with a partial result; another id does not stop it', async () => {
  const answers: FromWorker[] = [];
  const queue: Array<() => void> = [];
  const runner = createReviewRunner((a) => answers.push(a), {
    ttBits: 14,
    yieldTo: (next) => queue.push(next),
  });
  runner.receive({
    type: 'review',
    id: 1,
    setup: { variant: 'english', options: {} },
    entries: GAME,
    depth: 4,
  });
  queue.shift()!();
  queue.shift()!();
  runner.receive({ type: 'review-stop', id: 99 });
  queue.shift()!();
  runner.receive({ type: 'review-stop', id: 1 });
  queue.shift()!();
  assert.equal(queue.length, 0);
  const last = answers[answers.length - 1]!;
  assert.equal(last.type, 'review-done');
  assert.ok(last.type === 'review-done' && last.result.partial);
  assert.ok(last.type === 'review-done' && last.done === 3);
});
