/**
 * The opening book builder: grows a variant's opening tree from the start position, scoring every
 * legal move of each position with a deep fixed-depth search. A position keeps the moves within a
 * reply margin of the best (at most a few): the replies an opponent may well play, so that the
 * book is not left the moment the opponent plays another reasonable move. Of those, the moves
 * within the (smaller) play margin are the ones the book plays, weighted by their score: a
 * move's weight halves for every quarter of the play margin it scores below the best, so the book
 * varies its play only among moves the deep search holds nearly equal and plays the best one most
 * often; a reply below the play margin has weight 0 (known, never played). Self-play showed why
 * (BENCHMARKS.md, "Opening books"): a book that knew only its own choices was left at the
 * opponent's first move, and one that chose evenly among moves a shallow search held equal scored
 * less than no book.
 *
 * The tree is grown most-likely-first: each position carries the chance that a game with a book
 * player reaches it (along its line, each move's share: half its share of the play weights, half
 * an even share among the position's book moves, for the opponent who plays any of them), and
 * the next position searched is always the likeliest one not yet in the book. So a book cut off at
 * any size covers the lines games actually take, the main line deepest. Positions with one legal
 * move (a forced capture, Dhamet's compulsory opening) are walked through without an entry and
 * without counting a ply. The order depends only on the book so far, and each position is searched
 * from a cleared search state, so a build resumes exactly where it stopped and ends with the book
 * an uninterrupted build makes: entries already in `previous` are taken as they are instead of
 * being searched again.
 */
import { colorIndex, Position, type Move, type Variant } from '@damka/rules';
import { MATE_BOUND, Searcher } from '../search.ts';
import { moveIdOf } from '../ordering.ts';
import { moveIdOfMove } from '../engine.ts';
import { bookKey, type BookEntry, type BookFile, type BookMove } from './format.ts';

export interface BookBuildOptions {
  /** Search depth scoring each position's moves. */
  readonly depth: number;
  /** Plies from the start position (forced ones not counted) beyond which nothing is added. */
  readonly plies: number;
  /** Positions (entries) the book holds when done. */
  readonly positions: number;
  /** Moves within this many hundredths of a man of the best are played (weight 1–255). */
  readonly margin: number;
  /** Moves within this many of the best are kept as replies (weight 0 beyond `margin`). */
  readonly replyMargin?: number;
  /** Most moves kept per position. */
  readonly maxMoves: number;
  /** log2 of the search's transposition table entries (default 20). */
  readonly ttBits?: number;
}

export interface BookBuildHooks {
  /** After each position searched or taken from `previous`: entries so far. */
  readonly onEntry?: (entries: number, searched: boolean) => void;
  /** Called every `saveEvery` new entries with the book so far (and at the end). */
  readonly save?: (book: BookFile) => void;
  readonly saveEvery?: number;
  /** Polled between positions: true stops the build (the book so far is saved). */
  readonly shouldStop?: () => boolean;
  /**
   * A flag another thread sets (to anything but 0) to stop at once: the search in hand stops
   * within a few hundred nodes, its position is left for the next run, and the book so far is
   * saved. Only a build in a worker thread can be stopped so (book/build-node.ts): on the main
   * thread nothing else runs until the search in hand is over.
   */
  readonly stopFlag?: Int32Array;
}

interface Node {
  readonly position: Position;
  readonly chance: number;
  readonly ply: number;
  readonly order: number;
}

/**
 * Build (or resume) a book; resolves to the book and whether it is complete. It gives the event
 * loop a turn after each position searched, so that a signal handler can ask it to stop.
 */
