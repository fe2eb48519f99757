/**
 * What the computer's Web Worker does, without the worker: replay the game the page sent (with
 * `record.ts`, so burns, Dhamet's compulsory opening and repetitions are exactly the page's), ask
 * `@damka/engine` for a move, a hint, a quick evaluation or a running analysis, and answer with
 * entries and lines in the variant's notation. Kept apart from `computer.worker.ts` so every variant
 * is tested in Node with the very code the browser runs.
 *
 * The engine chooses moves only. Under huff rules a pending burn is decided by a simple rule
 * before the engine is asked: burning a piece that could have captured never hurts the burner, so
 * the computer always burns (a king first) unless the variant's goal is inverted (give-away).
 *
 * Given `bookFor` (the worker gives @damka/engine's `loadBook`), levels 6–8 play from the variant's
 * opening book and an analysis of a book position lists its book moves; the first question that
 * needs a variant's book waits for it to load (`bookGate` keeps the answers in order). Given
 * `patternsFor` (the worker gives `loadPatterns`: the web app fetches a rule set's pattern table
 * when a game of it first needs one), the first question of each variant waits for its table the
 * same way, so every engine is made with its table. A failed fetch (offline, say) does not stop
 * the game: the computer answers without the table, asks for it again (without waiting) at the
 * variant's next question, and once it arrives makes that variant's engines again with it.
 */
import {
  Engine,
  bookGate,
  usesBook,
  type OpeningBook,
  type SearchHelpers,
  type SearchInfo,
  type SearchOptions,
} from '@damka/engine';
import { formatMove, getVariant, type Move, type Position, type Variant } from '@damka/rules';
import { entryOf, replay, type Entry } from '../game/record.ts';
import type { Analysis, BookLine, FromWorker, Question } from './protocol.ts';

/** Engines kept alive at once (each holds a transposition table of about 12 MB). */
const MAX_ENGINES = 2;

/** The burn the computer makes in `position`, or null when it does not burn. */
export function chooseBurn(position: Position): Entry | null {
  if (position.burnable.length === 0) return null;
  if (position.variant.rules.noMoveMeans === 'win') return null;
  const kings = position.burnable.filter((sq) => position.pieceAt(sq)?.role !== 'man');
  return { type: 'burn', square: (kings[0] ?? position.burnable[0])! };
}

/** The variant's notation of a line of moves played from `position`. */
export function lineText(position: Position, moves: readonly Move[]): string[] {
  const out: string[] = [];
  let p = position;
  for (const m of moves) {
    out.push(formatMove(p, m));
    p = p.play(m);
  }
  return out;
}

function toAnalysis(position: Position, info: SearchInfo, best: Entry | null): Analysis {
  const sign = position.turn === 'white' ? 1 : -1;
  return {
    depth: info.depth,
    score: info.score,
    whiteScore: info.score * sign,
    ...(info.mate !== undefined ? { mate: info.mate } : {}),
    nodes: info.nodes,
    time: info.time,
    line: lineText(position, info.pv),
    best,
  };
}

export interface ResponderOptions {
  /** Seed of the levels' randomness (tests); default random. */
  readonly seed?: number;
  /** log2 of each engine's transposition table entries (tests use small tables). */
  readonly ttBits?: number;
  /** Loads a variant's opening book; none without it. */
  readonly bookFor?: (variant: Variant) => Promise<OpeningBook | null>;
  /**
   * Loads a variant's pattern table before its first engine is made (the worker: `loadPatterns`);
   * without it the tables at hand are used (outside the browser, all of them).
   */
  readonly patternsFor?: (variant: Variant) => Promise<boolean>;
  /** Starts helper threads for an engine (the worker: browser workers); none without it. */
  readonly helpersFor?: (variant: Variant, threads: number) => SearchHelpers;
}

/** The book moves of `position` as the panel shows them (empty when out of book). */
export function bookLinesOf(book: OpeningBook | null | undefined, position: Position): BookLine[] {
  const choices = book ? book.lookup(position) : [];
  let total = 0;
  for (const c of choices) total += c.weight;
  const sign = position.turn === 'white' ? 1 : -1;
  return choices.map((c) => ({
    move: formatMove(position, c.move),
    share: Math.round((c.weight / total) * 100),
    whiteScore: c.score * sign,
  }));
}

export interface Responder {
  /** A stop flag shared with the page: the running search returns its best so far when set. */
  setStopFlag(flag: Int32Array): void;
  /** Threads for the engines made from now on (with `helpersFor`; 1: none). */
  setThreads(threads: number): void;
  /**
   * Answer one question: synchronously (the worker is busy until the answer is posted), except
   * that the first question needing a variant's opening book waits for it, and those after it.
   */
  answer(question: Question): void;
}

