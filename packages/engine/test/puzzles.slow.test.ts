/**
 * Every shipped puzzle, re-verified: each set file under packages/web/public/puzzles is read,
 * every puzzle's line replayed (every move legal, the solver's last), and its first move searched
 * again one ply deeper than the set's own depth, with a fresh table of the size `damka puzzles
 * build` re-checks with: the best move must still be the solution, win by 1.5 men or more, and
 * every other first move score 1.5 men less and no more than 0.6. A set verified with endgame
 * tables (its `egdb` piece count) is checked with them: those in the cache folder when complete,
 * else built here into a temporary folder.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { variantOrThrow, type Variant } from '@damka/rules';
import { Engine, verifyPuzzle, type EgdbProber } from '../src/index.ts';
import { buildEgdb, openEgdb } from '../src/egdb/files-node.ts';
import { parsePuzzleSet, puzzlesOf } from '../src/puzzles/set.ts';

const DIR = fileURLToPath(new URL('../../web/public/puzzles/', import.meta.url));
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));

/**
 * Tables of exactly up to `pieces` pieces, those the set was verified with: the cache's when
 * complete, else built into a temporary folder.
 */
function tables(variant: Variant, pieces: number): EgdbProber {
  const cached = openEgdb(variant, undefined, pieces);
  if (cached && cached.maxPieces === pieces) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'damka-puzzles-egdb-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  buildEgdb(variant, pieces, dir);
  const built = openEgdb(variant, dir);
  assert.ok(built && built.maxPieces >= pieces, `${variant.id}: tables of ${pieces} pieces`);
  return built;
}

test('puzzle sets are there', () => {
  assert.ok(files.length > 0);
});

for (const file of files) {
  test(`every puzzle of ${file} holds`, () => {
    const set = parsePuzzleSet(readFileSync(`${DIR}${file}`, 'utf8'));
    assert.ok(set.ok, file);
    assert.equal(`${set.value.variant}.json`, file);
    const variant = variantOrThrow(set.value.variant);
    const egdb = set.value.egdb !== undefined ? tables(variant, set.value.egdb) : undefined;
    const engine = new Engine(variant, { ttBits: 18, seed: 1, egdb: egdb ?? null });
    const ids = new Set<string>();
    const faults: string[] = [];
    for (const p of puzzlesOf(set.value)) {
      assert.ok(!ids.has(p.id), `duplicate id ${p.id}`);
      ids.add(p.id);
      assert.ok(p.rating >= 600 && p.rating <= 2600, `${p.id} rating ${p.rating}`);
      assert.ok(p.themes.length > 0, `${p.id} has themes`);
      const fault = verifyPuzzle(engine, p.fen, p.line, set.value.depth + 1, egdb);
      if (fault) faults.push(`${p.id}: ${fault}`);
    }
    assert.deepEqual(faults, []);
  });
}
