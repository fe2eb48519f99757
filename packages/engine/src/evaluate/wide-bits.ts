/**
 * The two-word bitboard form of the evaluation, for boards of 33 to 64 squares (10x10, Turkish):
 * each mask is two int32 words, `codes[at + code]` the squares 0–31 and `codes[at + 8 + code]` the
 * squares 32–63, moved one step by `step` (signed index deltas, the carry between the words done by
 * hand; JavaScript has no fast 64-bit integer). The same terms as the square pass, with the men's
 * shape and the learned patterns read from the masks; the same scores (tested).
 */
import { BLACK_BIT, MAN } from '@damka/rules';
import type { EvalTables } from './tables.ts';
import { popcount2, type WideShifts } from './shifts.ts';
import { NOT_QUIET } from './squares.ts';
import { finish, raceScore, shapeScore, type BitsForm } from './terms.ts';

/** High word of the last `step` result (a second return value without allocation). */
let stepHigh = 0;

/** Every square of (lo, hi) moved one step in direction d; the high word goes to `stepHigh`. */
function step(t: WideShifts, lo: number, hi: number, d: number): number {
  const a = lo & t.mask0lo[d]!;
  const b = hi & t.mask0hi[d]!;
  const c = lo & t.mask1lo[d]!;
  const e = hi & t.mask1hi[d]!;
  const s0 = t.delta0[d]!;
  const s1 = t.delta1[d]!;
  let rlo: number;
  let rhi: number;
  if (s0 > 0) {
    rlo = a << s0;
    rhi = (b << s0) | (a >>> (32 - s0));
  } else {
    rlo = (a >>> -s0) | (b << (32 + s0));
    rhi = b >>> -s0;
  }
  if (s1 > 0) {
    rlo |= c << s1;
    rhi |= (e << s1) | (c >>> (32 - s1));
  } else if (s1 < 0) {
    rlo |= (c >>> -s1) | (e << (32 + s1));
    rhi |= e >>> -s1;
  }
  stepHigh = rhi | 0;
  return rlo | 0;
}

/**
 * `evaluateBits` for boards of 33 to 64 squares (10x10, Turkish): each mask is two words,
 * `codes[at + code]` the squares 0–31 and `codes[at + 8 + code]` the squares 32–63.
 */
