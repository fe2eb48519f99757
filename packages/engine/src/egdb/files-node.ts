/**
 * Endgame databases on disk (Node only): the cache folder, a prober reading its files lazily, and
 * the resumable build of every table up to a piece count. One file per material signature,
 * `<dir>/<variant>/<signature>.egdb` (`<variant>`: the one whose tables it uses, `tablesId`),
 * written under a temporary name and renamed when complete, so an interrupted build leaves no half
 * file and a new run skips every table already there and whole. Tables are written compressed
 * (format 2, table.ts) and both formats are read, so a cache of older files needs no rebuild;
 * `compactEgdb` rewrites such files compressed. The prober reads a compressed table block by block,
 * the builder inflates whole the tables it reads from.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Position, Variant } from '@damka/rules';
import {
  MaterialIndex,
  encodeTable,
  materialOf,
  openTable,
  materialName,
  materialsOf,
  tablesId,
  totalPieces,
  unsupportedReason,
  type Deflate,
  type Material,
  type TableValues,
} from './table.ts';
import { EgdbProber } from './probe.ts';
import { buildValues, type BuildProgress } from './build.ts';
import { colourSymmetric, mirrorMaterial, mirrorValues } from './mirror.ts';
import { makeFolder, writeFileAtomic } from '../files-node.ts';

/** `$DAMKA_EGDB_DIR`, else `$XDG_CACHE_HOME/damka/egdb`, else `~/.cache/damka/egdb`. */
export function defaultEgdbDir(): string {
  const env = process.env;
  if (env.DAMKA_EGDB_DIR) return env.DAMKA_EGDB_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'damka', 'egdb');
}

/** A table's file; variants whose rules compile alike share one folder (`tablesId`). */
export function tablePath(dir: string, variant: Variant, material: Material): string {
  return join(dir, tablesId(variant), `${materialName(material)}.egdb`);
}

/** Each 4 KiB block deflated at the highest level: written once, read many times. */
export const deflateBlock: Deflate = (block) => deflateRawSync(block, { level: 9 });

/**
 * The values of a table file (either format), or a reason it cannot be used: packed, every block
 * inflated (`lazy` false, for the builder), or as the file holds them (`lazy`: a compressed table
 * stays compressed and inflates a block per probe, for the prober).
 */
export function readTable(
  dir: string,
  variant: Variant,
  material: Material,
): { ok: true; data: Uint8Array; format: number } | { ok: false; error: string };
export function readTable(
  dir: string,
  variant: Variant,
  material: Material,
  lazy: true,
): { ok: true; data: TableValues; format: number } | { ok: false; error: string };
export function readTable(
  dir: string,
  variant: Variant,
  material: Material,
  lazy = false,
): { ok: true; data: TableValues; format: number } | { ok: false; error: string } {
  const path = tablePath(dir, variant, material);
  if (!existsSync(path)) return { ok: false, error: 'missing' };
  const read = openTable(readFileSync(path), variant, material, lazy);
  return read.ok
    ? { ok: true, data: read.data, format: read.header.format }
    : { ok: false, error: `${path}: ${read.error}` };
}

/**
 * Why the table of `position`'s material in `dir` cannot be used, when a file is there but damaged
 * or foreign (its path and the reason); undefined when it reads, when there is none, and where no
 * table is made for the position. A prober takes such a table for a missing one (its probes are
 * unknown), so that a caller can say why the tables do not answer.
 */
export function damagedTable(dir: string, position: Position): string | undefined {
  const variant = position.variant;
  if (unsupportedReason(variant) !== undefined) return undefined;
  const material = materialOf(position.board());
  const white = material.wm + material.wk;
  const black = material.bm + material.bk;
  if (white === 0 || black === 0 || white + black > 8) return undefined;
  const read = readTable(dir, variant, material, true);
  return read.ok || read.error === 'missing' ? undefined : read.error;
}

/** The largest N such that every table of up to N pieces is in `dir` (0: none). */
export function completePieces(dir: string, variant: Variant, limit = 8): number {
  let n = 0;
  for (let pieces = 2; pieces <= limit; pieces++) {
    const all = materialsOf(pieces).every((m) => existsSync(tablePath(dir, variant, m)));
    if (!all) break;
    n = pieces;
  }
  return n;
}

/**
 * A prober over the tables in `dir` (of at most `limit` pieces), or undefined when the folder
 * holds none for `variant`.
 */
export function openEgdb(
  variant: Variant,
  dir = defaultEgdbDir(),
  limit?: number,
): EgdbProber | undefined {
  if (unsupportedReason(variant) !== undefined) return undefined;
  const pieces = completePieces(dir, variant, limit);
  if (pieces === 0) return undefined;
  return new EgdbProber(
    variant,
    (m) => {
      const t = readTable(dir, variant, m, true);
      return t.ok ? t.data : undefined;
    },
    pieces,
  );
}

