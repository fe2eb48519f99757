/**
 * The puzzle set builder behind `damka puzzles build`: walks real games (the PDN files given,
 * game by game) and then Damka's self-play games, finds the puzzles of each (scan.ts, generate.ts),
 * checks every one once more one ply deeper with a fresh table, and reports each game done with
 * the new puzzles it gave. It keeps no files: the caller holds the set and the progress and saves
 * them after every game, so a build stopped anywhere resumes from the games already done (their
 * keys come back in `done`, the set's positions in `known`). A file it cannot read, and a game of
 * the variant that does not read or replay, is left out and reported (`onSkip`) with the reader's
 * reason, so that a collection is never searched less than the user believes.
 *
 * A stop flag set from another thread (puzzles/build-node.ts runs this on a worker thread) ends
 * the search in hand within a few hundred nodes: every engine of the build reads it (the self-play
 * game's too), and a search it ended throws, so the game in hand is given up whole (its unfinished scores could make false
 * puzzles), is not reported, and the next run plays it again. The `--minutes` limit (`deadline`)
 * and the target are checked between games, so that each game is searched in full.
 */
import {
  getTag,
  parsePdn,
  playWritten,
  resolveSetting,
  startPosition,
  type PdnGame,
  type Position,
  type Result,
  type SquareNaming,
  type Variant,
} from '@damka/rules';
import { Engine, type EngineOptions, type SearchOptions, type SearchResult } from '../engine.ts';
import type { EgdbProber } from '../egdb/probe.ts';
import { sourceOfTags, verifyPuzzle } from './generate.ts';
import { puzzlesFromGame, puzzlesNearGame, selfPlayPositions, type GamePuzzle } from './scan.ts';
import type { PuzzleSource } from './set.ts';

/** Table size of the re-verification (the same in the build and `damka puzzles verify`). */
export const VERIFY_TT_BITS = 18;

/** A PDN file to read games from. */
export interface PuzzlePdnFile {
  readonly path: string;
  /** What its games' keys start with: `<name>#<index of the game in the file>`. */
  readonly name: string;
  /** The GameType of its games whose tags name no variant (from a manifest). */
  readonly gameType?: string | undefined;
}

/** What to build (plain data: it crosses to the worker thread). */
export interface PuzzleBuildOptions {
  /** Verification depth. */
  readonly depth: number;
  /** The build ends once the set holds this many puzzles ... */
  readonly target: number;
  /** ... and after the self-play game of this seed. */
  readonly selfPlay: number;
  /** Real games, searched first, file by file. */
  readonly files: readonly PuzzlePdnFile[];
  /** Keys of the games already searched ("name#index", "self#seed"): skipped. */
  readonly done: readonly string[];
  /** Start positions (FEN) of the puzzles already in the set: not found again. */
  readonly known: readonly string[];
  /** Puzzles the set holds (towards the target). */
  readonly puzzles: number;
  /** Self-play starts after this seed (the last one the set credits). */
  readonly lastSeed: number;
  /** `Date.now()` after which no game is started (Infinity: none). */
  readonly deadline: number;
}

/** One game searched in full. */
export interface PuzzleGame {
  /** "name#index" for a real game, "self#seed" for self-play. */
  readonly key: string;
  /** The credit of the game. */
  readonly source: PuzzleSource;
  /** The new puzzles it gave, verified twice, in the order found. */
  readonly puzzles: readonly GamePuzzle[];
  /** Positions screened, and candidates verified in full, in this game. */
  readonly positions: number;
  readonly candidates: number;
  /** A real game: real games done (this one included) and in all, and its file. */
  readonly real?: { readonly done: number; readonly total: number; readonly path: string };
}

/** A PDN file, or one game of it, left out of the build, and why. */
export interface PuzzleSkip {
  readonly path: string;
  /** The game's number in the file, from 1; undefined when the whole file could not be read. */
  readonly game?: number;
  /** The reader's error message. */
  readonly reason: string;
}

