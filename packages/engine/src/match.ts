/**
 * Matches between two players on any variant: N games over balanced openings, colours alternating
 * (each opening is played twice, once with each colour), every game judged by the variant's own
 * rules (`Game` of `@damka/rules`: no move, repetition, the variant's draw counters), plus a move
 * cap as a last resort. The result is a score, an Elo difference with its 95% interval, the
 * games as PDN, and each side's thinking time on the wall clock (a peer engine's own clock may
 * count otherwise).
 *
 * A player is anything that answers "your move" for a game given as its start and moves: Damka at
 * a level and time, an external Hub engine, or the tiny baseline that measures the lowest level
 * (match-players.ts). Keeping the runner this thin means every
 * opponent is judged by the same code; a player that fails (an illegal move, a crash, a silent
 * engine) loses that game with the reason recorded, and a player failing twice in a row ends the
 * match early with an error rather than forfeiting a whole series. Such games are forfeits, kept
 * apart from the games played out: the Elo estimate counts only the latter, so an engine that
 * never played cannot read as a strong result. A player that cannot even
 * start its first game ends the match at once with no game counted: nothing was played, and a
 * win by default would read as a result. An `AbortSignal` (Ctrl-C in `damka match`) stops the
 * match between two moves, or at once while an external engine thinks: the game in progress is
 * abandoned and not counted, and the report holds the games finished before it.
 */
import {
  Game,
  Position,
  formatMove,
  sameMove,
  writePdn,
  resultMarker,
  variantTags,
  type Move,
  type PdnGame,
  type PdnResult,
  type Variant,
} from '@damka/rules';
import { Engine } from './engine.ts';
import { now } from './time.ts';
import { DrawClaim, type MatchPlayer } from './match-players.ts';
import {
  eloEstimate,
  type EloEstimate,
  type MatchForfeits,
  type MatchTally,
} from './match-score.ts';
export {
  DrawClaim,
  biggestCapturePlayer,
  damkaPlayer,
  describeLimits,
  hubPlayer,
  type MatchPlayer,
  type PlayerTurn,
} from './match-players.ts';

export {
  eloEstimate,
  eloOf,
  formatScore,
  progressBar,
  type EloEstimate,
  type MatchForfeits,
  type MatchTally,
} from './match-score.ts';

export interface MatchOptions {
  readonly variant: Variant;
  readonly games: number;
  /** The player whose score is reported. */
  readonly player: MatchPlayer;
  readonly opponent: MatchPlayer;
  /** Openings as moves from the start; default `balancedOpenings(variant, ceil(games / 2))`. */
  readonly openings?: readonly (readonly Move[])[];
  /** Plies after which an unfinished game is drawn (default 400). */
  readonly maxPlies?: number;
  /** PDN `Event` tag. */
  readonly event?: string;
  readonly onGame?: (game: MatchGame, index: number, tally: MatchTally) => void;
  /**
   * Stops the match when aborted (see the module comment); the report then says `stopped`. With
   * a signal, each move is asked for after a turn of the event loop, so that a signal handler
   * can run between moves even when the players answer without waiting (Damka's own search).
   */
  readonly signal?: AbortSignal;
}

export interface MatchGame {
  /** The opening as written in the variant's notation. */
  readonly opening: string;
  readonly playerColor: 'white' | 'black';
  /** 1 the player won, 0.5 draw, 0 the player lost. */
  readonly score: number;
  readonly reason: string;
  readonly plies: number;
  readonly pdn: PdnGame;
  /** Wall-clock time each side took to answer, measured by the runner (ms). */
  readonly think: { readonly player: ThinkTime; readonly opponent: ThinkTime };
  /** Set when the game was forfeited: that side failed (an illegal move, a crash, silence). */
  readonly failed?: 'player' | 'opponent';
}

/** Moves answered and the wall-clock milliseconds they took, in total and at most. */
export interface ThinkTime {
  readonly moves: number;
  readonly ms: number;
  readonly longest: number;
}

