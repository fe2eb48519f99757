/**
 * Matches between two players on any variant: N games over balanced openings, colours alternating
 * (each opening is played twice, once with each colour), every game judged by the variant's own
 * rules (`Game` of `@damka/rules`: no move, repetition, the variant's draw counters), plus a move
 * cap as a last resort. The result is a score, an Elo difference with its 95% interval, the
 * games as PDN, and each side's thinking time on the wall clock (a peer engine's own clock may
 * count otherwise).
 *
 * A player is anything that answers "your move" for a game given as its start and moves: Damka at
 * a level and time (`damkaPlayer`), an external Hub engine (`hubPlayer`), or the tiny
 * `biggestCapturePlayer` that measures the lowest level. Keeping the runner this thin means every
 * opponent is judged by the same code; a player that fails (an illegal move, a crash, a silent
 * engine) loses that game with the reason recorded, and a player failing twice in a row ends the
 * match early with an error rather than forfeiting a whole series. A player that cannot even
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
import { Engine, type SearchResult } from './engine.ts';
import type { EgdbProber } from './egdb/probe.ts';
import type { PatternTable } from './patterns.ts';
import type { OpeningBook } from './book/book.ts';
import { tableVerdict } from './egdb/verdict.ts';
import { HubClient, type HubClientOptions } from './protocols/hub-client.ts';
import type { SearchLimits } from './search.ts';
import { now } from './time.ts';
import { mulberry32 } from '@damka/rules';
import type { Weights } from './weights.ts';
import { eloEstimate, type EloEstimate, type MatchTally } from './match-score.ts';

export {
  eloEstimate,
  eloOf,
  formatScore,
  progressBar,
  type EloEstimate,
  type MatchTally,
} from './match-score.ts';

/**
 * Thrown by a player whose own rules end the game in a draw where the variant's rules play on
 * (an engine with its own draw counters): the game is recorded as drawn with this message.
 */
export class DrawClaim extends Error {
  override readonly name = 'DrawClaim';
}

/** What a player sees when it is asked for a move. */
export interface PlayerTurn {
  readonly start: Position;
  /** Moves played from `start`. */
  readonly moves: readonly Move[];
  /** The position to move in, and the positions before it (oldest first). */
  readonly position: Position;
  readonly history: readonly Position[];
  /** The legal moves; the answer must be one of them. */
  readonly legal: readonly Move[];
}

export interface MatchPlayer {
  /** Shown in the PDN tags and the report. */
  readonly name: string;
  /** Called before each game. */
  newGame?(variant: Variant): void | Promise<void>;
  move(turn: PlayerTurn): Move | Promise<Move>;
  /** Called once after the match (ends engine processes). */
  close?(): void | Promise<void>;
}

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
  /** The player's score fraction. */
  readonly score: number;
  readonly elo: EloEstimate;
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

/** Damka at `level` within `limits` (default 1 s per move); one engine (and table) per match. */
export function damkaPlayer(options: {
  readonly level?: number;
  readonly limits?: SearchLimits;
  readonly seed?: number;
  readonly ttBits?: number;
  readonly name?: string;
  /** Sees every search's result (score, depth) before its move is played. */
  readonly onSearch?: (result: SearchResult) => void;
  /**
   * Endgame databases: probed by the search, and on its turn in an ending they hold as drawn the
   * player claims the draw (`DrawClaim`) instead of playing on; never in a won or lost one.
   */
  readonly egdb?: EgdbProber | null;
  /** The men's structure table (patterns.ts): null for none; by default the variant's own. */
  readonly patterns?: PatternTable | null;
  /** Named after the rest in the player's name when `patterns` is not the variant's own table. */
  readonly patternsLabel?: string;
  /** The opening book played from at levels 6–8 (book/); none by default. */
  readonly book?: OpeningBook | null;
  /** Evaluation weights on top of the variant's own (weights.ts): a trial set against the committed one. */
  readonly weights?: Partial<Weights>;
}): MatchPlayer {
  const level = options.level ?? 8;
  const limits = options.limits ?? { moveTime: 1000 };
  let engine: Engine | undefined;
  let games = 0;
  const own = {
    ...(options.egdb ? { egdb: options.egdb } : {}),
    ...(options.patterns !== undefined ? { patterns: options.patterns } : {}),
    ...(options.book ? { book: options.book } : {}),
    ...(options.weights ? { weights: options.weights } : {}),
  };
  return {
    name:
      options.name ??
      `Damka level ${level}, ${describeLimits(limits)}${options.book?.played && level >= 6 ? ', opening book' : ''}` +
        (options.patternsLabel !== undefined ? `, ${options.patternsLabel}` : ''),
    newGame(variant) {
      if (!engine || engine.variant !== variant) {
        engine = new Engine(variant, {
          ...own,
          ...(options.ttBits !== undefined ? { ttBits: options.ttBits } : {}),
          ...(options.seed !== undefined ? { seed: options.seed + games } : {}),
        });
      }
      games++;
      engine.newGame();
    },
    move(turn) {
      if (tableVerdict(options.egdb, turn.position)?.winner === null) {
        throw new DrawClaim('the endgame databases hold this ending as drawn');
      }
      const e = engine ?? (engine = new Engine(turn.position.variant, own));
      const r = e.search(turn.position, { level, limits, history: turn.history });
      if (!r.move) throw new Error('Damka found no move');
      options.onSearch?.(r);
      return r.move;
    },
  };
}