export async function buildBook(
  variant: Variant,
  options: BookBuildOptions,
  previous: BookFile | undefined,
  hooks: BookBuildHooks = {},
): Promise<{ book: BookFile; complete: boolean }> {
  const known = new Map<string, BookEntry>();
  for (const e of previous?.entries ?? []) known.set(`${e.lo}:${e.hi}`, e);
  const searcher = new Searcher(variant, { ttBits: options.ttBits ?? 20 });
  const entries: BookEntry[] = [];
  const seen = new Set<string>();
  const frontier: Node[] = [];
  let order = 0;
  frontier.push({ position: Position.start(variant), chance: 1, ply: 0, order: order++ });
  const file = (): BookFile => ({
    variant: variant.id,
    depth: options.depth,
    plies: options.plies,
    margin: options.margin,
    entries: [...entries],
  });
  let unsaved = 0;
  let stopped = false;
  while (frontier.length > 0 && entries.length < options.positions) {
    const flagged = hooks.stopFlag !== undefined && Atomics.load(hooks.stopFlag, 0) !== 0;
    if (flagged || hooks.shouldStop?.()) {
      stopped = true;
      break;
    }
    const node = takeLikeliest(frontier);
    const key = bookKey(node.position);
    if (!key) continue;
    const name = `${key[0]}:${key[1]}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const legal = node.position.legalMoves();
    if (legal.length === 0 || node.ply >= options.plies) continue;
    if (legal.length === 1) {
      frontier.push({ ...node, position: node.position.play(legal[0]!), order: order++ });
      continue;
    }
    let entry = known.get(name);
    const searched = entry === undefined;
    entry ??= searchEntry(searcher, node.position, key, options, hooks.stopFlag);
    if (entry === undefined) {
      stopped = true;
      break;
    }
    entries.push(entry);
    hooks.onEntry?.(entries.length, searched);
    if (searched) await new Promise((resolve) => setImmediate(resolve));
    if (searched && ++unsaved >= (hooks.saveEvery ?? 25)) {
      hooks.save?.(file());
      unsaved = 0;
    }
    let total = 0;
    for (const m of entry.moves) total += m.weight;
    for (const m of entry.moves) {
      const move = legal.find((x) => sameMove(x, m));
      if (!move) continue;
      const share = 0.5 * (total > 0 ? m.weight / total : 0) + 0.5 / entry.moves.length;
      frontier.push({
        position: node.position.play(move),
        chance: node.chance * share,
        ply: node.ply + 1,
        order: order++,
      });
    }
  }
  const book = file();
  hooks.save?.(book);
  return { book, complete: !stopped };
}

/**
 * The weight of a move `loss` hundredths of a man below the best: 255 for the best, halved for
 * every quarter of `margin` below it (a move a whole margin below gets 1/16 of the best's, never
 * less than 1); 0, never played, beyond the margin.
 */
export function bookWeight(loss: number, margin: number): number {
  if (loss > margin) return 0;
  const halfLife = Math.max(1, margin / 4);
  return Math.max(1, Math.round(255 * 0.5 ** (Math.max(0, loss) / halfLife)));
}

/** Remove and return the likeliest node (the earliest of equals: the build is deterministic). */
function takeLikeliest(frontier: Node[]): Node {
  let best = 0;
  for (let i = 1; i < frontier.length; i++) {
    const a = frontier[i]!;
    const b = frontier[best]!;
    if (a.chance > b.chance || (a.chance === b.chance && a.order < b.order)) best = i;
  }
  const node = frontier[best]!;
  frontier[best] = frontier[frontier.length - 1]!;
  frontier.pop();
  return node;
}

function sameMove(move: Move, m: BookMove): boolean {
  if (move.from !== m.from || move.to !== m.to || (move.kind === 'split') !== m.split) return false;
  if (move.captures.length !== m.captures.length) return false;
  const a = [...move.captures].sort((x, y) => x - y);
  const b = [...m.captures].sort((x, y) => x - y);
  return a.every((x, i) => x === b[i]);
}

/**
 * Score every move of `position` at the book's depth; keep the best ones within the margins.
 * Undefined when `stopFlag` stopped the search.
 */
function searchEntry(
  searcher: Searcher,
  position: Position,
  key: [number, number],
  options: BookBuildOptions,
  stopFlag: Int32Array | undefined,
): BookEntry | undefined {
  // each position is searched afresh: what earlier searches left in the transposition table and
  // the move history would make its scores depend on them, and a resumed build, which has not
  // searched them, would differ from one run without a stop
  searcher.clear();
  const board = position.board();
  const side = colorIndex(position.turn);
  const raw = searcher.run(board, side, {
    limits: { depth: options.depth },
    openingPly: position.openingPly,
    kingRuns: position.kingRuns,
    analysis: true,
    ...(stopFlag ? { stopFlag } : {}),
  });
  const list = searcher.rootList;
  const scores = searcher.scoreRootMoves(board, side, raw.depth);
  // stopped from another thread: the scores are unfinished, so the position is not kept
  if (stopFlag !== undefined && Atomics.load(stopFlag, 0) !== 0) return undefined;
  const legal = position.legalMoves();
  const scored: { move: Move; score: number }[] = [];
  for (let i = 0; i < list.count; i++) {
    const id = moveIdOf(list, i);
    const move = legal.find((m) => moveIdOfMove(position.variant, m) === id);
    if (move)
      scored.push({ move, score: scores ? scores[i]! : i === raw.index ? raw.score : -1e9 });
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]!.score;
  // a decided position keeps only its best moves; elsewhere the replies within the reply margin
  const decided = Math.abs(best) >= MATE_BOUND;
  const margin = decided ? 0 : options.margin;
  const replyMargin = decided ? 0 : Math.max(margin, options.replyMargin ?? margin);
  const kept = scored.filter((s) => s.score >= best - replyMargin).slice(0, options.maxMoves);
  const moves: BookMove[] = kept.map((s) => ({
    from: s.move.from,
    to: s.move.to,
    captures: [...s.move.captures].sort((a, b) => a - b),
    split: s.move.kind === 'split',
    weight: bookWeight(best - s.score, margin),
    score: Math.abs(s.score) >= MATE_BOUND ? Math.sign(s.score) * 32000 : s.score,
  }));
  return { lo: key[0], hi: key[1], moves };
}
