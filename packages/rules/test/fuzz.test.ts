/**
 * Fuzzing the three readers of user text — FEN (`parseFen`), move text (`parseMove`) and PDN
 * (`parsePdn`, then `replayGame`, real files' dialects among the texts mutated) — with 10,000
 * random and 10,000 mutated inputs each: none may throw, none may take long, and every error must
 * point inside the input it complains about. File bytes (`decodePdn`) are fuzzed too: any bytes
 * decode, and a U+FFFD appears only where the bytes spell one in UTF-8.
 *
 * Inputs are kept short (a few hundred characters) so the whole file runs in well under a minute;
 * length limits themselves are tested where they are defined.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import {
  Position,
  VARIANTS,
  parseFen,
  decodePdn,
  parsePdn,
  replayGame,
  variantOrThrow,
  type Variant,
} from '../src/index.ts';
import { formatMove, parseMove, sameMove } from '../src/notation/moves.ts';

const RUNS = 10_000;
/** Longest a single call may take; far above the normal (well under a millisecond). */
const MAX_CALL_MS = 1_000;

const variants: Variant[] = VARIANTS.map((r) => variantOrThrow(r.id));

/** Apply edits (insert, delete or replace one character) to a text. */
type Edit = { at: number; op: 'insert' | 'delete' | 'replace'; char: string };
function mutate(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    if (e.op === 'insert') out = out.slice(0, at) + e.char + out.slice(at);
    else if (e.op === 'delete') out = out.slice(0, at) + out.slice(at + 1);
    else out = out.slice(0, at) + e.char + out.slice(at + 1);
  }
  return out;
}

function edits(alphabet: string): fc.Arbitrary<Edit[]> {
  return fc.array(
    fc.record({
      at: fc.nat({ max: 10_000 }),
      op: fc.constantFrom('insert' as const, 'delete' as const, 'replace' as const),
      char: fc.oneof(
        fc.constantFrom(...alphabet.split('')),
        fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
      ),
    }),
    { minLength: 1, maxLength: 6 },
  );
}

function fromAlphabet(alphabet: string, maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...alphabet.split('')), { maxLength })
    .map((chars) => chars.join(''));
}

function timed<T>(f: () => T): T {
  const start = performance.now();
  const value = f();
  const ms = performance.now() - start;
  assert.ok(ms < MAX_CALL_MS, `took ${ms.toFixed(0)} ms`);
  return value;
}

// ---------------------------------------------------------------- FEN

const FEN_ALPHABET = 'WBKQwbkq0123456789abcdefghij:,-. "HF\t';

test(`parseFen: ${RUNS} random and ${RUNS} mutated inputs`, () => {
  const check = (variant: Variant, text: string) => {
    const result = timed(() => parseFen(variant, text));
    if (!result.ok) {
      assert.ok(
        result.error.at >= 0 && result.error.at <= text.length,
        `at ${result.error.at} of ${text.length}`,
      );
      assert.equal(typeof result.error.message, 'string');
    } else {
      assert.equal(result.value.board.length, variant.topology.size);
      timed(() => Position.fromSetup(variant, result.value)); // must not throw either
    }
  };
  const variant = fc.constantFrom(...variants);
  fc.assert(
    fc.property(
      variant,
      fc.oneof(fromAlphabet(FEN_ALPHABET, 60), fc.string({ maxLength: 60 })),
      check,
    ),
    { numRuns: RUNS },
  );
  fc.assert(
    fc.property(variant, edits(FEN_ALPHABET), (v, e) => check(v, mutate(v.rules.startFen, e))),
    { numRuns: RUNS },
  );
});

// ---------------------------------------------------------------- move text

/** A few positions per variant: the start and two after random legal plies (fixed seed). */
function samplePositions(): Position[] {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const out: Position[] = [];
  for (const variant of variants) {
    let p = Position.start(variant);
    out.push(p);
    for (let ply = 0; ply < 30; ply++) {
      const moves = p.legalMoves();
      if (moves.length === 0) break;
      p = p.play(moves[Math.floor(random() * moves.length)]!);
      if (ply === 14 || ply === 29) out.push(p);
    }
  }
  return out;
}

const MOVE_ALPHABET = '0123456789abcdefghijxX:-+K ×!?\t';

test(`parseMove: ${RUNS} random and ${RUNS} mutated inputs`, () => {
  const positions = samplePositions();
  const check = (position: Position, text: string) => {
    const result = timed(() => parseMove(position, text));
    if (!result.ok) {
      assert.ok(
        result.error.at >= 0 && result.error.at <= text.length,
        `at ${result.error.at} of ${text.length}`,
      );
    } else {
      assert.ok(
        position.legalMoves().some((m) => sameMove(m, result.value)),
        'an accepted move is legal',
      );
    }
  };
  const position = fc.constantFrom(...positions);
  fc.assert(
    fc.property(
      position,
      fc.oneof(fromAlphabet(MOVE_ALPHABET, 24), fc.string({ maxLength: 24 })),
      check,
    ),
    { numRuns: RUNS },
  );
  const legalText = position.chain((p) => {
    const moves = p.legalMoves();
    if (moves.length === 0) return fc.constant({ p, text: '' });
    return fc
      .tuple(fc.constantFrom(...moves), fc.boolean())
      .map(([m, full]) => ({ p, text: formatMove(p, m, { full }) }));
  });
  fc.assert(
    fc.property(legalText, edits(MOVE_ALPHABET), ({ p, text }, e) => check(p, mutate(text, e))),
    { numRuns: RUNS },
  );
});

