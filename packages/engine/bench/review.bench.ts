/**
 * Review benchmark: the time `damka review` (and the web app's review) takes for a 60-move game
 * (120 plies) at the default depth, per variant. The games are Damka's self-play at level 4 from
 * seeded random openings, so every run reviews the same games.
 *
 * Run: `node --import tsx packages/engine/bench/review.bench.ts [variant...]`. It prints wall and
 * CPU seconds: on a loaded machine the CPU figure is the one to compare with the target.
 */
import { variantOrThrow } from '@damka/rules';
import { defaultReviewDepth, Engine, reviewGame, selfPlayPositions } from '../src/index.ts';

const ids = process.argv.slice(2);
for (const id of ids.length > 0 ? ids : ['english', 'international', 'russian', 'italian']) {
  const variant = variantOrThrow(id);
  // a game of at least 120 plies: the first seed whose self-play game lasts that long
  let positions = selfPlayPositions(variant, 1, 4, 120);
  for (let seed = 2; positions.length < 121 && seed < 50; seed++) {
    positions = selfPlayPositions(variant, seed, 4, 120);
  }
  const moves = positions.slice(1).map((after, i) => {
    const before = positions[i]!;
    return before.legalMoves().find((m) => before.play(m).fen === after.fen)!;
  });
  const depth =
    Number(process.env.REVIEW_DEPTH) || defaultReviewDepth(variant.topology.size, variant.id);
  const engine = new Engine(variant, { ttBits: 20, seed: 1 });
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const review = reviewGame(engine, positions, moves, depth);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const marks = review.plies.filter((p) => p.mark === 'mistake' || p.mark === 'blunder').length;
  console.log(
    `${id.padEnd(14)} ${moves.length} plies  depth ${depth}  ${seconds.toFixed(1)} s  ` +
      `(${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU)  ` +
      `(${marks} mistakes and blunders; accuracy ${review.sides[0].accuracy}% / ${review.sides[1].accuracy}%)`,
  );
}
