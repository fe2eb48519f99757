/**
 * The square-pass form of the evaluation: one walk over the board with one piece-square table read
 * per piece, the neighbour terms read from link tables, and (at a leaf) the test whether the side
 * to move has a capture or a step. Every board uses it where no bitboard form fits (Dhamet, and
 * 8x8 rule sets with structure or shape terms weighted), and it is the reference the bitboard
 * forms are tested against.
 */
import { BLACK_BIT, MAN } from '@damka/rules';
import type { EvalTables } from './tables.ts';
import { finish, raceScore, shapeScore } from './terms.ts';

/**
 * What the quiet test returns for a position that is not quiet (a capture to play, or no step);
 * far outside every real score.
 */
export const NOT_QUIET = 0x40000000;

/** The score of `board` for `side` to move; at a `leaf`, `NOT_QUIET` unless the position is quiet. */
export function scanSquares(tb: EvalTables, board: Int8Array, side: number, leaf: boolean): number {
  const size = tb.size;
  const pst = tb.pst;
  const structure = tb.wStructure;
  const kingMobility = tb.wKingMobility;
  const loose = tb.wLoose;
  const ndirs = tb.ndirs;
  const nb = tb.neighbour;
  const reverse = tb.reverse;
  const jumpMask = tb.jumpMask;
  const capturable = tb.capturable;
  const width = tb.width;
  const stepTo = tb.stepTo;
  const jumpOver = tb.jumpOver;
  const jumpLand = tb.jumpLand;
  const me = side === 0 ? 0 : BLACK_BIT;
  let stepFound = !leaf;
  let score = 0;
  let whitePieces = 0;
  let blackPieces = 0;
  let whiteKings = 0;
  let blackKings = 0;
  let whiteRunaway = 0;
  let blackRunaway = 0;
  let looseCount = 0;
  const shape = tb.shape;
  let formation = 0;
  let tail = 0;
  let mobility = 0;
  let whiteWing = 0;
  let blackWing = 0;
  let tempo = 0;
  // one pass: table value, counts, and the terms that read neighbours
  for (let sq = 0; sq < size; sq++) {
    const code = board[sq]!;
    if (code === 0) continue;
    score += pst[code * size + sq]!;
    const black = code & BLACK_BIT;
    const sign = black ? -1 : 1;
    const around = sq * ndirs;
    if ((code & 3) === MAN) {
      if (black) blackPieces++;
      else whitePieces++;
      const ci = black ? size + sq : sq;
      const value = tb.runawayValue[ci]!;
      if (value !== 0) {
        let free = true;
        for (let k = tb.coneStart[ci]!, end = tb.coneEnd[ci]!; k < end; k++) {
          if (board[tb.cone[k]!] !== 0) {
            free = false;
            break;
          }
        }
        if (free) {
          if (black) blackRunaway += value;
          else whiteRunaway += value;
        }
      }
      if (structure !== 0) {
        let friends = 0;
        const dirs = tb.orthDirs;
        for (let i = 0; i < dirs.length; i++) {
          const n = nb[around + dirs[i]!]!;
          if (n >= 0 && board[n] === code) friends++;
        }
        score += sign * friends * structure;
      }
      if (shape) {
        const colour = black ? 1 : 0;
        if (tb.homeRow[colour * size + sq] === 0) {
          const back = tb.manBack[colour]!;
          let covered = true;
          for (let i = 0; i < back.length; i++) {
            const n = nb[around + back[i]!]!;
            if (n >= 0 && (board[n] === 0 || (board[n]! & BLACK_BIT) !== black)) covered = false;
          }
          if (covered) formation += sign;
        }
        const forward = tb.manForward[colour]!;
        let free = 0;
        for (let i = 0; i < forward.length; i++) {
          const n = nb[around + forward[i]!]!;
          if (n >= 0 && board[n] === 0) free++;
        }
        mobility += sign * free;
        if (free === 0) tail += sign;
        tempo += sign * tb.progress[colour * size + sq]!;
        const wing = tb.leftWing[sq] === 1 ? 1 : -1;
        if (black) blackWing += wing;
        else whiteWing += wing;
      }
    } else {
      if (black) {
        blackPieces++;
        blackKings++;
      } else {
        whitePieces++;
        whiteKings++;
      }
      if (kingMobility !== 0) {
        let free = 0;
        for (let d = 0; d < ndirs; d++) {
          const n = nb[around + d]!;
          if (n >= 0 && board[n] === 0) free++;
        }
        score += sign * free * kingMobility;
      }
    }
    if (black !== me) continue;
    if (leaf) {
      // can this piece capture? (then the position is not quiet) and can it step?
      const cap = code * 8;
      if (tb.flying[code] === 1) {
        const dirs = tb.firstJumpDirs[code]!;
        const next = tb.next;
        for (let i = 0; i < dirs.length; i++) {
          const base = dirs[i]! * size;
          let over = next[base + sq]!;
          if (over >= 0 && board[over] === 0) stepFound = true;
          while (over >= 0 && board[over] === 0) over = next[base + over]!;
          if (over < 0 || capturable[cap + board[over]!] === 0) continue;
          const land = next[base + over]!;
          if (land >= 0 && board[land] === 0) return NOT_QUIET;
        }
      } else {
        for (let k = (code * size + sq) * width; ; k++) {
          const over = jumpOver[k]!;
          if (over < 0) break;
          const victim = board[over]!;
          if (victim !== 0 && capturable[cap + victim] !== 0 && board[jumpLand[k]!] === 0) {
            return NOT_QUIET;
          }
        }
      }
      if (!stepFound) {
        for (let k = (code * size + sq) * width; ; k++) {
          const to = stepTo[k]!;
          if (to < 0) break;
          if (board[to] === 0) {
            stepFound = true;
            break;
          }
        }
      }
    }
    // a loose piece of the side to move: an adjacent enemy can jump it next move
    if (loose !== 0) {
      for (let d = 0; d < ndirs; d++) {
        const land = nb[around + d]!;
        if (land < 0 || board[land] !== 0) continue;
        const from = nb[around + reverse[d]!]!;
        if (from < 0) continue;
        const attacker = board[from]!;
        if (attacker === 0 || (attacker & BLACK_BIT) === me) continue;
        if ((jumpMask[attacker]! & (1 << d)) === 0) continue;
        if (capturable[attacker * 8 + code] === 0) continue;
        looseCount++;
        break;
      }
    }
  }
  if (!stepFound) return NOT_QUIET;
  if (shape) score += shapeScore(tb, formation, tail, mobility, whiteWing, blackWing, tempo);
  if (tb.patterns !== null) score += tb.patterns.scoreBoard(board);
  if (tb.race) score += raceScore(tb, side, nearCrown(tb, board, 0), nearCrown(tb, board, 1));
  return finish(
    tb,
    score,
    side,
    whitePieces,
    blackPieces,
    whiteKings,
    blackKings,
    whiteRunaway,
    blackRunaway,
    looseCount,
  );
}

/** The men of `colour` one step from crowning with a free square to step to (the race term). */
function nearCrown(tb: EvalTables, board: Int8Array, colour: number): number {
  const code = colour === 0 ? MAN : BLACK_BIT | MAN;
  const squares = tb.crownSquares[colour]!;
  let near = 0;
  for (let i = 0; i < squares.length; i++) {
    const sq = squares[i]!;
    if (board[sq] !== code) continue;
    for (let k = (code * tb.size + sq) * tb.width; tb.stepTo[k]! >= 0; k++) {
      if (board[tb.stepTo[k]!] === 0) {
        near++;
        break;
      }
    }
  }
  return near;
}
