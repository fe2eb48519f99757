/**
 * A match on English draughts between Damka and rapid-draughts' alpha-beta computer (MIT, the
 * setting of its README: maxDepth 7): N games over balanced two-ply openings, colours alternating,
 * adjudicated by a simple draw rule (threefold repetition, or 40 moves each without a capture or a
 * man move, or 200 moves in all). Prints the score and an Elo difference with its 95% margin and
 * returns the games as PDN.
 *
 * Run: `node --import tsx packages/engine/bench/match.ts [games] [ms-per-move] [level]`, or
 * `damka match`.
 */
import { fileURLToPath } from 'node:url';
import {
  Position,
  formatMove,
  variantOrThrow,
  writePdn,
  type Move,
  type PdnGame,
  type PdnResult,
} from '@damka/rules';
import * as rapidEnglish from 'rapid-draughts/english';
import { Engine } from '../src/index.ts';

export interface MatchOptions {
  readonly games: number;
  /** Damka's milliseconds per move. */
  readonly moveTime: number;
  readonly level: number;
  /** rapid-draughts' alpha-beta depth (its README uses 7). */
  readonly opponentDepth: number;
  readonly onGame?: (game: MatchGame, index: number) => void;
}

export interface MatchGame {
  readonly opening: string;
  readonly damkaColor: 'white' | 'black';
  /** 1 Damka won, 0.5 draw, 0 Damka lost. */
  readonly score: number;
  readonly reason: string;
  readonly pdn: PdnGame;
}

export interface MatchReport {
  readonly games: readonly MatchGame[];
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Damka's score fraction. */
  readonly score: number;
  readonly elo: EloEstimate;
  readonly pdn: string;
}

export interface EloEstimate {
  /** Elo difference (Damka minus opponent); ±Infinity for a clean sweep. */
  readonly elo: number;
  /** 95% interval bounds. */
  readonly low: number;
  readonly high: number;
}

/** Elo from a score fraction. */
export function eloOf(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return -400 * Math.log10(1 / score - 1) + 0;
}

/** Elo difference and 95% interval from per-game results (1, 0.5, 0). */
export function eloEstimate(results: readonly number[]): EloEstimate {
  const n = results.length;
  const mean = results.reduce((a, b) => a + b, 0) / n;
  const variance = results.reduce((a, x) => a + (x - mean) ** 2, 0) / n;
  const z = 1.96;
  if (mean === 1 || mean === 0) {
    // a clean sweep has no spread to measure: use the Wilson bound of n results out of n
    const bound = n / (n + z * z);
    return mean === 1
      ? { elo: Infinity, low: eloOf(bound), high: Infinity }
      : { elo: -Infinity, low: -Infinity, high: eloOf(1 - bound) };
  }
  const se = Math.sqrt(variance / n);
  return {
    elo: eloOf(mean),
    low: eloOf(Math.max(0, mean - z * se)),
    high: eloOf(Math.min(1, mean + z * se)),
  };
}

/** The part of rapid-draughts' API used here (its bundled .d.ts does not resolve under NodeNext). */
interface RapidMove {
  readonly origin: number;
  readonly destination: number;
  readonly captures: readonly number[];
}
interface RapidGame {
  readonly moves: readonly RapidMove[];
  readonly status: string;
  move(move: RapidMove): void;
}
interface RapidEnglish {
  EnglishDraughts: { setup(): RapidGame };
  EnglishDraughtsComputerFactory: {
    alphaBeta(options: { maxDepth: number }): (game: RapidGame) => Promise<RapidMove | undefined>;
  };
}
const { EnglishDraughts, EnglishDraughtsComputerFactory: ComputerFactory } =
  rapidEnglish as unknown as RapidEnglish;

const variant = variantOrThrow('english');

/** Two-ply openings from the start, in generation order, each as a list of moves. */
function openings(): Move[][] {
  const start = Position.start(variant);
  const out: Move[][] = [];
  for (const a of start.legalMoves()) {
    const p = start.play(a);
    for (const b of p.legalMoves()) out.push([a, b]);
  }
  return out;
}

/** Openings whose position a short Damka search scores as level (|score| <= 30). */
function balancedOpenings(count: number): Move[][] {
  const engine = new Engine(variant, { ttBits: 16 });
  const out: Move[][] = [];
  for (const line of openings()) {
    let p = Position.start(variant);
    for (const m of line) p = p.play(m);
    const r = engine.search(p, { limits: { depth: 9 } });
    if (Math.abs(r.score) <= 30) out.push(line);
    if (out.length >= count) break;
  }
  return out;
}

/** rapid-draughts numbers the 32 squares 0–31 in English order: Damka's square name is n + 1. */
function toRapid(move: Move): { origin: number; destination: number; captures: number[] } {
  const n = (sq: number) => Number(variant.squares.names[sq]) - 1;
  return { origin: n(move.from), destination: n(move.to), captures: move.captures.map(n) };
}

function fromRapid(
  position: Position,
  m: {
    readonly origin: number;
    readonly destination: number;
    readonly captures: readonly number[];
  },
): Move {
  const sq = (n: number) => variant.squares.parse(String(n + 1));
  const want = [...m.captures]
    .map(sq)
    .sort((a, b) => a - b)
    .join(',');
  const found = position
    .legalMoves()
    .find(
      (x) =>
        x.from === sq(m.origin) &&
        x.to === sq(m.destination) &&
        [...x.captures].sort((a, b) => a - b).join(',') === want,
    );
  if (!found)
    throw new Error(`rapid-draughts move ${JSON.stringify(m)} is not legal in ${position.fen}`);
  return found;
}

