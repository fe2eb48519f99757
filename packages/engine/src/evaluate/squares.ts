/**
 * The square-pass form of the evaluation: one walk over the board with one piece-square table read
 * per piece, the neighbour terms read from link tables, and (at a leaf) the test whether the side
 * to move has a capture or a step. The boards of more than 64 squares (Dhamet, Canadian) use it,
 * and it is the reference the bitboard forms are tested against.
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
  const jumpMask = tb.jumpMask;
  const stepMask = tb.stepMask;
  const capturable = tb.capturable;
  const flying = tb.flying;
  const linkStart = tb.linkStart;
  const linkTo = tb.linkTo;
  const linkOver = tb.linkOver;
  const linkBack = tb.linkBack;
  const linkBit = tb.linkBit;
  const runawayValue = tb.runawayValue;
  const coneStart = tb.coneStart;
  const coneEnd = tb.coneEnd;
  const cone = tb.cone;
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
  // one pass: table value, counts, and the terms that read neighbours (Math.imul for the signed
  // products: a product that is -0 would make V8 throw away the compiled pass)
  for (let sq = 0; sq < size; sq++) {
    const code = board[sq]!;
    if (code === 0) continue;
    score += pst[code * size + sq]!;
    const black = code & BLACK_BIT;
    const sign = black ? -1 : 1;
    const first = linkStart[sq]!;
    const last = linkStart[sq + 1]!;
    if ((code & 3) === MAN) {
      if (black) blackPieces++;
      else whitePieces++;
      const ci = black ? size + sq : sq;
      const value = runawayValue[ci]!;
      if (value !== 0) {
        let free = true;
        for (let k = coneStart[ci]!, end = coneEnd[ci]!; k < end; k++) {
          if (board[cone[k]!] !== 0) {
            free = false;
            break;
          }
        }
        if (free) {
          if (black) blackRunaway += value;
          else whiteRunaway += value;
        }
      }
      if (structure !== 0) score += Math.imul(sign, friendsOf(tb, board, sq, code) * structure);
      if (shape) {
        const colour = black ? 1 : 0;
        const around = sq * tb.ndirs;
        const nb = tb.neighbour;
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
        mobility += Math.imul(sign, free);
        if (free === 0) tail += sign;
        tempo += Math.imul(sign, tb.progress[colour * size + sq]!);
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
        for (let k = first; k < last; k++) if (board[linkTo[k]!] === 0) free++;
        score += Math.imul(sign, free * kingMobility);
      }
    }
    if (black !== me) continue;
    // a piece of the side to move. At a leaf: can it capture (then the position is not quiet),
    // can it step? And is it loose: an adjacent enemy can jump it next move. One walk over the
    // lines through its square answers all three; a flying king's long captures are looked for
    // along each line first.
    const flies = leaf && flying[code] === 1;
    if (flies) {
      const jumps = tb.firstJumpDirs[code]!;
      const next = tb.next;
      const cap = code * 8;
      for (let i = 0; i < jumps.length; i++) {
        const base = jumps[i]! * size;
        let over = next[base + sq]!;
        if (over >= 0 && board[over] === 0) stepFound = true;
        while (over >= 0 && board[over] === 0) over = next[base + over]!;
        if (over < 0 || capturable[cap + board[over]!] === 0) continue;
        const land = next[base + over]!;
        if (land >= 0 && board[land] === 0) return NOT_QUIET;
      }
    }
    // short jumps are tested only at a leaf, and not for a flying king (tested above)
    const jumps = leaf && !flies ? jumpMask[code]! : 0;
    const steps = leaf ? stepMask[code]! : 0;
    const cap = code * 8;
    let looseFound = loose === 0;
    if (looseFound && jumps === 0 && steps === 0) continue;
    for (let k = first; k < last; k++) {
      const bit = linkBit[k]!;
      const near = board[linkTo[k]!]!;
      if (near === 0) {
        if ((steps & bit) !== 0) stepFound = true;
        if (looseFound) continue;
        const from = linkBack[k]!;
        if (from < 0) continue;
        const attacker = board[from]!;
        if (attacker === 0 || (attacker & BLACK_BIT) === me) continue;
        if ((jumpMask[attacker]! & bit) === 0 || capturable[attacker * 8 + code] === 0) continue;
        looseCount++;
        looseFound = true;
      } else if ((jumps & bit) !== 0 && capturable[cap + near] !== 0) {
        const land = linkOver[k]!;
        if (land >= 0 && board[land] === 0) return NOT_QUIET;
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

/** A man's friendly orthogonal neighbours (Turkish structure: men in pairs cannot be jumped). */
function friendsOf(tb: EvalTables, board: Int8Array, sq: number, code: number): number {
  const dirs = tb.orthDirs;
  const around = sq * tb.ndirs;
  let friends = 0;
  for (let i = 0; i < dirs.length; i++) {
    const n = tb.neighbour[around + dirs[i]!]!;
    if (n >= 0 && board[n] === code) friends++;
  }
  return friends;
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
