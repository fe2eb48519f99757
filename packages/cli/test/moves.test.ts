/**
 * `damka moves` on worked positions of docs/rules.md §7: stdout holds the legal moves in the variant's
 * notation, one per line, and nothing else.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { damka, lines } from './helpers.ts';

const WORKED: ReadonlyArray<{ id: string; variant: string; fen: string; moves: string[] }> = [
  // equal counts → free choice; the king lands anywhere beyond the captured man
  {
    id: 'INT-3',
    variant: 'international',
    fen: 'W:WK47,32:B33,28',
    moves: ['32x23', '47x15', '47x20', '47x24', '47x29'],
  },
  // the longest capture is compulsory
  { id: 'INT-1', variant: 'international', fen: 'W:W32:B19,27,28', moves: ['32x14'] },
  // Russian: free choice of capture, ':' as capture separator
  { id: 'RU-1', variant: 'russian', fen: 'W:Wd4:Bc5,e5,g7', moves: ['d4:b6', 'd4:h8'] },
  // Brazilian: the majority rule on 8x8
  { id: 'BR-1', variant: 'brazilian', fen: 'W:Wd4:Bc5,e5,g7', moves: ['d4xh8'] },
  // English short king jumps in four directions
  {
    id: 'EN-3',
    variant: 'english',
    fen: 'W:WK18:B14,15,22,23',
    moves: ['18x9', '18x11', '18x25', '18x27'],
  },
  // Italian: a man cannot capture a king, so only steps remain
  { id: 'IT-1', variant: 'italian', fen: 'W:W21,31:BK18', moves: ['21-17', '31-27', '31-28'] },
  // Spanish: men never capture backward
  { id: 'SP-3', variant: 'spanish', fen: 'W:W19:B15,14', moves: ['19-22', '19-23'] },
  // Turkish: no 180° turn, so one of the two men only
  { id: 'TR-2', variant: 'turkish', fen: 'W:WKe4:Bg4,b4', moves: ['e4xa4', 'e4xh4'] },
];

for (const w of WORKED) {
  test(`moves ${w.id} (${w.variant} ${w.fen})`, async () => {
    const r = await damka('moves', '--variant', w.variant, '--fen', w.fen);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(lines(r.stdout), w.moves);
  });
}

test('moves without --fen lists the start position', async () => {
  const r = await damka('moves', '--variant', 'international');
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(lines(r.stdout), [
    '31-26',
    '31-27',
    '32-27',
    '32-28',
    '33-28',
    '33-29',
    '34-29',
    '34-30',
    '35-30',
  ]);
});

test('moves with a house-rule option: noForcedCapture adds the quiet moves', async () => {
  const fen = 'W:W32,45:B19,27,28';
  const forced = await damka('moves', '-v', 'international', '-f', fen);
  const free = await damka('moves', '-v', 'international', '-f', fen, '-o', 'noForcedCapture=true');
  assert.equal(free.code, 0, free.stderr);
  assert.deepEqual(lines(forced.stdout), ['32x14']);
  // the majority rule still holds among captures: 32x21 (one man) stays illegal
  assert.deepEqual(lines(free.stdout), ['32x14', '45-40']);
});

test('a position with no legal move prints nothing', async () => {
  const r = await damka('moves', '--variant', 'english', '--fen', 'B:W21:B');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
});
