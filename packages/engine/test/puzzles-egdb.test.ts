/**
 * Puzzles verified by the endgame tables: a position a table covers is scored by it exactly, so a
 * won ending holds as a puzzle where a shallow search alone cannot tell the winning move from the
 * others, and a wrong first move is refused by the tables' verdict.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Position, variantOrThrow } from '@damka/rules';
import { buildEgdb, openEgdb } from '../src/egdb/files-node.ts';
import { tableVerdict } from '../src/egdb/verdict.ts';
import { EGDB_WIN } from '../src/score.ts';
import { Engine, findPuzzle, scoreMoves, uniquenessFault, verifyPuzzle } from '../src/index.ts';

const english = variantOrThrow('english');
const dir = mkdtempSync(join(tmpdir(), 'damka-puzzles-egdb-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
buildEgdb(english, 2, dir);
const egdb = openEgdb(english, dir)!;

// a lone king trapped against the edge: only 6-10 wins (the same as puzzles.test.ts)
const TRAP = 'W:WK6:BK12';

test('the tables score every first move of a covered position exactly', () => {
  const p = Position.fromFen(english, TRAP);
  assert.ok(p.ok);
  const engine = new Engine(english, { ttBits: 14, seed: 1, egdb });
  const scored = scoreMoves(engine, p.value, { depth: 2, egdb });
  assert.equal(scored.length, p.value.legalMoves().length);
  for (const s of scored) {
    assert.equal(s.exact, true);
    const verdict = tableVerdict(egdb, p.value.play(s.move));
    assert.ok(verdict);
    const expected =
      verdict.winner === null ? 0 : verdict.winner === 'white' ? EGDB_WIN : -EGDB_WIN;
    assert.equal(s.score, expected);
  }
  assert.equal(scored[0]!.score, EGDB_WIN);
  assert.ok(scored.slice(1).every((s) => s.score <= 0));
  assert.equal(uniquenessFault(scored), undefined);
});

test('a won ending found and verified by the tables at a depth where search alone is not sure', () => {
  const p = Position.fromFen(english, TRAP);
  assert.ok(p.ok);
  const alone = new Engine(english, { ttBits: 14, seed: 1 });
  const withTables = new Engine(english, { ttBits: 14, seed: 1, egdb });
  const found = findPuzzle(withTables, p.value, { depth: 6, egdb });
  assert.ok(found);
  assert.equal(found.byTables, true);
  assert.equal(found.line[0], '6-10');
  assert.ok(found.themes.includes('forced-win'));
  assert.equal(verifyPuzzle(withTables, TRAP, found.line, 7, egdb), undefined);
  // a wrong first move is refused by the tables' verdict, whatever the depth
  assert.match(verifyPuzzle(withTables, TRAP, ['6-1'], 3, egdb) ?? '', /prefers another/);
  // search alone at the same shallow depth does not see the win
  assert.match(verifyPuzzle(alone, TRAP, found.line, 3) ?? '', /below|alternative|prefers/);
  assert.equal(verifyPuzzle(withTables, TRAP, found.line, 3, egdb), undefined);
});
