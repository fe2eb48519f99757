/**
 * Square namings for PDN: the numeric and algebraic ways a PDN file may name the squares of a
 * board, described the way the PDN GameType tag does — a style and the corner where square 1 (or
 * a1) lies — and the translation of move and FEN text from one naming to another.
 *
 * The variant's own names (`variant.squares`) stay the single truth for move matching: a move or
 * FEN written in another naming is translated square by square into the variant's names and only
 * then handed to `parseMove` / `parseFen`.
 */
import { err, ok, type Result, type Square } from '../types.ts';
import { shown } from '../shown.ts';
import type { Topology } from '../topology/topology.ts';
import type { Variant } from '../variant.ts';

/** Corner of square 1 (numeric) or a1 (algebraic) seen from White's side. */
export type Corner = 0 | 1 | 2 | 3; // bottom-left, bottom-right, top-left, top-right

export interface SquareNaming {
  readonly style: 'numeric' | 'algebraic';
  readonly corner: Corner;
  /** Name of each square in this naming. */
  readonly names: readonly string[];
  /** The square a name denotes (other common forms are accepted too, see `namingFor`); -1 if none. */
  parse(text: string): Square;
  /** True when `names` are the variant's own square names. */
  readonly native: boolean;
}

/** Numbers 1..n from `corner`, along that corner's row first, then row by row away from it. */
export function numericNames(t: Topology, corner: Corner): string[] {
  const names = new Array<string>(t.size);
  const fromBottom = corner === 0 || corner === 1;
  const fromLeft = corner === 0 || corner === 2;
  let n = 1;
  for (let r = 0; r < t.height; r++) {
    const rank = fromBottom ? r : t.height - 1 - r;
    for (let f = 0; f < t.width; f++) {
      const file = fromLeft ? f : t.width - 1 - f;
      const sq = t.grid[rank * t.width + file]!;
      if (sq >= 0) names[sq] = String(n++);
    }
  }
  return names;
}

/** Letters and numbers counted from `corner` (corner 0 is the usual a1 at White's bottom left). */
export function algebraicNames(t: Topology, corner: Corner = 0): string[] {
  const fromBottom = corner === 0 || corner === 1;
  const fromLeft = corner === 0 || corner === 2;
  return Array.from({ length: t.size }, (_, sq) => {
    const file = fromLeft ? t.file[sq]! : t.width - 1 - t.file[sq]!;
    const rank = fromBottom ? t.rank[sq]! : t.height - 1 - t.rank[sq]!;
    return String.fromCharCode(97 + file) + String(rank + 1);
  });
}

/** The corner of the variant's own square names. */
export function nativeCorner(variant: Variant): Corner {
  const style = variant.rules.notation.squares;
  return style === 'numeric-fmjd' ? 2 : style === 'numeric-spanish' ? 1 : 0;
}

/**
 * A naming of the variant's squares. `parse` reads the naming's own names first; failing that, a
 * letter-and-number name as standard algebraic (a1 at White's bottom left), and a plain number as
 * the variant reads numbers itself — so a file whose GameType leaves the notation out may still
 * mix the two common forms.
 */
export function namingFor(
  variant: Variant,
  style: 'numeric' | 'algebraic' | 'native' = 'native',
  corner?: Corner,
): SquareNaming {
  let cached = namings.get(variant);
  if (!cached) namings.set(variant, (cached = new Map()));
  const key = `${style}${corner ?? ''}`;
  const hit = cached.get(key);
  if (hit) return hit;
  const naming = makeNaming(variant, style, corner);
  cached.set(key, naming);
  return naming;
}

/** Namings already made, per variant: reading a file asks for the same few again and again. */
const namings = new WeakMap<Variant, Map<string, SquareNaming>>();

