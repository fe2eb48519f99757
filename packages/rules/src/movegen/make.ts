/**
 * Make and unmake: play move `i` of a `MoveList` on a board of piece codes in place, and take it
 * back. The list keeps everything unmake needs (the piece before the move, the captured codes), so
 * perft, the search and `Position` walk one mutable board with no copies.
 */
import { KIND_SPLIT, type MoveList } from './move-list.ts';

/** Play move `i` of `list` on `board` (in place). */
export function makeMove(board: Int8Array, list: MoveList, i: number): void {
  const from = list.from[i]!;
  const to = list.to[i]!;
  if (list.kind[i] === KIND_SPLIT) {
    board[from] = list.piece[i]!;
    board[to] = list.piece[i]!;
    return;
  }
  board[from] = 0;
  const at = list.start[i]!;
  const end = at + list.ncap[i]!;
  for (let x = at; x < end; x++) board[list.capSq[x]!] = 0;
  board[to] = list.piece[i]!;
}

/** Take back move `i` of `list` played by `makeMove`. */
export function unmakeMove(board: Int8Array, list: MoveList, i: number): void {
  const from = list.from[i]!;
  const to = list.to[i]!;
  board[to] = 0;
  if (list.kind[i] === KIND_SPLIT) {
    board[from] = list.moved[i]!;
    return;
  }
  const at = list.start[i]!;
  const end = at + list.ncap[i]!;
  for (let x = at; x < end; x++) board[list.capSq[x]!] = list.capCode[x]!;
  board[from] = list.moved[i]!;
}
