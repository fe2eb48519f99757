/**
 * Square names in each variant's own notation: FMJD-style numbers (row by row from the top-left
 * playable square, White's view: International, English, Italian), Spanish numbers (from White's
 * bottom-right square, right to left), or algebraic `a1`…. Internal `Square` indices never leave
 * the rules package without passing through here.
 */
import type { Square } from '../types.ts';
import type { Topology } from '../topology/topology.ts';
import type { Rules } from '../variants/rules.ts';

export interface SquareNames {
  /** Name of each square in the variant's notation. */
  readonly names: readonly string[];
  /** Parse a square name (the variant's own, or numbers where accepted); -1 if unknown. */
  parse(text: string): Square;
}

/** Numbers 1..n, row by row from the top rank, left to right. */
export function fmjdNumbers(t: Topology): number[] {
  const out = new Array<number>(t.size);
  let n = 1;
  for (let rank = t.height - 1; rank >= 0; rank--) {
    for (let file = 0; file < t.width; file++) {
      const sq = t.grid[rank * t.width + file]!;
      if (sq >= 0) out[sq] = n++;
    }
  }
  return out;
}

/** Numbers 1..n from the bottom rank, right to left (Spanish / Portuguese). */
export function spanishNumbers(t: Topology): number[] {
  const out = new Array<number>(t.size);
  let n = 1;
  for (let rank = 0; rank < t.height; rank++) {
    for (let file = t.width - 1; file >= 0; file--) {
      const sq = t.grid[rank * t.width + file]!;
      if (sq >= 0) out[sq] = n++;
    }
  }
  return out;
}

export function algebraicName(t: Topology, sq: Square): string {
  return String.fromCharCode(97 + t.file[sq]!) + String(t.rank[sq]! + 1);
}

const cache = new WeakMap<Rules, SquareNames>();

export function squareNames(rules: Rules, t: Topology): SquareNames {
  const hit = cache.get(rules);
  if (hit) return hit;
  const style = rules.notation.squares;
  const numbers =
    style === 'numeric-spanish'
      ? spanishNumbers(t)
      : style === 'numeric-fmjd'
        ? fmjdNumbers(t)
        : null;
  const names = numbers
    ? numbers.map(String)
    : Array.from({ length: t.size }, (_, sq) => algebraicName(t, sq));
  const lookup = new Map<string, Square>();
  names.forEach((name, sq) => lookup.set(name, sq));
  if (!numbers && rules.notation.acceptNumeric) {
    fmjdNumbers(t).forEach((n, sq) => lookup.set(String(n), sq));
  }
  const result: SquareNames = {
    names,
    parse(text: string): Square {
      const key = text
        .trim()
        .toLowerCase()
        .replace(/^0+(?=\d)/, '');
      return lookup.get(key) ?? -1;
    },
  };
  cache.set(rules, result);
  return result;
}
