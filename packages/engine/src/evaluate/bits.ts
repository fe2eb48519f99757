/**
 * The one-word bitboard form of the evaluation, for boards of at most 32 squares: the search keeps
 * one mask per piece code up to date move by move (`BITS_STRIDE` words per ply, see `loadBits`),
 * and each neighbour term is computed for all pieces at once with two shifts per direction (a
 * diagonal board moves squares by one of two index deltas per direction, by row parity). The
 * same terms as the square pass, the men's shape and the race included, and the same scores
 * (tested; the bench node count depends on it).
 */
import { BLACK_BIT, MAN } from '@damka/rules';
import type { EvalTables } from './tables.ts';
import { NOT_QUIET } from './squares.ts';
import { finish, raceScore, type BitsForm } from './terms.ts';
import { wideShape } from './wide-bits.ts';
import { BITS_STRIDE, popcount, type Shifts } from './shifts.ts';

/** Every square of mask `x` moved one step in direction `d`. */
function shift(t: Shifts, x: number, d: number): number {
  return (
    (((x & t.mask0[d]!) << t.left0[d]!) >>> t.right0[d]!) |
    (((x & t.mask1[d]!) << t.left1[d]!) >>> t.right1[d]!)
  );
}

/**
 * `evaluate` / `evaluateQuiet` from bitboards: `codes[at + code]` is the mask of the squares
 * holding `code` (codes 1–7), `tableSum` the sum of `pst` over the board. Only when `bits` is
 * not null.
 */
