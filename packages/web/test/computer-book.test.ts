/**
 * The computer's worker logic with the opening books (`responder.ts` given @damka/engine's
 * `loadBook`, as the Web Worker is): levels 6–8 answer a book position with a book move without
 * searching, level 5 searches, and an analysis of a book position lists its book moves with their
 * shares, from White's side; the answers keep the order of the questions while the book loads.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import { loadBook } from '@damka/engine';
import { newGame } from '../src/game/record.ts';
import { createResponder } from '../src/computer/responder.ts';
import type { FromWorker } from '../src/computer/protocol.ts';

async function answers(questions: { type: 'think' | 'analyse'; level?: number }[]) {
  const out: FromWorker[] = [];
  const r = createResponder((a) => out.push(a), { seed: 5, ttBits: 14, bookFor: loadBook });
  const game = newGame({ variant: 'international', options: {} }, 'friend', null);
  questions.forEach((q, i) =>
    r.answer({ ...q, id: i + 1, setup: game.setup, entries: game.entries, moveTime: 30 }),
  );
  for (let i = 0; i < 100 && out.filter((a) => a.type !== 'info').length < questions.length; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  return out.filter((a) => a.type === 'done');
}

test('levels 6-8 play a book move at once, level 5 searches, analysis lists the book moves', async () => {
  const variant = variantOrThrow('international');
  const book = await loadBook(variant);
  assert.ok(book);
  const start = Position.start(variant);
  const done = await answers([
    { type: 'think', level: 7 },
    { type: 'think', level: 5 },
    { type: 'analyse' },
  ]);
  assert.deepEqual(
    done.map((a) => a.id),
    [1, 2, 3],
  );
  const [book7, plain5, analysis] = done.map((a) => (a.type === 'done' ? a.analysis : null));
  assert.equal(book7?.nodes, 0);
  assert.ok(plain5 && plain5.nodes > 0);
  const lines = analysis?.book ?? [];
  assert.equal(lines.length, book.lookup(start).length);
  assert.ok(lines.length >= 2);
  assert.equal(
    lines.reduce((s, l) => s + l.share, 0) >= 99,
    true,
    'the shares add up to about 100%',
  );
  assert.ok(analysis && analysis.nodes > 0, 'the analysis still searches');
});
