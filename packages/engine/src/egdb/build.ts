/**
 * The retrograde builder: the win/draw/loss table of one material signature, from the tables of
 * the signatures its captures and crownings lead into (read through an `EgdbProber`).
 *
 * It works by forward iteration to a fixed point, with the rules' own move generator so that no
 * second copy of any rule exists: a first pass gives every position with no move its value
 * (`noMoveMeans`) and resolves what the smaller tables already decide; then each pass revisits
 * the unresolved positions — a win if some move leads to a loss of the opponent, a loss if every
 * move leads to a win of the opponent — until a pass changes nothing. What is left is a draw:
 * neither side can force a win, with no move-count or repetition rule (table.ts).
 */
import { MoveGenerator, MoveList, makeMove, unmakeMove, type Variant } from '@damka/rules';
import { DRAW, INVALID, LOSS, MaterialIndex, WIN, type Material } from './table.ts';
import type { EgdbProber } from './probe.ts';

const OPEN = 255;

export interface BuildProgress {
  /** Pass number (1 = the first full pass). */
  readonly pass: number;
  readonly done: number;
  readonly total: number;
}

/** One byte per position: WIN, DRAW, LOSS or INVALID for the side to move. */
export function buildValues(
  variant: Variant,
  material: Material,
  children: EgdbProber,
  onProgress?: (p: BuildProgress) => void,
): Uint8Array {
  const index = new MaterialIndex(variant, material);
  const values = new Uint8Array(index.size).fill(OPEN);
  const board = new Int8Array(variant.topology.size);
  const gen = new MoveGenerator(variant.compiled);
  const list = new MoveList();
  const noMoves = variant.rules.noMoveMeans === 'win' ? WIN : LOSS;
  let open = new Int32Array(index.size);
  let openCount = 0;
  const step = 1 << 14;

  /** The value of the position after move i for its mover, or OPEN. */
  const child = (i: number, side: number): number => {
    makeMove(board, list, i);
    let v: number;
    if (list.ncap[i] === 0 && list.piece[i] === list.moved[i]) {
      v = values[index.encode(board, side ^ 1)]!;
    } else {
      v = children.probeBoard(board, side ^ 1);
      if (v < 0) throw new Error(`no table for a position after a capture or crowning`);
    }
    unmakeMove(board, list, i);
    return v;
  };

  /** Try to resolve position `at`; true when it got a value. */
  const resolve = (at: number): boolean => {
    const side = index.decode(at, board);
    const n = gen.generate(board, side, list, true);
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

  for (let at = 0; at < index.size; at++) {
    if ((at & (step - 1)) === 0) onProgress?.({ pass: 1, done: at, total: index.size });
    if (index.decode(at, board) < 0) {
      values[at] = INVALID;
      continue;
    }
    if (!resolve(at)) open[openCount++] = at;
  }
  for (let pass = 2; openCount > 0; pass++) {
    const next = new Int32Array(openCount);
    let kept = 0;
    for (let k = 0; k < openCount; k++) {
      if ((k & (step - 1)) === 0) onProgress?.({ pass, done: k, total: openCount });
      const at = open[k]!;
      if (!resolve(at)) next[kept++] = at;
    }
    if (kept === openCount) break;
    open = next;
    openCount = kept;
  }
  for (let k = 0; k < openCount; k++) values[open[k]!] = DRAW;
  return values;
}