export interface PuzzleBuildHooks {
  /** The text of a PDN file, or why it cannot be read (its games are then left out). */
  readonly readText: (path: string) => Result<string, string>;
  /**
   * A file that cannot be read, or a game of the variant that does not read (PDN syntax, tags) or
   * replay (an illegal move, a bad FEN): it is left out. Said once per build, as the games are
   * listed, before the first search.
   */
  readonly onSkip?: (skip: PuzzleSkip) => void;
  /** Endgame tables every search probes (the rating is measured without them). */
  readonly egdb?: EgdbProber | undefined;
  /** After each game searched in full; an error it throws ends the build. */
  readonly onGame?: (game: PuzzleGame) => void;
  /** A flag another thread sets (to anything but 0) to stop at once, as the module comment says. */
  readonly stopFlag?: Int32Array;
}

/** Thrown out of a search the stop flag ended: the game in hand is given up. */
class Stopped extends Error {}

/** An engine whose every search reads the build's stop flag and throws `Stopped` once it is set. */
class StoppableEngine extends Engine {
  constructor(
    variant: Variant,
    options: EngineOptions,
    private readonly stopFlag: Int32Array,
  ) {
    super(variant, options);
  }

  override search(position: Position, options: SearchOptions = {}): SearchResult {
    if (Atomics.load(this.stopFlag, 0) !== 0) throw new Stopped();
    const result = super.search(position, { ...options, stopFlag: this.stopFlag });
    if (Atomics.load(this.stopFlag, 0) !== 0) throw new Stopped();
    return result;
  }
}

/**
 * Build (or go on with) a puzzle set: every game not in `done` is searched and reported, real
 * games first, until the target, the last self-play seed or the deadline. `stopped`: the stop
 * flag ended the build (the game in hand was given up).
 */
export function buildPuzzles(
  variant: Variant,
  options: PuzzleBuildOptions,
  hooks: PuzzleBuildHooks,
): { stopped: boolean } {
  const stopFlag = hooks.stopFlag ?? new Int32Array(new SharedArrayBuffer(4));
  const flagged = () => Atomics.load(stopFlag, 0) !== 0;
  const egdb = hooks.egdb;
  const engine = new StoppableEngine(
    variant,
    { ttBits: 20, seed: 1, egdb: egdb ?? null },
    stopFlag,
  );
  const verifier = new StoppableEngine(
    variant,
    { ttBits: VERIFY_TT_BITS, seed: 1, egdb: egdb ?? null },
    stopFlag,
  );
  // the difficulty is measured with a fresh table, on an engine of its own so that the finder's
  // table survives from one candidate to the next; without tables, as Damka's levels play
  const rater = new StoppableEngine(variant, { ttBits: 16, seed: 1 }, stopFlag);
  const known = new Set(options.known);
  const done = new Set(options.done);
  const depth = options.depth;
  const findOptions = { depth, rater, known, egdb };
  let puzzles = options.puzzles;
  const finished = () => flagged() || puzzles >= options.target || Date.now() >= options.deadline;

  /** The found puzzles that are new and pass the check the slow suite repeats. */
  const keep = (found: readonly GamePuzzle[]): GamePuzzle[] => {
    const kept: GamePuzzle[] = [];
    for (const p of found) {
      if (known.has(p.fen)) continue;
      // one ply deeper, a fresh table
      if (verifyPuzzle(verifier, p.fen, p.line, depth + 1, egdb) !== undefined) continue;
      known.add(p.fen);
      kept.push(p);
    }
    return kept;
  };
  const report = (game: PuzzleGame) => {
    puzzles += game.puzzles.length;
    hooks.onGame?.(game);
  };

  try {
    // real games first; the games of every file are listed before the first is searched
    const real: Array<{ key: string; file: PuzzlePdnFile; index: number }> = [];
    for (const file of options.files) {
      for (const g of gamesOf(file, variant, hooks.readText, hooks.onSkip)) {
        if (flagged()) throw new Stopped();
        real.push({ key: `${file.name}#${g.index}`, file, index: g.index });
      }
    }
    let count = real.filter((r) => done.has(r.key)).length;
    let current: PuzzlePdnFile | undefined;
    let cache = new Map<number, PdnGameLine>();
    for (const r of real) {
      if (finished()) break;
      if (done.has(r.key)) continue;
      if (r.file !== current) {
        current = r.file;
        cache = new Map([...gamesOf(r.file, variant, hooks.readText)].map((g) => [g.index, g]));
      }
      const g = cache.get(r.index);
      const stats = { positions: 0, candidates: 0 };
      const found = g ? keep(puzzlesFromGame(engine, g.positions, findOptions, stats)) : [];
      done.add(r.key);
      count++;
      const source = g ? sourceOfTags(g.game.tags) : {};
      const progress = { done: count, total: real.length, path: r.file.path };
      report({ key: r.key, source, puzzles: found, ...stats, real: progress });
    }
    // then self-play, after the seeds the set already credits
    for (let seed = options.lastSeed + 1; seed <= options.selfPlay && !finished(); seed++) {
      const key = `self#${seed}`;
      if (done.has(key)) continue;
      // the flag reaches the game's searches too: a game it cut short is given up
      const positions = selfPlayPositions(variant, seed, 3, 160, stopFlag);
      if (flagged()) throw new Stopped();
      const stats = { positions: 0, candidates: 0 };
      const found = keep(puzzlesNearGame(engine, positions, findOptions, stats));
      done.add(key);
      report({ key, source: { selfPlay: seed }, puzzles: found, ...stats });
    }
  } catch (error) {
    if (error instanceof Stopped) return { stopped: true };
    throw error;
  }
  return { stopped: flagged() };
}

