/**
 * The games of a PDN text for the PDN tests, failing the test on the first syntax error: the tests
 * that read hand-written games share this one reader so each states only what it checks.
 */
import assert from 'node:assert/strict';
import { parsePdn, type PdnGame } from '../src/index.ts';

/** The games of a text, failing the test on any error. */
export function games(text: string): PdnGame[] {
  return parsePdn(text).games.map((g, i) => {
    if (!g.ok) assert.fail(`game ${i + 1}: ${JSON.stringify(g.error)}`);
    return g.value;
  });
}