/** The thinking times of several games added up. */
export function addThinkTimes(times: readonly ThinkTime[]): ThinkTime {
  const sum = (k: 'moves' | 'ms') => times.reduce((a, t) => a + t[k], 0);
  return {
    moves: sum('moves'),
    ms: sum('ms'),
    longest: Math.max(0, ...times.map((t) => t.longest)),
  };
}

export interface MatchReport extends MatchTally {
  readonly games: readonly MatchGame[];
  /** The player's score fraction, forfeits included. */
  readonly score: number;
  /** From the games played out only (no forfeit): NaN when there is none. */
  readonly elo: EloEstimate;
  /** Games won (`won`) and lost (`lost`) by the player because a side failed; in the tally too. */
  readonly forfeits: MatchForfeits;
  readonly pdn: string;
  /** Set when the match ended early because a player kept failing. */
  readonly aborted?: string;
  /** Set when `signal` stopped the match: the game in progress was abandoned, not counted. */
  readonly stopped?: boolean;
}

/** Thrown out of `playMatchGame` when its signal is aborted: the game is abandoned. */
export class MatchStopped extends Error {
  override readonly name = 'MatchStopped';
  constructor() {
    super('the match was stopped');
  }
}

/** A turn of the event loop (setImmediate where there is one), for signal handlers to run. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}

/** `answer`, or a `MatchStopped` rejection as soon as `signal` is aborted, whichever comes first. */
function untilStopped<T>(answer: T | Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return Promise.resolve(answer);
  const pending = Promise.resolve(answer);
  pending.catch(() => {}); // an engine closed after the stop may still reject: no one waits then
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new MatchStopped());
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

export interface OpeningOptions {
  /** Plies per opening (default 2). */
  readonly plies?: number;
  /** Search depth used to score each opening (default 6). */
  readonly depth?: number;
  /** Largest |score| kept, in hundredths of a man (default 30). */
  readonly margin?: number;
}

/**
 * `count` openings of `plies` plies whose position a fixed-depth Damka search scores within
 * `margin`, picked evenly across all such openings (so they do not all share a first move). When
 * fewer are balanced, the list repeats. The plies of a compulsory opening (Dhamet's) are played
 * first and not counted: they leave no choice, so counting them gave every game the same opening.
 */
export function balancedOpenings(
  variant: Variant,
  count: number,
  options: OpeningOptions = {},
): Move[][] {
  const { plies = 2, depth = 6, margin = 30 } = options;
  const lines: Move[][] = [];
  const grow = (position: Position, line: Move[], free: number) => {
    if (free === plies) {
      lines.push(line);
      return;
    }
    const moves = position.legalMoves();
    if (moves.length === 0) return;
    const counts = position.scriptedMove() === undefined ? 1 : 0;
    for (const m of moves) grow(position.play(m), [...line, m], free + counts);
  };
  grow(Position.start(variant), [], 0);
  const engine = new Engine(variant, { ttBits: 16, seed: 1 });
  const balanced = lines.filter((line) => {
    let p = Position.start(variant);
    const history: Position[] = [];
    for (const m of line) {
      history.push(p);
      p = p.play(m);
    }
    if (p.legalMoves().length === 0) return false;
    // analysis: a position with one legal move (a forced capture) is searched, not answered at once
    const r = engine.search(p, { limits: { depth, nodes: 400_000 }, history, analysis: true });
    return Math.abs(r.score) <= margin;
  });
  const pool = balanced.length > 0 ? balanced : lines;
  if (pool.length === 0) return [[]];
  const out: Move[][] = [];
  const want = Math.max(1, count);
  for (let i = 0; i < want; i++) {
    // spread over the whole pool when it is larger, else go round it
    const index = pool.length >= want ? Math.floor((i * pool.length) / want) : i % pool.length;
    out.push(pool[index]!);
  }
  return out;
}