/** An external Hub engine run by `options.command`, thinking within `limits` each move. */
export function hubPlayer(
  options: HubClientOptions & { readonly limits: SearchLimits; readonly name?: string },
): MatchPlayer & { readonly client: () => HubClient | undefined } {
  let client: HubClient | undefined;
  let starting: Promise<HubClient> | undefined;
  let name = options.name ?? options.command;
  const ensure = async (variant: Variant): Promise<HubClient> => {
    if (client) return client;
    starting ??= (async () => {
      const c = await HubClient.start(options);
      // a Hub-2 engine announcing a variant parameter is told the variant, unless given already
      const announced = c.params.find((p) => p.name === 'variant');
      if (announced && options.params?.variant === undefined) {
        const values = announced.values ?? [];
        const value = values.includes(variant.id)
          ? variant.id
          : variant.id === 'international' && values.includes('normal')
            ? 'normal'
            : undefined;
        if (value !== undefined) {
          c.send(`set-param name=variant value=${value}`);
          c.send('init');
          await c.ping();
        }
      }
      const id = c.id;
      if (options.name === undefined && id.name) {
        name = `${id.name}${id.version && !id.name.includes(id.version) ? ` ${id.version}` : ''}`;
        name += `, ${describeLimits(options.limits)}`;
      }
      return c;
    })();
    client = await starting;
    return client;
  };
  return {
    get name() {
      return name;
    },
    client: () => client,
    async newGame(variant) {
      (await ensure(variant)).newGame();
    },
    async move(turn) {
      const c = await ensure(turn.position.variant);
      const r = await c.think(turn.start, turn.moves, options.limits);
      return r.move;
    },
    async close() {
      if (client) await client.close();
      else if (starting) await (await starting.catch(() => undefined))?.close();
    },
  };
}

/**
 * The weakest sensible player: always a capture taking the most pieces when it must capture, any
 * legal move at random otherwise (seeded, so a run can be repeated).
 */
export function biggestCapturePlayer(seed = 1): MatchPlayer {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T =>
    items[Math.floor(((random() >>> 0) / 2 ** 32) * items.length)]!;
  return {
    name: 'biggest capture, else random',
    move({ legal }) {
      const most = Math.max(...legal.map((m) => m.captures.length));
      return pick(most > 0 ? legal.filter((m) => m.captures.length === most) : legal);
    },
  };
}

/** "level 8, 1000 ms/move", "depth 6", "20000 nodes". */
export function describeLimits(limits: SearchLimits): string {
  const parts: string[] = [];
  if (limits.moveTime !== undefined) parts.push(`${limits.moveTime} ms/move`);
  if (limits.depth !== undefined) parts.push(`depth ${limits.depth}`);
  if (limits.nodes !== undefined) parts.push(`${limits.nodes} nodes`);
  if (limits.clock) parts.push(`clock ${limits.clock.time} ms + ${limits.clock.increment ?? 0}`);
  if (limits.infinite) parts.push('infinite');
  return parts.join(', ') || 'no limit';
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
): Promise<
  MatchGame & { readonly failed?: 'player' | 'opponent'; readonly failedAtStart?: boolean }
> {
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
          aborted = `stopped after game ${i + 1}: ${g.reason}`;
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
  return {
    games,
    ...tally(),
    score: results.length > 0 ? results.reduce((a, b) => a + b, 0) / results.length : 0,
    elo: eloEstimate(results),
    pdn: writePdn(games.map((g) => g.pdn)),
    ...(aborted !== undefined ? { aborted } : {}),
    ...(stopped ? { stopped } : {}),
  };
}
