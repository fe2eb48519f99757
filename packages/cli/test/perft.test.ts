/**
 * `damka perft` against published move-tree sizes (packages/rules/test/data/public.perft, docs/perft.md, docs/rules.md §7.6), its
 * divide mode, the duplicates switch and the compulsory Dhamet opening.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMove, perft, Position, variantOrThrow } from '@damka/rules';
import { damka, lines } from './helpers.ts';

interface Case {
  readonly variant: string;
  readonly fen?: string;
  readonly depth: number;
  readonly duplicates?: 'keep' | 'drop';
  readonly options?: readonly string[];
  readonly expected: number;
  readonly source: string;
}

const START8 = 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8';

const CASES: readonly Case[] = [
  { variant: 'international', depth: 5, expected: 27117, source: 'international-start' },
  { variant: 'antidraughts', depth: 4, expected: 4265, source: 'antidraughts-start' },
  { variant: 'english', depth: 6, duplicates: 'keep', expected: 36768, source: 'english-start' },
  { variant: 'arab-dama', depth: 5, duplicates: 'keep', expected: 7361, source: 'arab-dama-start' },
  { variant: 'russian', depth: 8, duplicates: 'keep', expected: 929905, source: 'russian-start' },
  { variant: 'russian', depth: 8, expected: 929899, source: 'russian-start-drop' },
  { variant: 'brazilian', fen: START8, depth: 6, expected: 37628, source: 'brazilian-start' },
  { variant: 'czech', depth: 6, duplicates: 'keep', expected: 36768, source: 'czech-start' },
  { variant: 'spanish', depth: 6, duplicates: 'keep', expected: 36473, source: 'spanish-start' },
  { variant: 'portuguese', depth: 5, expected: 7361, source: 'portuguese-start' },
  { variant: 'italian', depth: 6, duplicates: 'keep', expected: 36473, source: 'italian-start' },
  {
    variant: 'italian',
    fen: 'W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3',
    depth: 6,
    duplicates: 'keep',
    expected: 1099,
    source: 'italian-gilbert-1',
  },
  {
    variant: 'international',
    fen: 'W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38',
    depth: 6,
    expected: 590,
    source: 'woldouby',
  },
  { variant: 'turkish', depth: 3, expected: 708, source: 'turkish-start' },
  {
    variant: 'dhamet',
    options: ['forcedOpening=false'],
    depth: 7,
    duplicates: 'keep',
    expected: 381,
    source: 'docs/rules.md §7.6, Dhamet start without forced opening, keep',
  },
  {
    variant: 'dhamet',
    options: ['forcedOpening=false'],
    depth: 7,
    expected: 327,
    source: 'docs/rules.md §7.6, Dhamet start without forced opening, drop',
  },
];

function argv(c: Case, ...extra: string[]): string[] {
  const out = ['perft', '--variant', c.variant, '--depth', String(c.depth)];
  if (c.fen) out.push('--fen', c.fen);
  if (c.duplicates) out.push('--duplicates', c.duplicates);
  for (const o of c.options ?? []) out.push('--option', o);
  return [...out, ...extra];
}

for (const c of CASES) {
  const name = `${c.variant}${c.fen ? ' ' + c.fen : ''} depth ${c.depth} ${c.duplicates ?? 'drop'}`;
  test(`perft ${name} = ${c.expected} (${c.source})`, async () => {
    const r = await damka(...argv(c));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `${c.expected}\n`, 'stdout is the bare count');
    assert.match(r.stderr, /^perft \d+: \d+ nodes in [\d.]+ s/, 'timing goes to stderr');
  });
}

test('perft --divide: one line per legal root move, summing to the total', async () => {
  for (const c of [CASES[0]!, CASES[2]!, CASES[7]!, CASES[12]!]) {
    const small = { ...c, depth: c.depth - 1 };
    const plain = await damka(...argv(small));
    const split = await damka(...argv(small, '--divide'));
    assert.equal(split.code, 0, split.stderr);
    const out = lines(split.stdout);
    const total = out.pop()!;
    assert.match(total, /^\d+$/, 'the last line is a bare integer');
    assert.equal(`${total}\n`, plain.stdout, 'divide and plain perft agree');
    const variant = variantOrThrow(c.variant);
    const position = c.fen ? Position.fromFen(variant, c.fen) : undefined;
    const root = position?.ok ? position.value : Position.start(variant);
    assert.equal(out.length, root.legalMoves().length, `${c.variant}: one line per root move`);
    let sum = 0;
    for (const line of out) {
      const m = /^(\S+) (\d+)$/.exec(line);
      assert.ok(m, `'${line}' is '<move> <count>'`);
      const move = parseMove(root, m[1]!);
      assert.ok(move.ok, `'${m[1]}' is a legal move`);
      assert.equal(Number(m[2]), perft(root.play(move.value), small.depth - 1), line);
      sum += Number(m[2]);
    }
    assert.equal(sum, Number(total));
  }
});

test('perft --duplicates keep counts each capture route; divide writes such routes in full', async () => {
  // The king on 48 can take all four men clockwise or anticlockwise, returning to 48.
  const fen = 'W:WK48:B20,39,22,37';
  const keep = await damka(
    'perft',
    '-v',
    'international',
    '-f',
    fen,
    '-d',
    '1',
    '--divide',
    '--duplicates',
    'keep',
  );
  assert.equal(keep.code, 0, keep.stderr);
  assert.deepEqual(lines(keep.stdout), [
    '48x25x9x31x48 1',
    '48x31x9x25x48 1',
    '48x42 1',
    '48x43 1',
    '4',
  ]);
  const drop = await damka('perft', '-v', 'international', '-f', fen, '-d', '1', '--divide');
  assert.deepEqual(lines(drop.stdout), ['48x42 1', '48x43 1', '48x48 1', '3']);
});

test('perft depth 0 is 1, with or without --divide', async () => {
  for (const extra of [[], ['--divide']]) {
    const r = await damka('perft', '--variant', 'english', '--depth', '0', ...extra);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, '1\n');
  }
});

test('perft follows the compulsory Dhamet opening, one root move at a time', async () => {
  const r = await damka('perft', '--variant', 'dhamet', '--depth', '3', '--divide');
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(lines(r.stdout), ['d4-e5 1', '1']);
  const free = await damka(
    'perft',
    '--variant',
    'dhamet',
    '--option',
    'forcedOpening=false',
    '--depth',
    '1',
    '--divide',
  );
  assert.deepEqual(lines(free.stdout), ['d4-e5 1', 'e4-e5 1', 'f4-e5 1', '3']);
});
