import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import { Engine, levelSettings } from '../src/index.ts';
import { damkaPlayer, runMatch } from '../src/match.ts';
import { randomPositions } from './helpers.ts';

test('every level returns a legal move', () => {
  for (const id of ['english', 'international', 'russian', 'turkish', 'dhamet', 'giveaway']) {
    const variant = variantOrThrow(id);
    const positions = randomPositions(variant, 8, 21, 60);
    for (let level = 1; level <= 8; level++) {
      const engine = new Engine(variant, { ttBits: 14, seed: level });
      for (const { position, history } of positions) {
        const legal = position.legalMoves();
        const r = engine.search(position, {
          level,
          history,
          limits: { nodes: 20_000, moveTime: 500 },
        });
        if (legal.length === 0) assert.equal(r.move, undefined);
        else assert.ok(r.move && legal.includes(r.move), `${id} level ${level} ${position.fen}`);
      }
    }
  }
});

test('from level 3 a chosen move is never a man worse than the best at its depth', () => {
  const variant = variantOrThrow('english');
  let checked = 0;
  for (const { position, history } of randomPositions(variant, 40, 33, 50)) {
    const legal = position.legalMoves();
    if (legal.length < 2) continue;
    for (const level of [3, 4, 5]) {
      // the referee: the same depth, no noise, every root move scored exactly
      const depth = levelSettings(level).depth!;
      const referee = new Engine(variant, { ttBits: 16 });
      const best = referee.search(position, { limits: { depth }, history });
      // only undecided positions: in a lost one every move loses
      if (Math.abs(best.score) > 300) continue;
      const engine = new Engine(variant, { ttBits: 14, seed: 100 + level + checked });
      const chosen = engine.search(position, { level, history });
      const after = position.play(chosen.move!);
      const reply = referee.search(after, {
        limits: { depth: depth - 1 },
        history: [...history, position],
        analysis: true,
      });
      const score = -reply.score;
      assert.ok(
        best.score - score < 100,
        `level ${level} ${position.fen}: ${score} vs ${best.score}`,
      );
    }
    checked++;
  }
  assert.ok(checked > 20, `checked ${checked}`);
});

test('levels get stronger: depth grows and noise shrinks', () => {
  for (let level = 2; level <= 8; level++) {
    const lower = levelSettings(level - 1);
    const upper = levelSettings(level);
    assert.ok((upper.depth ?? Infinity) > (lower.depth ?? Infinity) - 0.5);
    assert.ok(upper.noise <= lower.noise && upper.margin <= lower.margin);
  }
  assert.equal(levelSettings(8).noise, 0);
  assert.equal(levelSettings(99), levelSettings(8));
  assert.equal(levelSettings(-3), levelSettings(1));
});

test('level 8 does not lose to level 1 (two short games, both colours)', async () => {
  const variant = variantOrThrow('english');
  const report = await runMatch({
    variant,
    games: 2,
    player: damkaPlayer({ level: 8, limits: { depth: 4 }, seed: 3 }),
    opponent: damkaPlayer({ level: 1, seed: 4 }),
    openings: [[]],
    maxPlies: 200,
  });
  assert.equal(report.played, 2);
  assert.equal(report.losses, 0, report.games.map((g) => g.reason).join('; '));
});

test('level 1 plays any legal move: every first move of the start is seen', () => {
  const variant = variantOrThrow('international');
  const start = Position.start(variant);
  const engine = new Engine(variant, { ttBits: 12, seed: 9 });
  const seen = new Set<string>();
  for (let i = 0; i < 120; i++) {
    const move = engine.search(start, { level: 1 }).move!;
    seen.add(`${move.from}-${move.to}`);
  }
  assert.equal(seen.size, start.legalMoves().length);
});