/** Play one game from `opening`; the player has `playerColor`. */
export async function playMatchGame(
  variant: Variant,
  opening: readonly Move[],
  playerColor: 'white' | 'black',
  player: MatchPlayer,
  opponent: MatchPlayer,
  options: {
    readonly maxPlies?: number;
    readonly event?: string;
    readonly round?: number;
    /** Aborted: the game is abandoned, and `MatchStopped` thrown (see `MatchOptions.signal`). */
    readonly signal?: AbortSignal;
  } = {},
): Promise<MatchGame & { readonly failedAtStart?: boolean }> {
  const maxPlies = options.maxPlies ?? 400;
  const game = Game.start(variant);
  const start = game.position;
  const history: Position[] = [];
  const texts: string[] = [];
  /** Burns, as a comment on the move before them (by its index in `texts`). */
  const burns = new Map<number, string>();
  const play = (move: Move) => {
    const before = game.position;
    const r = game.play(move);
    if (!r.ok) throw new Error(`${formatMove(before, move)}: ${r.error.message}`);
    texts.push(formatMove(before, move));
    history.push(before);
  };
  let score = 0.5;
  let reason: string | undefined;
  let failed: 'player' | 'opponent' | undefined;
  const think = {
    player: { moves: 0, ms: 0, longest: 0 },
    opponent: { moves: 0, ms: 0, longest: 0 },
  };
  for (const [who, side] of [
    ['player', player],
    ['opponent', opponent],
  ] as const) {
    try {
      await untilStopped(side.newGame?.(variant), options.signal);
    } catch (e) {
      if (e instanceof MatchStopped) throw e;
      // an engine that cannot start loses the game like one that fails mid-game
      failed ??= who;
      reason ??= `${side.name} failed: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  const failedAtStart = failed !== undefined;
  if (failed) score = failed === 'player' ? 0 : 1;
  for (const m of failed ? [] : opening) {
    const legal = game.legalMoves();
    const found = legal.find((x) => sameMove(x, m));
    if (!found) throw new Error(`opening move ${formatMove(game.position, m)} is not legal`);
    play(found);
  }
  while (!failed) {
    // huff rules: a skipped capture is burned, a king first, as the web app's computer does (the
    // players only move); a give-away goal gains nothing by it
    const huff = game.huff;
    if (huff && variant.rules.noMoveMeans !== 'win') {
      const king = huff.burnable.find((sq) => game.position.pieceAt(sq)?.role !== 'man');
      const square = king ?? huff.burnable[0]!;
      if (game.burn(square).ok)
        burns.set(texts.length - 1, `burns ${variant.squares.names[square]}`);
    }
    const outcome = game.outcome;
    if (outcome) {
      score = outcome.winner === undefined ? 0.5 : outcome.winner === playerColor ? 1 : 0;
      reason = outcome.text;
      break;
    }
    if (history.length >= maxPlies) {
      reason = `drawn after ${maxPlies} plies (move cap)`;
      break;
    }
    const position = game.position;
    const legal = game.legalMoves();
    const mover = position.turn === playerColor ? player : opponent;
    const who = mover === player ? 'player' : 'opponent';
    let move: Move;
    if (options.signal) {
      await nextTurn();
      if (options.signal.aborted) throw new MatchStopped();
    }
    try {
      const asked = now();
      const answer = await untilStopped(
        mover.move({ start, moves: game.moves, position, history, legal }),
        options.signal,
      );
      const took = now() - asked;
      const clock = think[who];
      clock.moves++;
      clock.ms += took;
      clock.longest = Math.max(clock.longest, took);
      const found = legal.find((x) => x === answer) ?? legal.find((x) => sameMove(x, answer));
      if (!found) throw new Error(`illegal move ${formatMove(position, answer)}`);
      move = found;
    } catch (e) {
      if (e instanceof MatchStopped) throw e;
      if (e instanceof DrawClaim) {
        reason = `${mover.name}: ${e.message}`;
        break;
      }
      failed = who;
      score = who === 'player' ? 0 : 1;
      reason = `${mover.name} failed: ${e instanceof Error ? e.message : String(e)}`;
      break;
    }
    play(move);
  }
  reason ??= 'unfinished';
  const whiteWon = score === 0.5 ? undefined : (score === 1) === (playerColor === 'white');
  const result: PdnResult = resultMarker(
    whiteWon === undefined ? 'draw' : whiteWon ? 'white' : 'black',
    variant.rules.firstPlayer,
  );
  const tags = new Map<string, string>([
    ['Event', options.event ?? `${player.name} vs ${opponent.name}`],
    ['Round', String(options.round ?? 1)],
    ['White', playerColor === 'white' ? player.name : opponent.name],
    ['Black', playerColor === 'black' ? player.name : opponent.name],
    ['Result', result],
    ['GameType', variant.rules.pdnGameType],
    // and Variant, VariantOptions where the number alone names another game (Frysk!, Killer, options)
    ...variantTags(variant).filter(([name]) => name !== 'GameType'),
    ['Termination', reason],
  ]);
  const pdn: PdnGame = {
    tags,
    moves: {
      comments: [],
      moves: texts.map((text, i) => {
        const burn = burns.get(i);
        return { text, nags: [], comments: burn ? [burn] : [], variations: [] };
      }),
    },
    result,
    startNumber: 1,
  };
  return {
    opening: texts.slice(0, opening.length).join(' '),
    playerColor,
    score,
    reason,
    plies: history.length,
    pdn,
    think,
    ...(failed ? { failed } : {}),
    ...(failedAtStart ? { failedAtStart } : {}),
  };
}

/** Play the match: game 2k and 2k+1 share opening k, the player White first, then Black. */
export async function runMatch(options: MatchOptions): Promise<MatchReport> {
  const { variant, player, opponent } = options;
  const lines = options.openings ?? balancedOpenings(variant, Math.ceil(options.games / 2));
  const games: MatchGame[] = [];
  let aborted: string | undefined;
  let stopped = false;
  let lastFailure: string | undefined;
  const tally = () => {
    const wins = games.filter((g) => g.score === 1).length;
    const losses = games.filter((g) => g.score === 0).length;
    return { wins, losses, draws: games.length - wins - losses, played: games.length };
  };
  try {
    for (let i = 0; i < options.games; i++) {
      const line = lines[Math.floor(i / 2) % lines.length] ?? [];
      const color = i % 2 === 0 ? 'white' : 'black';
      let g;
      try {
        if (options.signal?.aborted) throw new MatchStopped();
        g = await playMatchGame(variant, line, color, player, opponent, {
          ...(options.maxPlies !== undefined ? { maxPlies: options.maxPlies } : {}),
          ...(options.event !== undefined ? { event: options.event } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
          round: i + 1,
        });
      } catch (e) {
        if (!(e instanceof MatchStopped)) throw e;
        stopped = true;
        break;
      }
      if (i === 0 && g.failedAtStart) {
        aborted = `not started: ${g.reason}`;
        break;
      }
      games.push(g);
      options.onGame?.(g, i, tally());
      if (g.failed) {
        if (lastFailure === g.failed) {
          aborted = `stopped after game ${i + 1}: ${g.reason}; that side failed twice in a row`;
          break;
        }
        lastFailure = g.failed;
      } else lastFailure = undefined;
    }
  } finally {
    await player.close?.();
    await opponent.close?.();
  }
  const results = games.map((g) => g.score);
  const forfeited = (side: 'player' | 'opponent') => games.filter((g) => g.failed === side).length;
  return {
    games,
    ...tally(),
    score: results.length > 0 ? results.reduce((a, b) => a + b, 0) / results.length : 0,
    elo: eloEstimate(games.filter((g) => !g.failed).map((g) => g.score)),
    forfeits: { won: forfeited('opponent'), lost: forfeited('player') },
    pdn: writePdn(games.map((g) => g.pdn)),
    ...(aborted !== undefined ? { aborted } : {}),
    ...(stopped ? { stopped } : {}),
  };
}