export const evaluateWideBits: BitsForm = (tb, codes, at, tableSum, side, leaf) => {
  const t = tb.wideBits!;
  const capturable = tb.capturable;
  const reverse = tb.reverse;
  const ndirs = tb.ndirs;
  const ah = at + 8;
  const whiteMenLo = codes[at + MAN]!;
  const whiteMenHi = codes[ah + MAN]!;
  const whiteKingLo = codes[at + 2]! | codes[at + 3]!;
  const whiteKingHi = codes[ah + 2]! | codes[ah + 3]!;
  const blackMenLo = codes[at + (BLACK_BIT | MAN)]!;
  const blackMenHi = codes[ah + (BLACK_BIT | MAN)]!;
  const blackKingLo = codes[at + (BLACK_BIT | 2)]! | codes[at + (BLACK_BIT | 3)]!;
  const blackKingHi = codes[ah + (BLACK_BIT | 2)]! | codes[ah + (BLACK_BIT | 3)]!;
  const whiteLo = whiteMenLo | whiteKingLo;
  const whiteHi = whiteMenHi | whiteKingHi;
  const blackLo = blackMenLo | blackKingLo;
  const blackHi = blackMenHi | blackKingHi;
  const occupiedLo = whiteLo | blackLo;
  const occupiedHi = whiteHi | blackHi;
  const emptyLo = ~occupiedLo & t.allLo;
  const emptyHi = ~occupiedHi & t.allHi;
  const me = side === 0 ? 0 : BLACK_BIT;
  const them = me ^ BLACK_BIT;

  if (leaf) {
    let stepFound = false;
    for (let code = me + 1; code <= me + 3; code++) {
      const piecesLo = codes[at + code]!;
      const piecesHi = codes[ah + code]!;
      if ((piecesLo | piecesHi) === 0) continue;
      let victimsLo = me === 0 ? blackLo : whiteLo;
      let victimsHi = me === 0 ? blackHi : whiteHi;
      if (tb.capturesAll[code] === 0) {
        victimsLo = 0;
        victimsHi = 0;
        for (let v = them + 1; v <= them + 3; v++) {
          if (capturable[code * 8 + v] === 0) continue;
          victimsLo |= codes[at + v]!;
          victimsHi |= codes[ah + v]!;
        }
      }
      const jumps = tb.firstJumpDirs[code]!;
      if (tb.flying[code] === 1) {
        for (let i = 0; i < jumps.length; i++) {
          const d = jumps[i]!;
          // every square each piece sees along d, up to and including the first piece
          let frontLo = step(t, piecesLo, piecesHi, d);
          let frontHi = stepHigh;
          if (((frontLo & emptyLo) | (frontHi & emptyHi)) !== 0) stepFound = true;
          let blockLo = 0;
          let blockHi = 0;
          while ((frontLo | frontHi) !== 0) {
            blockLo |= frontLo & occupiedLo;
            blockHi |= frontHi & occupiedHi;
            frontLo = step(t, frontLo & emptyLo, frontHi & emptyHi, d);
            frontHi = stepHigh;
          }
          const landLo = step(t, blockLo & victimsLo, blockHi & victimsHi, d);
          const landHi = stepHigh;
          if (((landLo & emptyLo) | (landHi & emptyHi)) !== 0) return NOT_QUIET;
        }
      } else {
        for (let i = 0; i < jumps.length; i++) {
          const d = jumps[i]!;
          const overLo = step(t, piecesLo, piecesHi, d) & victimsLo;
          const overHi = stepHigh & victimsHi;
          if ((overLo | overHi) === 0) continue;
          const landLo = step(t, overLo, overHi, d);
          const landHi = stepHigh;
          if (((landLo & emptyLo) | (landHi & emptyHi)) !== 0) return NOT_QUIET;
        }
      }
      if (!stepFound) {
        const steps = tb.stepDirs[code]!;
        for (let i = 0; i < steps.length; i++) {
          const toLo = step(t, piecesLo, piecesHi, steps[i]!);
          if (((toLo & emptyLo) | (stepHigh & emptyHi)) !== 0) {
            stepFound = true;
            break;
          }
        }
      }
    }
    if (!stepFound) return NOT_QUIET;
  }

  let score = tableSum;
  if (tb.wKingMobility !== 0 && (whiteKingLo | whiteKingHi | blackKingLo | blackKingHi) !== 0) {
    let free = 0;
    for (let d = 0; d < ndirs; d++) {
      const wLo = step(t, whiteKingLo, whiteKingHi, d);
      free += popcount2(wLo & emptyLo, stepHigh & emptyHi);
      const bLo = step(t, blackKingLo, blackKingHi, d);
      free -= popcount2(bLo & emptyLo, stepHigh & emptyHi);
    }
    score += free * tb.wKingMobility;
  }
  if (tb.wStructure !== 0) {
    // men side by side on a rank or file: count each man's friendly orthogonal neighbours
    let friends = 0;
    const dirs = tb.orthDirs;
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i]!;
      const wLo = step(t, whiteMenLo, whiteMenHi, d);
      friends += popcount2(wLo & whiteMenLo, stepHigh & whiteMenHi);
      const bLo = step(t, blackMenLo, blackMenHi, d);
      friends -= popcount2(bLo & blackMenLo, stepHigh & blackMenHi);
    }
    score += friends * tb.wStructure;
  }
  if (tb.shape) {
    score += wideShape(
      tb,
      whiteMenLo,
      whiteMenHi,
      whiteLo,
      whiteHi,
      blackMenLo,
      blackMenHi,
      blackLo,
      blackHi,
      emptyLo,
      emptyHi,
    );
  }

  if (tb.patterns !== null) {
    score += tb.patterns.scoreBits(whiteMenLo, whiteMenHi, blackMenLo, blackMenHi);
  }

  if (tb.race) {
    score += raceScore(
      tb,
      side,
      nearCrown(tb, 0, whiteMenLo, whiteMenHi, emptyLo, emptyHi),
      nearCrown(tb, 1, blackMenLo, blackMenHi, emptyLo, emptyHi),
    );
  }

  let whiteRunaway = 0;
  let blackRunaway = 0;
  const size = tb.size;
  for (let word = 0; word < 2; word++) {
    const whiteMen = (word === 0 ? whiteMenLo : whiteMenHi) & t.runawayZone[word]!;
    for (let x = whiteMen; x !== 0; x &= x - 1) {
      const sq = (word << 5) + 31 - Math.clz32(x & -x);
      // read and summed for every man in the zone (see bits.ts)
      const value = tb.runawayValue[sq]!;
      const open = ((occupiedLo & t.coneLo[sq]!) | (occupiedHi & t.coneHi[sq]!)) === 0;
      whiteRunaway += open ? value : 0;
    }
    const blackMen = (word === 0 ? blackMenLo : blackMenHi) & t.runawayZone[2 + word]!;
    for (let x = blackMen; x !== 0; x &= x - 1) {
      const ci = size + (word << 5) + 31 - Math.clz32(x & -x);
      const value = tb.runawayValue[ci]!;
      const open = ((occupiedLo & t.coneLo[ci]!) | (occupiedHi & t.coneHi[ci]!)) === 0;
      blackRunaway += open ? value : 0;
    }
  }

  let looseCount = 0;
  if (tb.wLoose !== 0) {
    // own pieces that an adjacent enemy could jump now: attacker, piece, empty square in a line
    let looseLo = 0;
    let looseHi = 0;
    for (let d = 0; d < ndirs; d++) {
      const bit = 1 << d;
      const landableLo = step(t, emptyLo, emptyHi, reverse[d]!);
      const landableHi = stepHigh;
      let allLo = 0;
      let allHi = 0;
      for (let a = them + 1; a <= them + 3; a++) {
        const attackersLo = codes[at + a]!;
        const attackersHi = codes[ah + a]!;
        if ((attackersLo | attackersHi) === 0 || (tb.jumpMask[a]! & bit) === 0) continue;
        if (tb.capturesAll[a] !== 0) {
          allLo |= attackersLo;
          allHi |= attackersHi;
          continue;
        }
        let victimsLo = 0;
        let victimsHi = 0;
        for (let v = me + 1; v <= me + 3; v++) {
          if (capturable[a * 8 + v] === 0) continue;
          victimsLo |= codes[at + v]!;
          victimsHi |= codes[ah + v]!;
        }
        const reachLo = step(t, attackersLo, attackersHi, d);
        looseLo |= reachLo & landableLo & victimsLo;
        looseHi |= stepHigh & landableHi & victimsHi;
      }
      if ((allLo | allHi) !== 0) {
        const reachLo = step(t, allLo, allHi, d);
        looseLo |= reachLo & landableLo;
        looseHi |= stepHigh & landableHi;
      }
    }
    looseCount = popcount2(
      looseLo & (me === 0 ? whiteLo : blackLo),
      looseHi & (me === 0 ? whiteHi : blackHi),
    );
  }

  return finish(
    tb,
    score,
    side,
    popcount2(whiteLo, whiteHi),
    popcount2(blackLo, blackHi),
    popcount2(whiteKingLo, whiteKingHi),
    popcount2(blackKingLo, blackKingHi),
    whiteRunaway,
    blackRunaway,
    looseCount,
  );
};

