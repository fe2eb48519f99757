/**
 * The puzzle trainer's choice of the next puzzle: near the player's rating, not played before,
 * and — when the player picked a theme — of that theme (every puzzle when the set has none of it);
 * and the `?puzzle=<variant>/<id>` link that opens one puzzle.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Puzzle } from '@damka/engine/puzzles';
import { NEW_STATE, pickPuzzle, withSeen } from '../src/puzzles/store.ts';
import { parsePuzzleLink } from '../src/puzzles/link.ts';

const puzzle = (id: string, rating: number, themes: string[]) =>
  ({ id, rating, themes, fen: '', line: [] }) as unknown as Puzzle;

const SET = [
  puzzle('a', 1500, ['shot']),
  puzzle('b', 1500, ['ending']),
  puzzle('c', 1500, ['shot', 'king']),
  puzzle('d', 2400, ['breakthrough']),
];

test('a theme narrows the choice; an absent theme leaves every puzzle', () => {
  const picks = (s: typeof NEW_STATE) =>
    new Set(Array.from({ length: 40 }, (_, i) => pickPuzzle(SET, s, 'v', () => i / 40)?.id));
  assert.deepEqual(picks({ ...NEW_STATE, theme: 'shot' }), new Set(['a', 'c']));
  assert.deepEqual(picks({ ...NEW_STATE, theme: 'breakthrough' }), new Set(['d']));
  assert.deepEqual(picks({ ...NEW_STATE, theme: 'nothing' }), new Set(['a', 'b', 'c', 'd']));
  // played puzzles of the theme come back only once every one of them has been played
  const seenA = withSeen({ ...NEW_STATE, theme: 'shot' }, 'v', 'a');
  assert.deepEqual(picks(seenA), new Set(['c']));
  assert.deepEqual(picks(withSeen(seenA, 'v', 'c')), new Set(['a', 'c']));
});

test('a puzzle link names a variant and a puzzle id; anything else is no link', () => {
  assert.deepEqual(parsePuzzleLink('?puzzle=english/eng-1fk1lt7'), {
    variant: 'english',
    id: 'eng-1fk1lt7',
  });
  assert.deepEqual(parsePuzzleLink('?lang=fr&puzzle=israeli-6x6/isr6-x_1'), {
    variant: 'israeli-6x6',
    id: 'isr6-x_1',
  });
  for (const bad of ['', '?puzzle=', '?puzzle=english', '?puzzle=/eng-1', '?puzzle=a/b/c', '?x=1'])
    assert.equal(parsePuzzleLink(bad), null, bad);
});