// ---------------------------------------------------------------- PDN

const PDN_ALPHABET = '[]"{}();$!?%*/.-x:0123456789abcdefghKWB \n\t\\×–½';

/** Real files' dialects, mutated like the corpus games (see pdn-dialects.test.ts). */
const DIALECTS = [
  '[GameType "20"]\n1. 32 -28 19- 23 2. 28 x 19 14x 23 *',
  '[GameType "21"]\n1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 0-1',
  '[GameType "29"]\n[FEN "W:WKa1,h2:Bc3,f6,a7"]\n1. a1xe5xh8 a7-b6 *',
  '[FEN "?:W29,13,11:B22,4,2"]\n1... 22-27 *',
  '1.32-28!? 19-23(!?!!!) 2.28x19 (?) 14x23 $3 *',
  '[GameType "25"]\n1.a3b4 f6g5 *',
  '[\nEvent\n "split"\n]\n[Round "11.1]\n1. 32-28 *',
  '[FEN "W:W7:B11,12,21,22,32,33,34,43,44"]\n1. 7x38 22-28 *',
  '[GameType "20,W,10,10,N1,0"]\n1. 32-28 19-23 2. 28x19 14x23 *',
  '[GameType "25"]\n[Result "1/2:1/2"]\n1. ed4 dc5 2. fe3 cd6 3. cb4 ba5 4. db6 ac7 1/2:1/2',
];

/** The games of the corpus, one text each, to mutate. */
function corpusGames(): string[] {
  const out: string[] = [];
  for (const file of ['international.pdn', 'english.pdn', 'russian.pdn', 'variants.pdn']) {
    const text = readFileSync(new URL(`./data/pdn/${file}`, import.meta.url), 'utf8');
    for (const chunk of text.split(/\n(?=\[Event )/)) if (chunk.includes('[Event')) out.push(chunk);
  }
  return out;
}

/** 1-based line and column of an offset, counted independently of the reader. */
function lineColumn(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return [line, offset - (before.lastIndexOf('\n') + 1) + 1];
}

test(`parsePdn and replayGame: ${RUNS} random and ${RUNS} mutated inputs`, () => {
  const check = (text: string) => {
    const { games } = timed(() => parsePdn(text));
    for (const game of games) {
      if (!game.ok) {
        const { offset, line, column } = game.error;
        assert.ok(offset >= 0 && offset <= text.length, `offset ${offset} of ${text.length}`);
        assert.deepEqual([line, column], lineColumn(text, offset));
        const shown = game.error.text.replace(/…$/, '');
        assert.ok(
          text.startsWith(shown, offset),
          `error text '${game.error.text}' is at ${offset}`,
        );
        continue;
      }
      const replay = timed(() => replayGame(game.value));
      if (!replay.ok && replay.error.kind === 'move') {
        const { line, column, text: written } = replay.error;
        assert.ok(line !== undefined && column !== undefined);
        const lines = text.split('\n');
        assert.ok(line >= 1 && line <= lines.length);
        assert.ok(
          lines[line - 1]!.startsWith(written!, column - 1),
          `'${written}' at ${line}:${column}`,
        );
      }
    }
  };
  fc.assert(
    fc.property(fc.oneof(fromAlphabet(PDN_ALPHABET, 200), fc.string({ maxLength: 200 })), check),
    { numRuns: RUNS },
  );
  const games = [...corpusGames(), ...DIALECTS];
  assert.ok(games.length >= 25);
  fc.assert(
    fc.property(fc.constantFrom(...games), edits(PDN_ALPHABET), (text, e) =>
      check(mutate(text, e)),
    ),
    { numRuns: RUNS },
  );
});

test(`decodePdn: ${RUNS} random byte strings decode without U+FFFD, and read safely`, () => {
  const FFFD = [0xef, 0xbf, 0xbd];
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 120 }), fc.boolean(), (raw, bom) => {
      const bytes = bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...raw]) : raw;
      const { text } = timed(() => decodePdn(bytes));
      const spelled = raw.some((_, i) => FFFD.every((b, k) => raw[i + k] === b));
      if (!spelled) assert.ok(!text.includes('\ufffd'), `U+FFFD from ${[...bytes].join(',')}`);
      timed(() => parsePdn(text));
    }),
    { numRuns: RUNS },
  );
});