async function playGame(
  line: Move[],
  damkaColor: 'white' | 'black',
  options: MatchOptions,
  round: number,
): Promise<MatchGame> {
  const engine = new Engine(variant, { seed: round });
  const opponent = ComputerFactory.alphaBeta({ maxDepth: options.opponentDepth });
  const rapid = EnglishDraughts.setup();
  let position = Position.start(variant);
  const history: Position[] = [];
  const texts: string[] = [];
  const play = (move: Move) => {
    const r = toRapid(move);
    const rm = rapid.moves.find(
      (x) =>
        x.origin === r.origin &&
        x.destination === r.destination &&
        [...x.captures].sort((a, b) => a - b).join(',') ===
          [...r.captures].sort((a, b) => a - b).join(','),
    );
    if (!rm) throw new Error(`Damka move ${formatMove(position, move)} unknown to rapid-draughts`);
    texts.push(formatMove(position, move));
    rapid.move(rm);
    history.push(position);
    position = position.play(move);
  };
  for (const m of line)
    play(position.legalMoves().find((x) => x.from === m.from && x.to === m.to)!);
  let score = 0.5;
  let reason: string;
  let quiet = 0;
  for (;;) {
    const legal = position.legalMoves();
    if (legal.length === 0) {
      score = position.turn === damkaColor ? 0 : 1;
      reason = `${position.turn} cannot move`;
      break;
    }
    const repeats = history.filter((p) => p.fen === position.fen).length;
    if (repeats >= 2) {
      reason = 'threefold repetition';
      break;
    }
    if (quiet >= 80) {
      reason = '40 moves each without a capture or a man move';
      break;
    }
    if (history.length >= 400) {
      reason = '200 moves';
      break;
    }
    let move: Move;
    if (position.turn === damkaColor) {
      const r = engine.search(position, {
        level: options.level,
        limits: { moveTime: options.moveTime },
        history,
      });
      move = r.move!;
    } else {
      const m = await opponent(rapid);
      if (!m) throw new Error('rapid-draughts gave no move');
      move = fromRapid(position, m);
    }
    quiet = move.kind === 'capture' || move.moved.role === 'man' ? 0 : quiet + 1;
    play(move);
    // rapid-draughts keeps its own draw counters; the rule above decides, so a game it calls
    // drawn early is played on while its move list is still available
    if (
      rapid.status !== 'playing' &&
      rapid.moves.length === 0 &&
      position.legalMoves().length > 0
    ) {
      reason = 'rapid-draughts ended the game';
      break;
    }
  }
  const damkaName = `Damka level ${options.level}, ${options.moveTime} ms/move`;
  const rapidName = `rapid-draughts 1.0.6 alpha-beta depth ${options.opponentDepth}`;
  const whiteWon = score === 0.5 ? undefined : (score === 1) === (damkaColor === 'white');
  const result: PdnResult = whiteWon === undefined ? '1/2-1/2' : whiteWon ? '1-0' : '0-1';
  const tags = new Map<string, string>([
    ['Event', 'Damka vs rapid-draughts'],
    ['Round', String(round)],
    ['White', damkaColor === 'white' ? damkaName : rapidName],
    ['Black', damkaColor === 'black' ? damkaName : rapidName],
    ['Result', result],
    ['GameType', '21'],
    ['Termination', reason],
  ]);
  const pdn: PdnGame = {
    tags,
    moves: {
      comments: [],
      moves: texts.map((text) => ({ text, nags: [], comments: [], variations: [] })),
    },
    result,
    startNumber: 1,
  };
  return { opening: texts.slice(0, line.length).join(' '), damkaColor, score, reason, pdn };
}

/** Play the match. */
export async function runMatch(options: MatchOptions): Promise<MatchReport> {
  const lines = balancedOpenings(Math.ceil(options.games / 2));
  const games: MatchGame[] = [];
  for (let i = 0; i < options.games; i++) {
    const line = lines[Math.floor(i / 2) % lines.length]!;
    const color = i % 2 === 0 ? 'white' : 'black';
    const g = await playGame(line, color, options, i + 1);
    games.push(g);
    options.onGame?.(g, i);
  }
  const results = games.map((g) => g.score);
  const wins = results.filter((s) => s === 1).length;
  const losses = results.filter((s) => s === 0).length;
  return {
    games,
    wins,
    draws: games.length - wins - losses,
    losses,
    score: results.reduce((a, b) => a + b, 0) / games.length,
    elo: eloEstimate(results),
    pdn: writePdn(games.map((g) => g.pdn)),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [games = '40', ms = '200', level = '8'] = process.argv.slice(2);
  const report = await runMatch({
    games: Number(games),
    moveTime: Number(ms),
    level: Number(level),
    opponentDepth: 7,
    onGame: (g, i) =>
      console.log(
        `game ${i + 1}: Damka ${g.damkaColor}, opening ${g.opening}: ${g.score} (${g.reason})`,
      ),
  });
  console.log(
    `Damka +${report.wins} =${report.draws} -${report.losses}: ${(report.score * 100).toFixed(1)}%`,
  );
  console.log(
    `Elo ${report.elo.elo.toFixed(0)} (95%: ${report.elo.low.toFixed(0)} to ${report.elo.high.toFixed(0)})`,
  );
}
