/**
 * The opening books that ship with Damka, loaded on demand: each variant's book is a generated
 * module of its own (`data/<variant>.data.ts`, base64 of the book file, written by
 * `damka book build`), imported only when a game of that variant asks for it, so a bundler puts
 * each book in a chunk of its own and the web worker carries none it does not play.
 */
import type { Variant } from '@damka/rules';
import { base64ToBytes } from '../patterns.ts';
import { OpeningBook, bookApplies } from './book.ts';
import { decodeBook } from './format.ts';

type BookModule = { readonly BOOK: readonly string[] };

/** Variant id → its book module (the variants without a book are not listed). */
const BOOKS: Readonly<Record<string, () => Promise<BookModule>>> = {
  international: () => import('./data/international.data.ts'),
  english: () => import('./data/english.data.ts'),
  brazilian: () => import('./data/brazilian.data.ts'),
  russian: () => import('./data/russian.data.ts'),
  'arab-dama': () => import('./data/arab-dama.data.ts'),
  spanish: () => import('./data/spanish.data.ts'),
  portuguese: () => import('./data/portuguese.data.ts'),
  italian: () => import('./data/italian.data.ts'),
  czech: () => import('./data/czech.data.ts'),
  turkish: () => import('./data/turkish.data.ts'),
  antidraughts: () => import('./data/antidraughts.data.ts'),
  giveaway: () => import('./data/giveaway.data.ts'),
  israeli: () => import('./data/israeli.data.ts'),
  'israeli-6x6': () => import('./data/israeli-6x6.data.ts'),
  dhamet: () => import('./data/dhamet.data.ts'),
  frisian: () => import('./data/frisian.data.ts'),
  frysk: () => import('./data/frysk.data.ts'),
  killer: () => import('./data/killer.data.ts'),
  breakthrough: () => import('./data/breakthrough.data.ts'),
  pool: () => import('./data/pool.data.ts'),
  thai: () => import('./data/thai.data.ts'),
  canadian: () => import('./data/canadian.data.ts'),
};

/**
 * The variants whose books the levels (6–8) play from: each has scored at least even against the
 * same level without a book in a self-play match from the start position (BENCHMARKS.md, "Opening
 * books"). Every other book is gated until such a match says otherwise: analysis and `damka book
 * show` still list its moves, but the levels search instead (`OpeningBook.played`). To measure a
 * gated book, list it here and run `damka match --variant ID --level L --opponent-level L
 * --opponent-no-book --opening-plies 0`.
 */
const PLAYED: ReadonlySet<string> = new Set(['english', 'international']);

/** Whether the levels play from the variant's book (see `PLAYED`). */
export function bookPlayed(variantId: string): boolean {
  return PLAYED.has(variantId);
}

/** Whether Damka ships a book for the variant id. */
export function hasBook(variantId: string): boolean {
  return Object.hasOwn(BOOKS, variantId);
}

/** The variant ids that have a book. */
export function bookVariants(): string[] {
  return Object.keys(BOOKS);
}

/**
 * A book from its stored text (base64 lines); null when the text is not that variant's book.
 * `played`: whether the levels play from it (default: as for the shipped book, `bookPlayed`).
 */
export function bookFromText(
  lines: readonly string[],
  variantId: string,
  played = bookPlayed(variantId),
): OpeningBook | null {
  const file = decodeBook(base64ToBytes(lines.join('')), variantId);
  return file.ok ? new OpeningBook(file.value, { played }) : null;
}

const loaded = new Map<string, Promise<OpeningBook | null>>();

/**
 * The variant's book, or null when it has none or a house-rule option is set (the book is for
 * the standard rules). Loaded once per variant id and kept.
 */
export function loadBook(variant: Variant): Promise<OpeningBook | null> {
  if (!bookApplies(variant) || !hasBook(variant.id)) return Promise.resolve(null);
  let book = loaded.get(variant.id);
  if (!book) {
    book = BOOKS[variant.id]!()
      .then((m) => bookFromText(m.BOOK, variant.id))
      .catch(() => null);
    loaded.set(variant.id, book);
  }
  return book;
}
