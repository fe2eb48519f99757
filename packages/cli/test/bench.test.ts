/**
 * `damka bench` as BENCHMARKS.md runs it: at the reference setting the node count is the
 * release's reference count before any speed is printed; with a depth change there is no
 * reference, and the speed is printed as measured.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BENCH_NODES } from '@damka/engine';
import { damka, lines } from './helpers.ts';

test('damka bench: the reference node count, then the speed', async () => {
  const r = await damka('bench', '--quiet');
  assert.equal(r.code, 0, r.stderr);
  const out = lines(r.stdout);
  assert.equal(out.length, 2);
  assert.equal(out[0], `total nodes ${BENCH_NODES}`);
  assert.match(out[1]!, /^nodes\/s \d+ \(\d+ ms\)$/);
});

test('damka bench --depth-delta: fewer nodes, no reference to check, a speed all the same', async () => {
  const r = await damka('bench', '--depth-delta', '-6');
  assert.equal(r.code, 0, r.stderr);
  const out = lines(r.stdout);
  assert.equal(out.length, 18, 'a line per position and two totals');
  const total = Number(/^total nodes (\d+)$/.exec(out[16]!)?.[1]);
  assert.ok(total > 0 && total < BENCH_NODES, String(total));
  assert.match(out[17]!, /^nodes\/s \d+/);
});
