/**
 * Review benchmark: the time `damka review` (and the web app's review) takes for a 60-move game
 * (120 plies) at the default depth, per variant. The games are Damka's self-play at level 4 from
 * seeded random openings, so every run reviews the same games.
 *
 * Run: `node --import tsx packages/engine/bench/review.bench.ts [variant...]`. It prints wall and
 * CPU seconds: on a loaded machine the CPU figure is the one to compare with the target. A time is
 * printed only when the review searched the reference number of nodes (`REVIEW_NODES`): otherwise
 * the game, the depth or the search differ from those the recorded times measured, and the run
 * fails (a commit that changes the search updates the table and says why).
 */
import { variantOrThrow } from '@damka/rules';
import { defaultReviewDepth, Engine, reviewGame, selfPlayPositions } from '../src/index.ts';

/** Nodes the review of each variant's game searches, at its default depth. */
const REVIEW_NODES: Readonly<Record<string, number>> = {
  international: 2_936_088,
  english: 804_808,
  brazilian: 3_425_034,
  russian: 3_167_458,
  'arab-dama': 804_808,
  spanish: 2_087_643,
  portuguese: 2_087_643,
  italian: 2_113_483,
  czech: 3_405_235,
  turkish: 4_482_787,
  antidraughts: 1_742_156,
  giveaway: 2_695_425,
  israeli: 3_285_687,
  'israeli-6x6': 334_513,
  dhamet: 351_567,
  frisian: 1_563_305,
  frysk: 609_208,
  killer: 1_568_808,
  breakthrough: 3_183_770,
  pool: 3_302_540,
  thai: 3_206_875,
  canadian: 6_349_415,
};

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
  if (review.nodes !== REVIEW_NODES[id] && !process.env.REVIEW_DEPTH) {
    console.error(
      `${id.padEnd(14)} ${review.nodes} nodes, not the reference ${REVIEW_NODES[id] ?? '(none)'}: ` +
        'the review is not the one the recorded times measured, so no time is reported',
    );
    process.exitCode = 1;
    continue;
  }
  console.log(
    `${id.padEnd(14)} ${moves.length} plies  depth ${depth}  ${review.nodes} nodes  ${seconds.toFixed(1)} s  ` +
      `(${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU)  ` +
      `(${marks} mistakes and blunders; accuracy ${review.sides[0].accuracy}% / ${review.sides[1].accuracy}%)`,
  );
}
