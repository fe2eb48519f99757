/**
 * Test helpers: seeded random games that give reproducible positions of any variant, and the
 * English weights older tests were written against.
 */
import { Position, type Variant } from '@damka/rules';
import { mulberry32 } from '@damka/rules';
import type { Weights } from '../src/weights.ts';

/**
 * English's named weights before they were fitted to self-play positions (weights.ts): tests whose
 * figures were taken with them (a pinned digest, a score above a puzzle margin) pass these.
 */
export const ENGLISH_BEFORE_FIT: Partial<Weights> = {
  king: 150,
  backRank: 6,
  centre: 4,
  kingCentre: 8,
  kingMobility: 3,
  tempo: 4,
  runaway: 60,
  simplify: 0,
};

/** `count` positions of `variant` from random games (seeded), each with its game history. */
export function randomPositions(
  variant: Variant,
  count: number,
  seed: number,
  maxPlies = 120,
): Array<{ position: Position; history: Position[] }> {
  const rand = mulberry32(seed);
  const out: Array<{ position: Position; history: Position[] }> = [];
  while (out.length < count) {
    let p = Position.start(variant);
    const history: Position[] = [];
    const length = 1 + ((rand() >>> 0) % maxPlies);
    for (let ply = 0; ply < length && out.length < count; ply++) {
      out.push({ position: p, history: history.slice() });
      const moves = p.legalMoves();
      if (moves.length === 0) break;
      history.push(p);
      p = p.play(moves[(rand() >>> 0) % moves.length]!);
    }
  }
  return out;
}
