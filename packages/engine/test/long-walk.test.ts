/**
 * Long capture walks and the search's limits (search.ts `longWalk`): in Dhamet, where men and
 * kings take pieces that vanish as jumped, one generation can walk hundreds of thousands of steps.
 * Such a generation counts against a node limit and polls the clock at once, so a search bounded
 * by nodes or by a stop request does not run on for seconds of walking.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import { Engine } from '../src/index.ts';

const DHAMET = variantOrThrow('dhamet', { forcedOpening: false });
/**
 * From a self-play game: 12 white men against 19 black men. Below it lie positions whose
 * captures walk tens of thousands of steps, a few up to the 1,000,000-step bound; a search of
 * 10,000 nodes walked 18 M steps (21 s) when only nodes counted.
 */
const WALKS =
  'B:Wa1,b1,d1,f1,h1,i1,a3,i3,a4,i6,i7,i8:Bd4,b5,e5,g5,a6,b6,e6,e7,f7,g7,h7,b8,d8,f8,g8,b9,d9,e9,g9';

function position(): Position {
  const p = Position.fromFen(DHAMET, WALKS);
  assert.ok(p.ok);
  return p.value;
}

test('a node limit counts long capture walks, and a legal move is still played', () => {
  const p = position();
  const result = new Engine(DHAMET, { ttBits: 16, seed: 1 }).search(p, {
    limits: { nodes: 10_000 },
    book: false,
  });
  assert.ok(result.move && p.legalMoves().includes(result.move));
  // the walks below this root count for most of the budget: far fewer nodes are searched
  assert.ok(result.nodes < 5_000, `${result.nodes} nodes`);
});

/** The longest capture seen in play (rules' capture-walk test): a king takes 17 men, 63 ways. */
const SEVENTEEN =
  'W:Wh1,i1,e2,g2,h2,i2,a3,f3,g3,i3,h4,i4,i5,Kg9:BKc1,e4,e5,f6,h6,i6,b7,d7,h7,a8,c8,d8,e8,f8,h8,i8,b9,d9';

test('a stop request is seen at the first long walk, not at the next 256th node', () => {
  const p = Position.fromFen(DHAMET, SEVENTEEN);
  assert.ok(p.ok);
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(stopFlag, 0, 1); // asked to stop before it starts
  const result = new Engine(DHAMET, { ttBits: 16, seed: 1 }).search(p.value, {
    limits: { depth: 12 },
    book: false,
    stopFlag,
  });
  assert.ok(result.move && p.value.legalMoves().includes(result.move));
  // the root's own walk (over 100,000 steps) polled the clock: the search ended there, where it
  // used to run on to its 256th node, each a generation of its own
  assert.ok(result.nodes < 16, `${result.nodes} nodes`);
});