interface PdnGameLine {
  readonly index: number;
  readonly game: PdnGame;
  readonly positions: readonly Position[];
}

/**
 * The games of `file` played under `variant`, each with the positions of its main line; the file
 * when it cannot be read, and each game that does not read or (being of `variant`) replay, go to
 * `onSkip`. A game that reads but is of another variant is not this build's, and not a skip.
 */
function* gamesOf(
  file: PuzzlePdnFile,
  variant: Variant,
  readText: (path: string) => Result<string, string>,
  onSkip?: (skip: PuzzleSkip) => void,
): Generator<PdnGameLine> {
  const text = readText(file.path);
  if (!text.ok) {
    onSkip?.({ path: file.path, reason: text.error });
    return;
  }
  let index = -1;
  for (const result of parsePdn(text.value).games) {
    index++;
    const skip = (reason: string) => onSkip?.({ path: file.path, game: index + 1, reason });
    if (!result.ok) {
      const e = result.error;
      skip(`PDN error at line ${e.line}, column ${e.column}: ${e.message}`);
      continue;
    }
    let game = result.value;
    if (
      file.gameType !== undefined &&
      getTag(game.tags, 'GameType') === undefined &&
      getTag(game.tags, 'Variant') === undefined
    ) {
      game = { ...game, tags: new Map([...game.tags, ['GameType', file.gameType]]) };
    }
    const setting = resolveSetting(game.tags);
    if (!setting.ok) {
      skip(`tags: ${setting.error}`);
      continue;
    }
    if (setting.value.variant.id !== variant.id) continue;
    const positions = mainLine(game, setting.value.naming, variant);
    if (positions.ok) yield { index, game, positions: positions.value };
    else skip(positions.error);
  }
}

/**
 * The positions of a game's main line; an error when its start position does not read or a move is
 * not one legal move there (the game is left out). A capture separator written for a plain step
 * (`10x14`, as old English files do) is read by the rules' move reader already; a capture that
 * fits several legal moves is not guessed.
 */
function mainLine(
  game: PdnGame,
  naming: SquareNaming,
  variant: Variant,
): Result<Position[], string> {
  const start = startPosition(game, variant, naming);
  if (!start.ok) {
    const what = start.error.kind === 'fen' ? 'FEN tag' : 'tags';
    return { ok: false, error: `${what}: ${start.error.message}` };
  }
  let p = start.value;
  const positions = [p];
  for (const [i, written] of game.moves.moves.entries()) {
    const move = playWritten(p, written.text, naming);
    if (!move.ok) {
      return { ok: false, error: `ply ${i + 1} (${written.text}): ${move.error.message}` };
    }
    p = p.play(move.value);
    positions.push(p);
  }
  return { ok: true, value: positions };
}