/**
 * `shapeScore` from two-word masks: those of `evaluateWideBits`, and those of `evaluateBits` with
 * empty high words (boards of at most 32 squares).
 */
export function wideShape(
  tb: EvalTables,
  whiteMenLo: number,
  whiteMenHi: number,
  whiteLo: number,
  whiteHi: number,
  blackMenLo: number,
  blackMenHi: number,
  blackLo: number,
  blackHi: number,
  emptyLo: number,
  emptyHi: number,
): number {
  const t = tb.wideBits!;
  let formation = 0;
  let tail = 0;
  let mobility = 0;
  let tempo = 0;
  // the per-man shifts only when a term that needs them is weighted (International: wings only;
  // with `men` false the formation, tail and mobility counts are wrong but weighted 0)
  const men = tb.wFormation !== 0 || tb.wTail !== 0 || tb.wManMobility !== 0;
  for (let colour = 0; colour < 2 && (men || tb.wTempoGap !== 0); colour++) {
    const menLo = colour === 0 ? whiteMenLo : blackMenLo;
    const menHi = colour === 0 ? whiteMenHi : blackMenHi;
    const ownLo = colour === 0 ? whiteLo : blackLo;
    const ownHi = colour === 0 ? whiteHi : blackHi;
    const forward = tb.manForward[colour]!;
    const back = tb.manBack[colour]!;
    // men off the home row, narrowed to those covered from behind in every back direction
    let coverLo = menLo & ~t.homeRow[2 * colour]!;
    let coverHi = menHi & ~t.homeRow[2 * colour + 1]!;
    let movableLo = 0;
    let movableHi = 0;
    let free = 0;
    for (let k = 0; men && k < forward.length; k++) {
      const d = forward[k]!;
      // own pieces moved forward land on the squares they cover from behind
      const behindLo = step(t, ownLo, ownHi, d);
      const behindHi = stepHigh;
      const i = 8 * colour + 2 * k;
      coverLo &= behindLo | t.openBack[i]!;
      coverHi &= behindHi | t.openBack[i + 1]!;
      const toLo = step(t, menLo, menHi, d);
      free += popcount2(toLo & emptyLo, stepHigh & emptyHi);
      // men with an empty square ahead in direction d
      movableLo |= step(t, emptyLo, emptyHi, back[k]!);
      movableHi |= stepHigh;
    }
    const covered = popcount2(coverLo, coverHi);
    const stuck = popcount2(menLo & ~movableLo, menHi & ~movableHi);
    const sign = colour === 0 ? 1 : -1;
    formation += sign * covered;
    tail += sign * stuck;
    mobility += sign * free;
    if (tb.wTempoGap !== 0) {
      let ranks = 0;
      for (let b = 0; b < 4; b++) {
        const i = 8 * colour + 2 * b;
        ranks += popcount2(menLo & t.tempoPlane[i]!, menHi & t.tempoPlane[i + 1]!) << b;
      }
      tempo += sign * ranks;
    }
  }
  const whiteLeft = popcount2(whiteMenLo & t.leftWing[0]!, whiteMenHi & t.leftWing[1]!);
  const blackLeft = popcount2(blackMenLo & t.leftWing[0]!, blackMenHi & t.leftWing[1]!);
  const whiteMen = popcount2(whiteMenLo, whiteMenHi);
  const blackMen = popcount2(blackMenLo, blackMenHi);
  return shapeScore(
    tb,
    formation,
    tail,
    mobility,
    2 * whiteLeft - whiteMen,
    2 * blackLeft - blackMen,
    tempo,
  );
}

/** The men of `colour` one step from crowning with a free square to step to (the race term). */
function nearCrown(
  tb: EvalTables,
  colour: number,
  menLo: number,
  menHi: number,
  emptyLo: number,
  emptyHi: number,
): number {
  const code = colour === 0 ? MAN : BLACK_BIT | MAN;
  const squares = tb.crownSquares[colour]!;
  let near = 0;
  for (let i = 0; i < squares.length; i++) {
    const sq = squares[i]!;
    if ((((sq < 32 ? menLo : menHi) >>> (sq & 31)) & 1) === 0) continue;
    for (let k = (code * tb.size + sq) * tb.width; tb.stepTo[k]! >= 0; k++) {
      const to = tb.stepTo[k]!;
      if ((((to < 32 ? emptyLo : emptyHi) >>> (to & 31)) & 1) !== 0) {
        near++;
        break;
      }
    }
  }
  return near;
}