/** A responder posting its answers through `post`. */
export function createResponder(
  post: (answer: FromWorker) => void,
  options: ResponderOptions = {},
): Responder {
  let stopFlag: Int32Array | undefined;
  let threads = 1;
  const engines = new Map<string, Engine>();
  const helpersOf = new Map<Engine, SearchHelpers>();
  const books = new Map<Variant, OpeningBook | null>();

  const engineFor = (position: Position, key: string): Engine => {
    let engine = engines.get(key);
    if (engine) {
      engines.delete(key); // re-inserted below: the map keeps the most recent last
    } else {
      const helpers =
        options.helpersFor && threads > 1 ? options.helpersFor(position.variant, threads) : null;
      engine = new Engine(position.variant, {
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
        ...(options.ttBits !== undefined ? { ttBits: options.ttBits } : {}),
        ...(helpers ? { helpers } : {}),
      });
      if (helpers) helpersOf.set(engine, helpers);
      while (engines.size >= MAX_ENGINES) {
        const [key, old] = engines.entries().next().value!;
        engines.delete(key);
        void helpersOf.get(old)?.close();
        helpersOf.delete(old);
      }
    }
    engines.set(key, engine);
    return engine;
  };

  const dropEngines = (variantId: string): void => {
    for (const [key, engine] of [...engines]) {
      if (engine.variant.id !== variantId) continue;
      engines.delete(key);
      void helpersOf.get(engine)?.close();
      helpersOf.delete(engine);
    }
  };

  const answer = (q: Question): void => {
    const game = replay({
      id: 'computer',
      setup: q.setup,
      entries: q.entries,
      mode: 'friend',
      computer: null,
      resigned: null,
    });
    if (game.entries.length !== q.entries.length) {
      post({
        type: 'error',
        id: q.id,
        message: `entry ${game.entries.length + 1} is not legal in this game`,
      });
      return;
    }
    const position = game.positions[game.positions.length - 1]!;
    if (q.type === 'think' || q.type === 'hint') {
      const burn = chooseBurn(position);
      if (burn) {
        const analysis: Analysis = {
          depth: 0,
          score: 0,
          whiteScore: 0,
          nodes: 0,
          time: 0,
          line: [],
          best: burn,
        };
        post({ type: 'done', id: q.id, analysis });
        return;
      }
    }
    if (position.legalMoves().length === 0) {
      post({ type: 'done', id: q.id, analysis: null });
      return;
    }
    const engine = engineFor(position, `${q.setup.variant}|${JSON.stringify(q.setup.options)}`);
    const book = books.get(position.variant) ?? null;
    engine.setBook(book);
    const bookLines = q.type === 'analyse' ? bookLinesOf(book, position) : [];
    const withBook = (a: Analysis): Analysis =>
      bookLines.length > 0 ? { ...a, book: bookLines } : a;
    const search: SearchOptions = {
      history: game.positions.slice(0, -1),
      limits: { moveTime: Math.max(1, q.moveTime) },
      level: q.type === 'think' ? (q.level ?? 8) : 8,
      ...(stopFlag ? { stopFlag } : {}),
      ...(q.type === 'analyse'
        ? {
            onInfo: (info: SearchInfo) => {
              const first = info.pv[0];
              post({
                type: 'info',
                id: q.id,
                analysis: withBook(toAnalysis(position, info, first ? entryOf(first) : null)),
              });
            },
          }
        : {}),
    };
    try {
      const result =
        q.type === 'analyse' ? engine.analyse(position, search) : engine.search(position, search);
      const best = result.move ? entryOf(result.move) : null;
      const analysis = withBook(toAnalysis(position, result, best));
      post({
        type: 'done',
        id: q.id,
        analysis: result.threads ? { ...analysis, threads: result.threads } : analysis,
      });
    } finally {
      if (stopFlag) Atomics.store(stopFlag, 0, 0);
    }
  };

  const guarded = (q: Question): void => {
    try {
      answer(q);
    } catch (e) {
      post({ type: 'error', id: q.id, message: e instanceof Error ? e.message : String(e) });
    }
  };
  const bookFor = options.bookFor;
  const gated = bookGate<Question>({
    needs: (q) => {
      if (!bookFor) return undefined;
      if (q.type !== 'analyse' && !(q.type === 'think' && usesBook(q.level ?? 8))) return undefined;
      const variant = getVariant(q.setup.variant, q.setup.options ?? {});
      return variant.ok && !books.has(variant.value) ? variant.value : undefined;
    },
    load: (variant) => bookFor!(variant),
    loaded: (variant, book) => books.set(variant, book),
    handle: guarded,
  });
  // before the book: every question that makes an engine needs its variant's pattern table
  const patternsFor = options.patternsFor;
  const tablesAsked = new Set<string>();
  /** Variants whose table's fetch failed (offline, say): played without it meanwhile. */
  const tablesMissing = new Set<string>();
  const refetching = new Set<string>();
  const withTables = bookGate<Question, boolean>({
    needs: (q) => {
      if (!patternsFor) return undefined;
      const variant = getVariant(q.setup.variant, q.setup.options ?? {});
      return variant.ok && !tablesAsked.has(variant.value.id) ? variant.value : undefined;
    },
    load: (variant) => patternsFor!(variant),
    loaded: (variant, has) => {
      tablesAsked.add(variant.id);
      if (has === null) tablesMissing.add(variant.id);
    },
    handle: gated,
  });
  return {
    setStopFlag(flag) {
      stopFlag = flag;
    },
    setThreads(n) {
      threads = Math.max(1, Math.floor(n));
    },
    answer: (q) => {
      refetchMissing(q);
      withTables(q);
    },
  };

  /**
   * A question of a variant whose table failed to arrive asks for it again, without waiting for
   * it (the game goes on as before); once it is there, the variant's engines, made without it,
   * are let go, and the next question makes one that reads it.
   */
  function refetchMissing(q: Question): void {
    if (!patternsFor || tablesMissing.size === 0) return;
    const variant = getVariant(q.setup.variant, q.setup.options ?? {});
    if (!variant.ok) return;
    const id = variant.value.id;
    if (!tablesMissing.has(id) || refetching.has(id)) return;
    refetching.add(id);
    patternsFor(variant.value).then(
      () => {
        refetching.delete(id);
        tablesMissing.delete(id);
        dropEngines(id);
      },
      () => refetching.delete(id),
    );
  }
}