function makeNaming(
  variant: Variant,
  style: 'numeric' | 'algebraic' | 'native',
  corner: Corner | undefined,
): SquareNaming {
  const t = variant.topology;
  const nativeStyle = variant.rules.notation.squares === 'algebraic' ? 'algebraic' : 'numeric';
  const s = style === 'native' ? nativeStyle : style;
  const c = corner ?? (s === nativeStyle ? nativeCorner(variant) : s === 'numeric' ? 2 : 0);
  const names = s === 'numeric' ? numericNames(t, c) : algebraicNames(t, c);
  const native = names.every((name, sq) => name === variant.squares.names[sq]);
  const own = new Map<string, Square>();
  names.forEach((name, sq) => own.set(name, sq));
  const algebraic = new Map<string, Square>();
  algebraicNames(t, 0).forEach((name, sq) => algebraic.set(name, sq));
  return {
    style: s,
    corner: c,
    names,
    native,
    parse(text: string): Square {
      const key = text
        .trim()
        .toLowerCase()
        .replace(/^0+(?=\d)/, '');
      const hit = own.get(key);
      if (hit !== undefined) return hit;
      if (/^[a-z]/.test(key)) return algebraic.get(key) ?? -1;
      return s === 'algebraic' ? variant.squares.parse(key) : -1;
    },
  };
}

/** A problem found while translating text, at a character offset of that text. */
export interface TranslateError {
  readonly at: number;
  readonly message: string;
}

/**
 * Rewrite the squares of a move (`32-28`, `e5xc5xa5`, `K28+33`) from one naming into `names`,
 * keeping its separators. Text that is not squares and separators is left for `parseMove` to judge.
 */
export function translateMove(
  text: string,
  from: SquareNaming,
  names: readonly string[],
): Result<string, TranslateError> {
  let out = '';
  let i = 0;
  if ((text[0] === 'K' || text[0] === 'k') && text.includes('+')) {
    out = text[0];
    i = 1;
  }
  while (i < text.length) {
    const at = i;
    // no square name holds an x, so an x is always a separator
    while (i < text.length && /[0-9A-WYZa-wyz]/.test(text[i]!)) i++;
    if (i === at) {
      out += text[i];
      i++;
      continue;
    }
    const word = text.slice(at, i);
    const sq = from.parse(word);
    if (sq < 0) return err({ at, message: `'${shown(word)}' names no square of this board` });
    out += names[sq];
  }
  return ok(out);
}

/**
 * Rewrite the squares of a FEN (`W:W31-50:B1-20`, `B:WKa1,c3:Bh8`) from one naming into `names`.
 * Numeric ranges are expanded, since a run of numbers in one naming is no run in another.
 */
export function translateFen(
  text: string,
  from: SquareNaming,
  names: readonly string[],
): Result<string, TranslateError> {
  const fields: string[] = [];
  let base = 0;
  for (const field of text.split(':')) {
    const at = base;
    base += field.length + 1;
    const body = field.trim();
    const head = body[0]?.toUpperCase();
    if (fields.length === 0 || (head !== 'W' && head !== 'B')) {
      fields.push(field);
      continue;
    }
    const lead = at + field.indexOf(body[0]!) + 1;
    const items: string[] = [];
    let offset = lead;
    for (const raw of body.slice(1).split(',')) {
      const itemAt = offset;
      offset += raw.length + 1;
      let item = raw.trim().replace(/["\s.]+$/, '');
      if (item.length === 0) continue;
      let prefix = '';
      if (/^[KQ]/i.test(item)) {
        prefix = item[0]!.toUpperCase();
        item = item.slice(1);
      }
      const range = /^(\d+)-(\d+)$/.exec(item);
      if (range) {
        const a = Number(range[1]);
        const b = Number(range[2]);
        if (a > b || b - a > 200)
          return err({ at: itemAt, message: `bad square range '${shown(item)}'` });
        for (let n = a; n <= b; n++) {
          const sq = from.parse(String(n));
          if (sq < 0) return err({ at: itemAt, message: `no square ${n} on this board` });
          items.push(prefix + names[sq]);
        }
        continue;
      }
      const sq = from.parse(item);
      if (sq < 0)
        return err({ at: itemAt, message: `'${shown(item)}' names no square of this board` });
      items.push(prefix + names[sq]);
    }
    fields.push(head + items.join(','));
  }
  return ok(fields.join(':'));
}
