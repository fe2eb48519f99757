/**
 * The level ladder: for a variant, level n+1 plays level n (n = 1…7) and level 1 plays the
 * biggest-capture player (a capture taking the most pieces when there is one, else a random move).
 * The targets: level n+1 scores at least 65% against level n, and level 1 loses at least half its
 * games against the biggest-capture player.
 *
 * Levels 1–7 are limited by their own depth (levels.ts), which a free core reaches well within
 * the time the web app gives them; level 8, limited by time in play, gets a node budget here
 * (`topNodes`; by default `TOP_NODES` of the variant: about what it searches in 0.5–0.8 s of one
 * core at the speed measured per variant — about 1.2–1.8 M nodes/s on the 8x8 boards and
 * Antidraughts, 0.8–1 M on International, Brazilian and Turkish, 0.33 M on Dhamet; on a heavily
 * loaded machine 1.0 M on Pool, 0.9 M on Killer and Canadian, 0.85 M on Breakthrough, 0.7 M on
 * Thai, 0.55 M on Frisian, 0.45 M on Frysk!). So ladder
 * games do not depend on the machine's load and can be repeated. Each pair plays balanced
 * openings with both colours through the match runner, judged by the variant's rules.
 *
 * Run: `node --import tsx packages/engine/bench/ladder.ts [games] [variant…]`, or `damka ladder`.
 */
import { fileURLToPath } from 'node:url';
import { variantOrThrow, type Move, type Variant } from '@damka/rules';
import { MAX_LEVEL, levelSettings } from '../src/levels.ts';
import {
  balancedOpenings,
  biggestCapturePlayer,
  damkaPlayer,
  eloEstimate,
  runMatch,
  type EloEstimate,
  type MatchGame,
  type MatchPlayer,
  type MatchTally,
} from '../src/match.ts';

/**
 * Level 8's default nodes per move in the ladder, per variant (others: `DEFAULT_TOP_NODES`):
 * about 0.5–0.8 s of one core at the speed the engine searched that variant at on this machine
 * (under load; a quiet core is faster, so level 8 in play gets at least this much).
 */
export const TOP_NODES: Readonly<Record<string, number>> = {
  international: 600_000,
  brazilian: 600_000,
  turkish: 600_000,
  antidraughts: 800_000,
  israeli: 800_000,
  dhamet: 250_000,
  frisian: 400_000,
  frysk: 400_000,
  killer: 600_000,
  breakthrough: 600_000,
  pool: 600_000,
  thai: 500_000,
  canadian: 600_000,
};
export const DEFAULT_TOP_NODES = 1_000_000;

/** Level 8's default node budget in the ladder for a variant. */
export function topNodesFor(variantId: string): number {
  return TOP_NODES[variantId] ?? DEFAULT_TOP_NODES;
}

export interface LadderOptions {
  readonly variant: Variant;
  /** Games per pair (default 20). */
  readonly games?: number;
  /** Level 8's nodes per move (default: `topNodesFor` the variant). */
  readonly topNodes?: number;
  /** Plies after which a game is drawn (default 300). */
  readonly maxPlies?: number;
  /** Only these pairs, by their upper level (0: level 1 against the biggest-capture player). */
  readonly uppers?: readonly number[];
  readonly seed?: number;
  readonly onRow?: (row: LadderRow) => void;
  /** After each game of a pair (its upper level as in `uppers`), with the pair's tally so far. */
  readonly onGame?: (upper: number, game: MatchGame, index: number, tally: MatchTally) => void;
}

export interface LadderRow {
  readonly variant: string;
  /** The stronger side's level (0 stands for the biggest-capture row, whose player is level 1). */
  readonly upper: number;
  readonly label: string;
  readonly games: number;
  /** From the side whose result the target is about (level n+1, or level 1 in the first row). */
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly score: number;
  readonly elo: EloEstimate;
  readonly target: string;
  readonly met: boolean;
  /** CPU seconds of this process for the pair. */
  readonly cpuSeconds: number;
}

/** The most plies `ladderOpenings` takes for its openings. */
export const MAX_LADDER_OPENING_PLIES = 6;

/**
 * `count` balanced openings (`balancedOpenings`, scored at depth 4) of the fewest plies from 2
 * that give that many different ones, up to `MAX_LADDER_OPENING_PLIES`. Levels 7 and 8 play
 * without noise, margin or book, so their pair plays the same game again from the same opening
 * and colour: an opening taken twice adds a copy, not a game. Where two plies give enough (most
 * variants at 20 games a pair), the openings are those of two plies as before.
 */
