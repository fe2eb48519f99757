import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBench } from '../src/index.ts';

test('the bench node count is deterministic', () => {
  const a = runBench(undefined, undefined, -6);
  const b = runBench(undefined, undefined, -6);
  assert.ok(a.nodes > 1000);
  assert.deepEqual(
    a.lines.map((l) => [l.variant, l.nodes, l.move]),
    b.lines.map((l) => [l.variant, l.nodes, l.move]),
  );
});
