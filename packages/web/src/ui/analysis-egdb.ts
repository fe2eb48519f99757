/**
 * The web app's endgame tables: the exact result ("White wins", "draw") of a position a table
 * covers, for the analysis panel, and the computer's answer to a draw offer in such a position
 * (the engine's `tableDrawDecision`: accept a drawn or lost ending, decline a won one), fetched on
 * demand. Only the one table of the position's material is fetched
 * (`/egdb/<variant>/<signature>.egdb`, `<variant>` the one whose tables it uses, e.g. English's
 * for Arab Dama: the file the builder writes in its cache folder, which the server serves as it
 * is), and only when that table is small (`MAX_TABLE_BYTES`, known from the
 * material before any request): nothing of it is on the first page (the panel loads this module
 * when the board is down to a few pieces), and nothing large is fetched. A missing table (a 404,
 * no network, a damaged file) means no verdict, never an error shown to the player. Tables
 * fetched are kept for the page's life, and so is a table known to be missing or damaged (a 4xx
 * answer, a file that does not decode); a failure that may pass (no network, a body cut off, a
 * 5xx answer) is forgotten once answered, so that the next request for that table tries again.
 */
import type { Color, Position } from '@damka/rules';
import {
  EgdbProber,
  MaterialIndex,
  decodeTable,
  materialName,
  materialOf,
  tableDrawDecision,
  tablesId,
  tableVerdict,
  totalPieces,
  unsupportedReason,
  type Material,
  type TableVerdict,
} from '@damka/engine/egdb';

/** Largest table fetched, in bytes (the largest English 4-piece table, a man and a king each, is 401 KB). */
export const MAX_TABLE_BYTES = 512 * 1024;
/** Where the tables are served. */
export const EGDB_BASE = '/egdb/';

type Fetch = (
  url: string,
) => Promise<{ ok: boolean; status?: number; arrayBuffer(): Promise<ArrayBuffer> }>;

const loaded = new Map<string, Promise<Uint8Array | null>>();

/** The table at `url`, or null; `lasting` false when the failure may pass on a later request. */
async function fetchDecoded(
  url: string,
  fetchTable: Fetch,
  variant: Position['variant'],
  material: Material,
): Promise<{ data: Uint8Array | null; lasting: boolean }> {
  try {
    const response = await fetchTable(url);
    if (!response.ok) return { data: null, lasting: (response.status ?? 404) < 500 };
    const read = decodeTable(new Uint8Array(await response.arrayBuffer()), variant, material);
    return { data: read.ok ? read.data : null, lasting: true };
  } catch {
    return { data: null, lasting: false };
  }
}

/** The table's URL under `base`. */
export function tableUrl(base: string, variantId: string, material: Material): string {
  return `${base}${variantId}/${materialName(material)}.egdb`;
}

/** Whether the position's table may be fetched at all: a supported variant, a small table. */
export function tableWanted(position: Position): boolean {
  if (unsupportedReason(position.variant) !== undefined || position.burnable.length > 0)
    return false;
  const material = materialOf(position.board());
  const white = material.wm + material.wk;
  const black = material.bm + material.bk;
  if (white === 0 || black === 0 || totalPieces(material) < 2) return false;
  return new MaterialIndex(position.variant, material).size / 4 <= MAX_TABLE_BYTES;
}

/** A prober of the one table of `position`'s material, or null when no small table can be had. */
async function loadProber(
  position: Position,
  fetchTable: Fetch,
  base: string,
): Promise<EgdbProber | null> {
  if (!tableWanted(position)) return null;
  const variant = position.variant;
  const material = materialOf(position.board());
  const url = tableUrl(base, tablesId(variant), material);
  let data = loaded.get(url);
  if (data === undefined) {
    data = fetchDecoded(url, fetchTable, variant, material).then(({ data, lasting }) => {
      if (!lasting) loaded.delete(url);
      return data;
    });
    loaded.set(url, data);
  }
  const table = await data;
  if (!table) return null;
  return new EgdbProber(
    variant,
    (m) => (materialName(m) === materialName(material) ? table : undefined),
    totalPieces(material),
  );
}

/** The tables' verdict on `position`, or null when no small table for it can be had. */
export async function loadVerdict(
  position: Position,
  fetchTable: Fetch = (url) => fetch(url),
  base = EGDB_BASE,
): Promise<TableVerdict | null> {
  return tableVerdict(await loadProber(position, fetchTable, base), position) ?? null;
}

/**
 * The computer's (playing `side`) answer to a draw offered in `position`, by the tables: `accept`
 * in a drawn or lost ending, `decline` in a won one, undefined when no small table covers it.
 */
export async function loadDrawDecision(
  position: Position,
  side: Color,
  fetchTable: Fetch = (url) => fetch(url),
  base = EGDB_BASE,
): Promise<'accept' | 'decline' | undefined> {
  return tableDrawDecision(await loadProber(position, fetchTable, base), position, side);
}
