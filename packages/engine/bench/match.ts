/**
 * Match tooling: the generic match runner of `src/match.ts` (Damka, external Hub engines, the
 * biggest-capture player), the level ladder of `ladder.ts`, plus rapid-draughts' English alpha-beta computer (MIT, a
 * devDependency of this tooling only, loaded on first use) as an opponent for English draughts.
 *
 * Run: `node --import tsx packages/engine/bench/match.ts [games] [ms-per-move] [level]` plays
 * Damka against rapid-draughts at its README setting (maxDepth 7), or use `damka match`.
 */
import { fileURLToPath } from 'node:url';
import { variantOrThrow, type Move } from '@damka/rules';
import {
  DrawClaim,
  damkaPlayer,
  formatScore,
  progressBar,
  runMatch,
  type MatchPlayer,
  type MatchReport,
} from '../src/match.ts';

export * from '../src/match.ts';
export * from './ladder.ts';
export { parseWeightOverrides } from '../src/weights.ts';

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

const english = variantOrThrow('english');

/** rapid-draughts numbers the 32 squares 0–31 in English order: Damka's square name is n + 1. */
function rapidSquare(sq: number): number {
  return Number(english.squares.names[sq]) - 1;
}

function sameRapidMove(a: RapidMove, b: RapidMove): boolean {
  const key = (m: RapidMove) => [...m.captures].sort((x, y) => x - y).join(',');
  return a.origin === b.origin && a.destination === b.destination && key(a) === key(b);
}

function toRapid(move: Move): RapidMove {
  return {
    origin: rapidSquare(move.from),
    destination: rapidSquare(move.to),
    captures: move.captures.map(rapidSquare),
  };
}

/**
 * rapid-draughts' alpha-beta computer at `depth` (English only). Its game is rebuilt from the
 * moves each turn. The game is judged by English's rules (a draw after 40 moves each without a
 * capture or a man move), not by rapid-draughts' own shorter count (20 moves each), which only
 * sets its status: while it still lists moves it plays on. It claims a draw only when it lists
 * no move where Damka's rules have one.
 */
export function rapidDraughtsPlayer(depth = 7): MatchPlayer {
  let api: RapidEnglish | undefined;
  return {
    name: `rapid-draughts 1.0.6 alpha-beta depth ${depth}`,
    async move(turn) {
      if (turn.position.variant.id !== 'english') throw new Error('rapid-draughts plays English');
      api ??= (await import('rapid-draughts/english')) as unknown as RapidEnglish;
      const game = api.EnglishDraughts.setup();
      for (const move of turn.moves) {
        const wanted = toRapid(move);
        const found = game.moves.find((m) => sameRapidMove(m, wanted));
        if (!found) throw new Error(`move ${move.from}-${move.to} unknown to rapid-draughts`);
        game.move(found);
      }
      if (game.moves.length === 0) {
        throw new DrawClaim(`its rules ended the game (${game.status})`);
      }
      const computer = api.EnglishDraughtsComputerFactory.alphaBeta({ maxDepth: depth });
      const answer = await computer(game);
      if (!answer) throw new Error('rapid-draughts gave no move');
      const move = turn.legal.find((m) => sameRapidMove(toRapid(m), answer));
      if (!move) throw new Error(`rapid-draughts move ${JSON.stringify(answer)} is not legal`);
      return move;
    },
  };
}

/** Damka level `level` at `moveTime` ms per move against rapid-draughts on English draughts. */
export function runRapidDraughtsMatch(options: {
  readonly games: number;
  readonly moveTime: number;
  readonly level: number;
  readonly opponentDepth: number;
  readonly onGame?: Parameters<typeof runMatch>[0]['onGame'];
}): Promise<MatchReport> {
  return runMatch({
    variant: english,
    games: options.games,
    player: damkaPlayer({ level: options.level, limits: { moveTime: options.moveTime } }),
    opponent: rapidDraughtsPlayer(options.opponentDepth),
    event: 'Damka vs rapid-draughts',
    ...(options.onGame ? { onGame: options.onGame } : {}),
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [games = '40', ms = '200', level = '8'] = process.argv.slice(2);
  const total = Number(games);
  // no top-level await: the damka command bundles this module as CommonJS (scripts/build.mjs)
  void runRapidDraughtsMatch({
    games: total,
    moveTime: Number(ms),
    level: Number(level),
    opponentDepth: 7,
    onGame: (g, i, tally) =>
      console.log(
        `${progressBar(i + 1, total)} game ${i + 1}: Damka ${g.playerColor}, ` +
          `opening ${g.opening}: ${g.score} (${g.reason}) +${tally.wins} =${tally.draws} -${tally.losses}`,
      ),
  }).then((report) => console.log(`Damka ${formatScore(report)}`));
}
