/**
 * Test helpers: seeded random games that give reproducible positions of any variant.
 */
import { Position, type Variant } from '@damka/rules';
import { mulberry32 } from '@damka/rules';

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
