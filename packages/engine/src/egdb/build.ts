/**
 * The retrograde builder: the win/draw/loss table of one material signature, from the tables of
 * the signatures its captures and crownings lead into (read through an `EgdbProber`).
 *
 * It works by forward iteration to a fixed point, with the rules' own move generator so that no
 * second copy of any rule exists: a first pass gives every position with no move its value
 * (`noMoveMeans`) and resolves what the smaller tables already decide; then each pass revisits
 * the unresolved positions — a win if some move leads to a loss of the opponent, a loss if every
 * move leads to a win of the opponent — until a pass changes nothing. What is left is a draw:
 * neither side can force a win, with no move-count or repetition rule (table.ts). The index of a
 * position after a plain step is computed from the moved piece's group alone
 * (`MaterialIndex.encodeAfterStep`), the main saving over indexing each board afresh; the mirror
 * signature of a table built, colours swapped, is copied rather than built (mirror.ts).
 *
 * Under the burn rule (Israeli) a move that skips a capture lets the opponent, before his own
 * move, remove one piece that could have captured, or not. The table holds the position after
 * that choice (no burn right pending); the value of such a move's position for the opponent is
 * the best of not burning (this table) and each burn (a table of one piece fewer, built before).
 */
import {
  BLACK_BIT,
  HUFF_BURN,
  MoveGenerator,
  MoveList,
  huffOffence,
  huffRule,
  makeMove,
  unmakeMove,
  type Variant,
} from '@damka/rules';
import { DRAW, INVALID, LOSS, MaterialIndex, UNKNOWN, WIN, type Material } from './table.ts';
import type { EgdbProber } from './probe.ts';

const OPEN = 255;
/**
 * Most move entries kept from pass 1 by default (4 bytes each: 1 GiB); past the limit the passes
 * generate moves again, many times slower. The largest 6-piece tables need more (`moveEntries`).
 */
export const DEFAULT_MOVE_ENTRIES = 1 << 28;
/** The most a build may be given: 4 GiB of entries. */
export const MAX_MOVE_ENTRIES = 1 << 30;

export interface BuildProgress {
  /** Pass number (1 = the first full pass). */
  readonly pass: number;
  readonly done: number;
  readonly total: number;
}

/** Whether `side` (0 white, 1 black) has a piece on `board`. */
function hasPieces(board: Int8Array, side: number): boolean {
  const black = side === 0 ? 0 : BLACK_BIT;
  for (let sq = 0; sq < board.length; sq++) {
    const code = board[sq]!;
    if (code !== 0 && (code & BLACK_BIT) === black) return true;
  }
  return false;
}

