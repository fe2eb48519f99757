/**
 * Fuzzing the three readers of user text — FEN (`parseFen`), move text (`parseMove`) and PDN
 * (`parsePdn`, then `replayGame`) — with 10,000 random and 10,000 mutated inputs each: none may
 * throw, none may take long, and every error must point inside the input it complains about.
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

const MOVE_ALPHABET = '0123456789abcdefghijxX:-+K ×!?';

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

const PDN_ALPHABET = '[]"{}();$!?%*/.-x:0123456789abcdefghKWB \n\t\\';

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
  const games = corpusGames();
  assert.ok(games.length >= 15);
  fc.assert(
    fc.property(fc.constantFrom(...games), edits(PDN_ALPHABET), (text, e) =>
      check(mutate(text, e)),
    ),
    { numRuns: RUNS },
  );
});
