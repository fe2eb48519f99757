/**
 * Perft smoke check for the move generator: start-position counts of every rule family, quick
 * enough (a few seconds) to run after each change to the generator. Exits non-zero on a mismatch.
 *
 * Run: `node --import tsx packages/rules/bench/smoke.ts`
 */
import { Position, perft, variantOrThrow, type Options } from '../src/index.ts';

interface Case {
  readonly variant: string;
  readonly options?: Options;
  readonly fen?: string;
  readonly duplicates: 'keep' | 'drop';
  /** Expected leaves by depth; `null` skips a depth (too slow for a smoke run). */
  readonly counts: ReadonlyArray<number | null>;
}

const cases: Case[] = [
  { variant: 'international', duplicates: 'drop', counts: [9, 81, 658, 4265, 27117, 167140] },
  {
    variant: 'english',
    duplicates: 'keep',
    counts: [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
  },
  {
    variant: 'russian',
    duplicates: 'keep',
    counts: [7, 49, 302, 1469, 7482, 37986, 190146, 929905],
  },
  {
    variant: 'brazilian',
    duplicates: 'keep',
    counts: [7, 49, 302, 1469, 7473, 37628, 187302, 907836],
  },
  {
    variant: 'czech',
    duplicates: 'keep',
    counts: [null, null, null, null, null, null, null, 845931, 3963671],
  },
  {
    variant: 'spanish',
    duplicates: 'keep',
    counts: [null, null, null, null, null, 36473, 177532, 828783, 3860866],
  },
  {
    variant: 'italian',
    duplicates: 'keep',
    counts: [null, null, null, null, null, 36473, 177532, 828783, 3860875],
  },
  { variant: 'turkish', duplicates: 'drop', counts: [8, 64, 708, 7538, 85090] },
  {
    variant: 'dhamet',
    options: { forcedOpening: false },
    duplicates: 'keep',
    counts: [3, 5, 7, 14, 56, 130, 381, 1351],
  },
  {
    variant: 'dhamet',
    options: { forcedOpening: false },
    duplicates: 'drop',
    counts: [null, null, null, null, null, 118, 327, 1115],
  },
  {
    variant: 'israeli-6x6',
    duplicates: 'drop',
    counts: [5, 25, 106, 369, 1301, 4214, 12923, 39306],
  },
  {
    variant: 'international',
    fen: 'W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38',
    duplicates: 'drop',
    counts: [6, 12, 30, 73, 215, 590, 1944, 6269, 22369],
  },
];

let failures = 0;
const started = performance.now();
for (const c of cases) {
  const variant = variantOrThrow(c.variant, c.options ?? {});
  const position = c.fen === undefined ? Position.start(variant) : fenPosition(variant, c.fen);
  const got: string[] = [];
  for (let depth = 1; depth <= c.counts.length; depth++) {
    const want = c.counts[depth - 1];
    if (want === null || want === undefined) continue;
    const n = perft(position, depth, { duplicates: c.duplicates });
    got.push(`d${depth}=${n}`);
    if (n !== want) {
      failures++;
      console.error(
        `MISMATCH ${c.variant} ${c.fen ?? 'start'} ${c.duplicates} d${depth}: ${n} != ${want}`,
      );
    }
  }
  console.log(
    `${c.variant}${c.fen ? ' ' + c.fen.slice(0, 12) + '…' : ''} ${c.duplicates}: ${got.join(' ')}`,
  );
}
console.log(
  `${failures === 0 ? 'ok' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures === 0 ? 0 : 1);

function fenPosition(variant: ReturnType<typeof variantOrThrow>, fen: string): Position {
  const p = Position.fromFen(variant, fen);
  if (!p.ok) throw new Error(`bad FEN ${fen}: ${p.error.message}`);
  return p.value;
}
