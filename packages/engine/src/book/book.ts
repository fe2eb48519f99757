/**
 * An opening book in use: find a position's book moves and choose one at random by weight.
 *
 * Every move read from a book is matched against `position.legalMoves()` (the rules decide, the
 * book only suggests), so a damaged or outdated book can never make the engine play an illegal
 * move: an entry whose moves are no longer legal is simply not a book position. A book is built
 * for a variant's standard rules; with any house-rule option set the moves may differ, so the
 * book is then not used at all.
 */
import type { Move, Position, Variant } from '@damka/rules';
import { findMove } from '../host.ts';
import { bookKey, type BookFile, type BookMove } from './format.ts';

/** A legal book move of a position, with its weight (0: known, not played) and the builder's score. */
export interface BookChoice {
  readonly move: Move;
  readonly weight: number;
  /** Hundredths of a man for the side to move, at the builder's depth. */
  readonly score: number;
}

/** Whether a variant's book applies: its standard rules, no house-rule option set. */
export function bookApplies(variant: Variant): boolean {
  return Object.values(variant.options).every((v) => v === undefined);
}

export class OpeningBook {
  readonly file: BookFile;
  /**
   * Whether the levels play from this book (`choose`); a book not (yet) shown in self-play to cost
   * no strength is only looked up: listed in analysis and by `damka book show` (load.ts).
   */
  readonly played: boolean;
  private readonly index = new Map<string, readonly BookMove[]>();

  constructor(file: BookFile, options: { readonly played?: boolean } = {}) {
    this.file = file;
    this.played = options.played ?? true;
    for (const e of file.entries) this.index.set(`${e.lo}:${e.hi}`, e.moves);
  }

  /** Positions in the book. */
  get size(): number {
    return this.index.size;
  }

  /** The book moves of `position` that are legal there, best first; empty when out of book. */
  lookup(position: Position): BookChoice[] {
    if (position.variant.id !== this.file.variant || !bookApplies(position.variant)) return [];
    const key = bookKey(position);
    if (!key) return [];
    const moves = this.index.get(`${key[0]}:${key[1]}`);
    if (!moves) return [];
    const out: BookChoice[] = [];
    for (const m of moves) {
      const move = findMove(position, {
        from: m.from,
        to: m.to,
        ...(m.captures.length > 0 ? { captures: m.captures } : {}),
        ...(m.split ? { split: true } : {}),
      });
      if (move) out.push({ move, weight: m.weight, score: m.score });
    }
    return out;
  }

  /**
   * The book move of `position` with the best score (the first of equals), for the strongest
   * level; undefined where `choose` gives none.
   */
  best(position: Position): BookChoice | undefined {
    if (!this.played) return undefined;
    let best: BookChoice | undefined;
    for (const c of this.lookup(position)) {
      if (c.weight > 0 && (best === undefined || c.score > best.score)) best = c;
    }
    return best;
  }

  /**
   * A book move of `position` drawn by weight with `unit` (a random number in [0, 1)); undefined
   * out of book, when none of its moves is played (weight 0: replies the book only knows), and
   * always when the book is not played from.
   */
  choose(position: Position, unit: () => number): BookChoice | undefined {
    if (!this.played) return undefined;
    const choices = this.lookup(position).filter((c) => c.weight > 0);
    if (choices.length === 0) return undefined;
    let total = 0;
    for (const c of choices) total += c.weight;
    let r = unit() * total;
    for (const c of choices) {
      r -= c.weight;
      if (r < 0) return c;
    }
    return choices[choices.length - 1];
  }
}
