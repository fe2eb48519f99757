import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePdn } from '@damka/rules';
import { runRapidDraughtsMatch } from '../bench/match.ts';

test('a short match against rapid-draughts finishes with valid PDN', async () => {
  const report = await runRapidDraughtsMatch({
    games: 2,
    moveTime: 50,
    level: 8,
    opponentDepth: 3,
  });
  assert.equal(report.games.length, 2);
  assert.equal(report.wins + report.draws + report.losses, 2);
  const parsed = parsePdn(report.pdn);
  assert.equal(parsed.games.length, 2);
  assert.ok(parsed.games.every((g) => g.ok));
});