/** One byte per position: WIN, DRAW, LOSS or INVALID for the side to move. */
export function buildValues(
  variant: Variant,
  material: Material,
  children: EgdbProber,
  onProgress?: (p: BuildProgress) => void,
  moveEntries = DEFAULT_MOVE_ENTRIES,
): Uint8Array {
  const childCap = Math.min(Math.max(moveEntries, 1 << 16), MAX_MOVE_ENTRIES);
  const index = new MaterialIndex(variant, material);
  const values = new Uint8Array(index.size).fill(OPEN);
  const board = new Int8Array(variant.topology.size);
  const gen = new MoveGenerator(variant.compiled);
  const list = new MoveList();
  const noMoves = variant.rules.noMoveMeans === 'win' ? WIN : LOSS;
  let open = new Int32Array(index.size);
  let openCount = 0;
  const step = 1 << 14;

  // The burn rule: the strict rules' captures say which pieces may be burned after a skipped one.
  const burns = huffRule(variant) === HUFF_BURN;
  const strictGen = new MoveGenerator(variant.compiled.strict);
  const spareGen = new MoveGenerator(variant.compiled);
  const spare = new MoveList();
  const burnable: number[] = [];

  /** Under the burn rule, before move i: fill `burnable` (squares after the move); its length. */
  const offenders = (i: number, side: number): number => {
    if (!burns) return 0;
    burnable.length = 0;
    if (!huffOffence(HUFF_BURN, list, i)) return 0;
    const n = strictGen.generate(board, side, spare, true);
    for (let j = 0; j < n; j++) {
      const sq = spare.from[j] === list.from[i] ? list.to[i]! : spare.from[j]!;
      if (!burnable.includes(sq)) burnable.push(sq);
    }
    return burnable.length;
  };

  /**
   * After a move by `side ^ 1` that gave `side` a burn right: the best value for `side` of the
   * burns in `burnable` (not of declining), or -1 when there is none.
   */
  const bestBurn = (side: number): number => {
    let best = -1;
    for (const sq of burnable) {
      const code = board[sq]!;
      board[sq] = 0;
      let v = children.probeBoard(board, side);
      if (v === UNKNOWN) {
        // the burn took the opponent's last piece: he will have no move after any of ours
        if (hasPieces(board, side ^ 1)) throw new Error(`no table for a position after a burn`);
        const ours = spareGen.generate(board, side, spare, true);
        v = ours === 0 ? noMoves : noMoves === WIN ? LOSS : WIN;
      }
      board[sq] = code;
      if (v === WIN) return WIN;
      if (best < 0 || v === DRAW) best = v;
    }
    return best;
  };

  /** The index after quiet move i (played on the board `index` last decoded), `side` to move. */
  const stepIndex = (i: number, side: number): number =>
    index.encodeAfterStep(list.moved[i]!, list.from[i]!, list.to[i]!, side);

  /** The value of the position after move i for its mover, or OPEN. */
  const child = (i: number, side: number): number => {
    const offence = offenders(i, side) > 0;
    makeMove(board, list, i);
    let v: number;
    if (list.ncap[i] === 0 && list.piece[i] === list.moved[i]) {
      v = values[stepIndex(i, side ^ 1)]!;
    } else {
      v = children.probeBoard(board, side ^ 1);
      if (v < 0) throw new Error(`no table for a position after a capture or crowning`);
    }
    if (offence) {
      // the opponent takes the better of declining (v) and his best burn
      const b = bestBurn(side ^ 1);
      if (b === WIN) v = WIN;
      else if (b === DRAW) v = v === LOSS ? DRAW : v; // an open v can still become a win
    }
    unmakeMove(board, list, i);
    return v;
  };

  /** Moves in `list` (of the position `resolve` left on `board`). */
  let moves = 0;
  /** Try to resolve position `at` (on `board` when `side` is given); true when it got a value. */
  const resolve = (at: number, side = index.decode(at, board)): boolean => {
    const n = gen.generate(board, side, list, true);
    moves = n;
    if (n === 0) {
      values[at] = noMoves;
      return true;
    }
    let allWin = true;
    for (let i = 0; i < n; i++) {
      const v = child(i, side);
      if (v === LOSS) {
        values[at] = WIN;
        return true;
      }
      if (v !== WIN) allWin = false;
    }
    if (allWin) {
      values[at] = LOSS;
      return true;
    }
    return false;
  };

  // Pass 1 also keeps, for each position it leaves open, the indices of its moves' positions in
  // this table (the others are decided already), so later passes need no move generation; past
  // `childCap` entries it stops keeping them and the passes generate moves again. A move after
  // which the opponent's best burn is a draw is kept as `~index`: its loss counts as a draw.
  let kids = new Int32Array(1 << 16);
  let kidCount = 0;
  let kept = true;
  let first = new Int32Array(index.size >= 1 << 20 ? 1 << 20 : index.size + 1);
  /** Per open position: 1 when no move leads to a decided draw (so it may still be lost). */
  let mayLose = new Uint8Array(first.length);
  /** Keep the moves of the open position on `board` (its moves in `list`, from `resolve`). */
  const record = (side: number): void => {
    if (!kept) return;
    if (openCount + 1 >= first.length) {
      const f = new Int32Array(first.length * 2);
      f.set(first);
      first = f;
      const m = new Uint8Array(first.length);
      m.set(mayLose);
      mayLose = m;
    }
    first[openCount] = kidCount;
    let lose = 1;
    const n = moves;
    for (let i = 0; i < n; i++) {
      if (list.ncap[i] === 0 && list.piece[i] === list.moved[i]) {
        const offence = offenders(i, side) > 0;
        makeMove(board, list, i);
        let c = stepIndex(i, side ^ 1);
        const b = offence ? bestBurn(side ^ 1) : -1;
        unmakeMove(board, list, i);
        if (b === WIN) continue; // decided: a win for the opponent
        if (b === DRAW) c = ~c;
        if (kidCount >= kids.length) {
          if (kids.length >= childCap) {
            kept = false;
            return;
          }
          const k = new Int32Array(Math.min(kids.length * 2, childCap));
          k.set(kids);
          kids = k;
        }
        kids[kidCount++] = c;
      } else if (child(i, side) === DRAW) lose = 0;
    }
    mayLose[openCount] = lose;
    first[openCount + 1] = kidCount;
  };
  for (let at = 0; at < index.size; at++) {
    if ((at & (step - 1)) === 0) onProgress?.({ pass: 1, done: at, total: index.size });
    const side = index.decode(at, board);
    if (side < 0) {
      values[at] = INVALID;
      continue;
    }
    if (!resolve(at, side)) {
      record(side);
      open[openCount++] = at;
    }
  }
  for (let pass = 2; openCount > 0; pass++) {
    const next = new Int32Array(openCount);
    let left = 0;
    for (let k = 0; k < openCount; k++) {
      if ((k & (step - 1)) === 0) onProgress?.({ pass, done: k, total: openCount });
      const at = open[k]!;
      if (kept) {
        // the kept moves: a win if one leads to a loss, a loss if all lead to wins
        let allWin = mayLose[k] === 1;
        let v = -1;
        for (let j = first[k]!, end = first[k + 1]!; j < end; j++) {
          const kid = kids[j]!;
          let c = values[kid < 0 ? ~kid : kid]!;
          if (kid < 0 && c === LOSS) c = DRAW;
          if (c === LOSS) {
            v = WIN;
            break;
          }
          if (c !== WIN) allWin = false;
        }
        if (v < 0 && allWin) v = LOSS;
        if (v >= 0) {
          values[at] = v;
          continue;
        }
        // still open: keep its moves for the next pass, compacted to the front
        const from = first[k]!;
        const end = first[k + 1]!;
        const to = left === 0 ? 0 : first[left]!;
        if (to !== from) kids.copyWithin(to, from, end);
        first[left] = to;
        first[left + 1] = to + end - from;
        mayLose[left] = mayLose[k]!;
        next[left++] = at;
      } else if (!resolve(at)) next[left++] = at;
    }
    if (left === openCount) break;
    open = next;
    openCount = left;
  }
  for (let k = 0; k < openCount; k++) values[open[k]!] = DRAW;
  return values;
}