export const evaluateBits: BitsForm = (tb, codes, at, tableSum, side, leaf) => {
  const t = tb.bits!;
  const m0 = t.mask0;
  const l0 = t.left0;
  const r0 = t.right0;
  const m1 = t.mask1;
  const l1 = t.left1;
  const r1 = t.right1;
  const capturable = tb.capturable;
  const reverse = tb.reverse;
  const ndirs = tb.ndirs;
  const whiteMen = codes[at + MAN]!;
  const whiteKingBits = codes[at + 2]! | codes[at + 3]!;
  const blackMen = codes[at + (BLACK_BIT | MAN)]!;
  const blackKingBits = codes[at + (BLACK_BIT | 2)]! | codes[at + (BLACK_BIT | 3)]!;
  const white = whiteMen | whiteKingBits;
  const black = blackMen | blackKingBits;
  const occupied = white | black;
  const empty = ~occupied & t.all;
  const me = side === 0 ? 0 : BLACK_BIT;
  const them = me ^ BLACK_BIT;

  if (leaf) {
    // the side to move must have no capture and at least one step
    let stepFound = false;
    for (let code = me + 1; code <= me + 3; code++) {
      const pieces = codes[at + code]!;
      if (pieces === 0) continue;
      const cap = code * 8;
      // the codes it may take (all the opponent's but where men may not take kings), without a
      // branch that one rule set would run first in the middle of a bench or a match
      const victims =
        (-capturable[cap + them + 1]! & codes[at + them + 1]!) |
        (-capturable[cap + them + 2]! & codes[at + them + 2]!) |
        (-capturable[cap + them + 3]! & codes[at + them + 3]!);
      const jumps = tb.firstJumpDirs[code]!;
      if (tb.flying[code] === 1) {
        for (let i = 0; i < jumps.length; i++) {
          const d = jumps[i]!;
          // every square each piece sees along d, up to and including the first piece
          let front =
            (((pieces & m0[d]!) << l0[d]!) >>> r0[d]!) | (((pieces & m1[d]!) << l1[d]!) >>> r1[d]!);
          if ((front & empty) !== 0) stepFound = true;
          let blockers = 0;
          while (front !== 0) {
            blockers |= front & occupied;
            const open = front & empty;
            front =
              (((open & m0[d]!) << l0[d]!) >>> r0[d]!) | (((open & m1[d]!) << l1[d]!) >>> r1[d]!);
          }
          const hit = blockers & victims;
          const land =
            (((hit & m0[d]!) << l0[d]!) >>> r0[d]!) | (((hit & m1[d]!) << l1[d]!) >>> r1[d]!);
          if ((land & empty) !== 0) return NOT_QUIET;
        }
      } else {
        for (let i = 0; i < jumps.length; i++) {
          const d = jumps[i]!;
          const over =
            ((((pieces & m0[d]!) << l0[d]!) >>> r0[d]!) |
              (((pieces & m1[d]!) << l1[d]!) >>> r1[d]!)) &
            victims;
          if (over === 0) continue;
          const land =
            (((over & m0[d]!) << l0[d]!) >>> r0[d]!) | (((over & m1[d]!) << l1[d]!) >>> r1[d]!);
          if ((land & empty) !== 0) return NOT_QUIET;
        }
      }
      if (!stepFound) {
        // every step direction, without an early exit: the loop's increment then runs from the
        // first call, and the compiled evaluation never meets it first later
        const steps = tb.stepDirs[code]!;
        let to = 0;
        for (let i = 0; i < steps.length; i++) {
          const d = steps[i]!;
          to |=
            (((pieces & m0[d]!) << l0[d]!) >>> r0[d]!) | (((pieces & m1[d]!) << l1[d]!) >>> r1[d]!);
        }
        if ((to & empty) !== 0) stepFound = true;
      }
    }
    if (!stepFound) return NOT_QUIET;
  }

  let score = tableSum;
  if (tb.wKingMobility !== 0 && (whiteKingBits | blackKingBits) !== 0) {
    let free = 0;
    for (let d = 0; d < ndirs; d++) {
      const w =
        (((whiteKingBits & m0[d]!) << l0[d]!) >>> r0[d]!) |
        (((whiteKingBits & m1[d]!) << l1[d]!) >>> r1[d]!);
      const b =
        (((blackKingBits & m0[d]!) << l0[d]!) >>> r0[d]!) |
        (((blackKingBits & m1[d]!) << l1[d]!) >>> r1[d]!);
      free += popcount(w & empty) - popcount(b & empty);
    }
    score += free * tb.wKingMobility;
  }

  if (tb.wStructure !== 0) {
    // men side by side on a rank or file: count each man's friendly orthogonal neighbours
    let friends = 0;
    const dirs = tb.orthDirs;
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i]!;
      friends += popcount(shift(t, whiteMen, d) & whiteMen);
      friends -= popcount(shift(t, blackMen, d) & blackMen);
    }
    score += friends * tb.wStructure;
  }
  // the men's shape from the two-word tables, high words empty (one home for the shape counts)
  if (tb.shape) score += wideShape(tb, whiteMen, 0, white, 0, blackMen, 0, black, 0, empty, 0);

  if (tb.patterns !== null) score += tb.patterns.scoreBits(whiteMen, 0, blackMen, 0);

  if (tb.race) {
    score += raceScore(
      tb,
      side,
      nearCrown(tb, 0, whiteMen, empty),
      nearCrown(tb, 1, blackMen, empty),
    );
  }

  let whiteRunaway = 0;
  let blackRunaway = 0;
  const size = tb.size;
  // the value is read and the sum taken for every man in the zone, open cone or not: the
  // compiled evaluation then never meets the first open cone late
  for (let x = whiteMen & t.runawayZone[0]!; x !== 0; x &= x - 1) {
    const sq = 31 - Math.clz32(x & -x);
    const value = tb.runawayValue[sq]!;
    whiteRunaway += (occupied & t.coneMask[sq]!) === 0 ? value : 0;
  }
  for (let x = blackMen & t.runawayZone[1]!; x !== 0; x &= x - 1) {
    const ci = size + 31 - Math.clz32(x & -x);
    const value = tb.runawayValue[ci]!;
    blackRunaway += (occupied & t.coneMask[ci]!) === 0 ? value : 0;
  }

  let looseCount = 0;
  if (tb.wLoose !== 0) {
    // own pieces that an adjacent enemy could jump now: attacker, piece, empty square in a line
    const men = codes[at + them + 1]!;
    const kings = codes[at + them + 2]!;
    const queens = codes[at + them + 3]!;
    const menJumps = tb.jumpMask[them + 1]!;
    const kingJumps = tb.jumpMask[them + 2]!;
    const queenJumps = tb.jumpMask[them + 3]!;
    // when every attacker may take every piece (all but Italian), each direction's attackers are
    // one mask, chosen without a branch
    const takesAll =
      (tb.capturesAll[them + 1]! & tb.capturesAll[them + 2]! & tb.capturesAll[them + 3]!) !== 0;
    let loose = 0;
    for (let d = 0; d < ndirs; d++) {
      // squares whose neighbour in direction d is empty
      const landable = shift(t, empty, reverse[d]!);
      if (takesAll) {
        const all =
          (-((menJumps >>> d) & 1) & men) |
          (-((kingJumps >>> d) & 1) & kings) |
          (-((queenJumps >>> d) & 1) & queens);
        loose |= shift(t, all, d) & landable;
        continue;
      }
      const bit = 1 << d;
      for (let a = them + 1; a <= them + 3; a++) {
        const attackers = codes[at + a]!;
        if (attackers === 0 || (tb.jumpMask[a]! & bit) === 0) continue;
        let victims = 0;
        for (let v = me + 1; v <= me + 3; v++) {
          if (capturable[a * 8 + v] !== 0) victims |= codes[at + v]!;
        }
        loose |= shift(t, attackers, d) & landable & victims;
      }
    }
    loose &= me === 0 ? white : black;
    looseCount = popcount(loose);
  }

  return finish(
    tb,
    score,
    side,
    popcount(white),
    popcount(black),
    popcount(whiteKingBits),
    popcount(blackKingBits),
    whiteRunaway,
    blackRunaway,
    looseCount,
  );
};

/** The men of `colour` one step from crowning with a free square to step to (the race term). */
function nearCrown(tb: EvalTables, colour: number, men: number, empty: number): number {
  const code = colour === 0 ? MAN : BLACK_BIT | MAN;
  const squares = tb.crownSquares[colour]!;
  let near = 0;
  for (let i = 0; i < squares.length; i++) {
    const sq = squares[i]!;
    if (((men >>> sq) & 1) === 0) continue;
    for (let k = (code * tb.size + sq) * tb.width; tb.stepTo[k]! >= 0; k++) {
      if (((empty >>> tb.stepTo[k]!) & 1) !== 0) {
        near++;
        break;
      }
    }
  }
  return near;
}

/**
 * The bitboard state of `board` (see `BITS_STRIDE`) into `codes` at `at`; returns the table sum.
 */
export function loadBits(tb: EvalTables, board: Int8Array, codes: Int32Array, at: number): number {
  for (let k = 0; k < BITS_STRIDE; k++) codes[at + k] = 0;
  let sum = 0;
  for (let sq = 0; sq < tb.size; sq++) {
    const code = board[sq]!;
    if (code === 0) continue;
    const w = at + ((sq >> 5) << 3) + code;
    codes[w] = codes[w]! | (1 << sq);
    sum += tb.pst[code * tb.size + sq]!;
  }
  return sum;
}