export interface BuildEvent {
  readonly material: Material;
  readonly name: string;
  readonly pieces: number;
  /** `skipped`: already complete on disk; `built`: written now. */
  readonly kind: 'skipped' | 'built';
  /** Built by reading off the mirror signature's table (colour symmetry, mirror.ts). */
  readonly mirrored?: boolean;
  readonly positions: number;
  readonly bytes: number;
  readonly ms: number;
  readonly counts?: { win: number; draw: number; loss: number };
}

/**
 * Build (or find complete) every table of 2..`pieces` pieces into `dir`, smallest first. A table
 * found on disk but damaged is rebuilt. Throws only for a variant the databases do not support.
 * Where the rules treat both colours alike (`colourSymmetric`) a signature whose mirror is built
 * already is read off the mirror's table instead (the same bytes, in a fraction of the time);
 * `mirror: false` builds every table.
 */
export function buildEgdb(
  variant: Variant,
  pieces: number,
  dir: string,
  hooks: {
    onTable?: (e: BuildEvent) => void;
    onProgress?: (name: string, p: BuildProgress) => void;
    mirror?: boolean;
    /** false: write format 1 (2 bits a position, uncompressed). */
    compress?: boolean;
    /** Move entries a table's build may keep between passes (`buildValues`). */
    moveEntries?: number;
  } = {},
): void {
  const reason = unsupportedReason(variant);
  if (reason) throw new Error(`${variant.id}: ${reason}`);
  makeFolder(join(dir, tablesId(variant)));
  const memory = new Map<string, Uint8Array>();
  const load = (m: Material): Uint8Array | undefined => {
    const name = materialName(m);
    let data = memory.get(name);
    if (!data) {
      const t = readTable(dir, variant, m);
      if (t.ok) data = t.data;
      if (data) memory.set(name, data);
    }
    return data;
  };
  const prober = new EgdbProber(variant, load, pieces);
  for (let n = 2; n <= pieces; n++) {
    for (const material of materialsOf(n)) {
      const name = materialName(material);
      const path = tablePath(dir, variant, material);
      const started = Date.now();
      const existing = readTable(dir, variant, material);
      if (existing.ok) {
        hooks.onTable?.({
          material,
          name,
          pieces: totalPieces(material),
          kind: 'skipped',
          positions: 0,
          bytes: statSync(path).size,
          ms: 0,
        });
        continue;
      }
      const other = mirrorMaterial(material);
      const twin =
        hooks.mirror !== false && materialName(other) !== name && colourSymmetric(variant)
          ? load(other)
          : undefined;
      const values = twin
        ? mirrorValues(variant, material, twin)
        : buildValues(
            variant,
            material,
            prober,
            (p) => hooks.onProgress?.(name, p),
            hooks.moveEntries,
          );
      const file = encodeTable(
        variant,
        material,
        values,
        hooks.compress === false ? undefined : deflateBlock,
      );
      writeFileAtomic(path, file);
      const counts = { win: 0, draw: 0, loss: 0 };
      for (const v of values) {
        if (v === 0) counts.draw++;
        else if (v === 1) counts.win++;
        else if (v === 2) counts.loss++;
      }
      hooks.onTable?.({
        material,
        name,
        pieces: n,
        kind: 'built',
        mirrored: twin !== undefined,
        positions: values.length,
        bytes: file.length,
        ms: Date.now() - started,
        counts,
      });
    }
  }
}

/**
 * Rewrite every format-1 table of 2..`pieces` pieces of `variant` in `dir` compressed (format 2),
 * each checked first and written under a temporary name; returns the bytes before and after of
 * the tables rewritten, how many were left as they were (already compressed, missing or damaged),
 * and the damaged ones (path and reason), which a build makes again.
 */
export function compactEgdb(
  variant: Variant,
  pieces: number,
  dir: string,
  onTable?: (name: string, before: number, after: number) => void,
): { tables: number; before: number; after: number; left: number; damaged: string[] } {
  const out = { tables: 0, before: 0, after: 0, left: 0, damaged: [] as string[] };
  for (let n = 2; n <= pieces; n++) {
    for (const material of materialsOf(n)) {
      const path = tablePath(dir, variant, material);
      const read = readTable(dir, variant, material);
      if (!read.ok || read.format !== 1) {
        out.left++;
        if (!read.ok && read.error !== 'missing') out.damaged.push(read.error);
        continue;
      }
      const before = statSync(path).size;
      const values = new Uint8Array(read.data.length * 4);
      for (let i = 0; i < values.length; i++)
        values[i] = (read.data[i >>> 2]! >>> ((i & 3) * 2)) & 3;
      const positions = new MaterialIndex(variant, material).size;
      const file = encodeTable(variant, material, values.subarray(0, positions), deflateBlock);
      writeFileAtomic(path, file);
      out.tables++;
      out.before += before;
      out.after += file.length;
      onTable?.(materialName(material), before, file.length);
    }
  }
  return out;
}