export function ladderOpenings(variant: Variant, count: number): Move[][] {
  for (let plies = 2; ; plies++) {
    const lines = balancedOpenings(variant, count, { depth: 4, plies });
    if (differentOpenings(lines) >= count || plies >= MAX_LADDER_OPENING_PLIES) return lines;
  }
}

/** How many of `lines` differ, move by move (a list that repeats holds copies of its lines). */
export function differentOpenings(lines: readonly (readonly Move[])[]): number {
  const key = (m: Move): string => `${m.from}-${m.to}:${m.captures.join(',')}`;
  return new Set(lines.map((line) => line.map(key).join(' '))).size;
}

/** Level `level` as a ladder player: its own depth, or `topNodes` per move for level 8. */
export function ladderPlayer(
  level: number,
  topNodes: number,
  seed: number,
  variantId?: string,
): MatchPlayer {
  const depth = levelSettings(level, variantId).depth;
  return damkaPlayer({
    level,
    // a generous time, so that only the depth (or the node budget) limits a level
    limits: depth === undefined ? { nodes: topNodes, moveTime: 20_000 } : { moveTime: 20_000 },
    seed,
    ttBits: 18,
    name: depth === undefined ? `level ${level} (${topNodes} nodes)` : `level ${level}`,
  });
}

/** Play the ladder of one variant, one row per pair. */
export async function runLadder(options: LadderOptions): Promise<LadderRow[]> {
  const { variant } = options;
  const games = options.games ?? 20;
  const topNodes = options.topNodes ?? topNodesFor(variant.id);
  const maxPlies = options.maxPlies ?? 300;
  const seed = options.seed ?? 1;
  const uppers = options.uppers ?? [0, 2, 3, 4, 5, 6, 7, 8].filter((n) => n <= MAX_LEVEL);
  const openings: Move[][] = ladderOpenings(variant, Math.ceil(games / 2));
  const rows: LadderRow[] = [];
  for (const upper of uppers) {
    const cpu0 = process.cpuUsage();
    const first = upper === 0;
    const player = first
      ? ladderPlayer(1, topNodes, seed, variant.id)
      : ladderPlayer(upper, topNodes, seed + upper * 1000, variant.id);
    const opponent = first
      ? biggestCapturePlayer(seed)
      : ladderPlayer(upper - 1, topNodes, seed + upper * 1000 + 500, variant.id);
    const report = await runMatch({
      variant,
      games,
      player,
      opponent,
      openings,
      maxPlies,
      event: `Ladder ${variant.id}`,
      ...(options.onGame ? { onGame: (g, i, t) => options.onGame?.(upper, g, i, t) } : {}),
    });
    const cpu = process.cpuUsage(cpu0);
    const row: LadderRow = {
      variant: variant.id,
      upper,
      label: first ? '1 vs biggest capture' : `${upper} vs ${upper - 1}`,
      games: report.played,
      wins: report.wins,
      draws: report.draws,
      losses: report.losses,
      score: report.score,
      elo: eloEstimate(report.games.map((g) => g.score)),
      target: first ? 'level 1 loses >= 50%' : '>= 65%',
      met: first ? report.losses >= report.played / 2 : report.score >= 0.65,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
    rows.push(row);
    options.onRow?.(row);
  }
  return rows;
}

/** The table header, and one Markdown row per pair. */
export const LADDER_HEADER =
  '| variant | pair | games | +win =draw −loss | score | Elo (95%) | target | met | CPU s |\n' +
  '| --- | --- | --: | --- | --: | --- | --- | --- | --: |';

export function ladderRowText(row: LadderRow): string {
  const e = (x: number) =>
    Number.isFinite(x) ? `${x > 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+∞' : '−∞';
  return (
    `| ${row.variant} | ${row.label} | ${row.games} | +${row.wins} =${row.draws} −${row.losses} ` +
    `| ${(row.score * 100).toFixed(1)}% | ${e(row.elo.elo)} (${e(row.elo.low)} to ${e(row.elo.high)}) ` +
    `| ${row.target} | ${row.met ? 'yes' : '**no**'} | ${row.cpuSeconds.toFixed(0)} |`
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [games = '20', ...ids] = process.argv.slice(2);
  console.log(LADDER_HEADER);
  // no top-level await: the damka command bundles this module as CommonJS (scripts/build.mjs)
  void (async () => {
    for (const id of ids.length > 0 ? ids : ['english', 'international', 'russian']) {
      await runLadder({
        variant: variantOrThrow(id),
        games: Number(games),
        onRow: (row) => console.log(ladderRowText(row)),
      });
    }
  })();
}
