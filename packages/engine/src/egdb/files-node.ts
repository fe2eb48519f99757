/**
 * Endgame databases on disk (Node only): the cache folder, a prober reading its files lazily, and
 * the resumable build of every table up to a piece count. One file per material signature,
 * `<dir>/<variant>/<signature>.egdb` (`<variant>`: the one whose tables it uses, `tablesId`),
 * written under a temporary name and renamed when complete, so an interrupted build leaves no half
 * file and a new run skips every table already there and whole.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Variant } from '@damka/rules';
import {
  decodeTable,
  encodeTable,
  materialName,
  materialsOf,
  tablesId,
  totalPieces,
  unsupportedReason,
  type Material,
} from './table.ts';
import { EgdbProber } from './probe.ts';
import { buildValues, type BuildProgress } from './build.ts';

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

/** The packed values of a table file, or a reason it cannot be used. */
export function readTable(
  dir: string,
  variant: Variant,
  material: Material,
): { ok: true; data: Uint8Array } | { ok: false; error: string } {
  const path = tablePath(dir, variant, material);
  if (!existsSync(path)) return { ok: false, error: 'missing' };
  const read = decodeTable(readFileSync(path), variant, material);
  return read.ok ? { ok: true, data: read.data } : { ok: false, error: `${path}: ${read.error}` };
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
      const t = readTable(dir, variant, m);
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
  readonly positions: number;
  readonly bytes: number;
  readonly ms: number;
  readonly counts?: { win: number; draw: number; loss: number };
}

/**
 * Build (or find complete) every table of 2..`pieces` pieces into `dir`, smallest first. A table
 * found on disk but damaged is rebuilt. Throws only for a variant the databases do not support.
 */
export function buildEgdb(
  variant: Variant,
  pieces: number,
  dir: string,
  hooks: {
    onTable?: (e: BuildEvent) => void;
    onProgress?: (name: string, p: BuildProgress) => void;
  } = {},
): void {
  const reason = unsupportedReason(variant);
  if (reason) throw new Error(`${variant.id}: ${reason}`);
  mkdirSync(join(dir, tablesId(variant)), { recursive: true });
  const memory = new Map<string, Uint8Array>();
  const prober = new EgdbProber(
    variant,
    (m) => {
      const name = materialName(m);
      let data = memory.get(name);
      if (!data) {
        const t = readTable(dir, variant, m);
        if (t.ok) data = t.data;
        if (data) memory.set(name, data);
      }
      return data;
    },
    pieces,
  );
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
          bytes: existing.data.length,
          ms: 0,
        });
        continue;
      }
      const values = buildValues(variant, material, prober, (p) => hooks.onProgress?.(name, p));
      const file = encodeTable(variant, material, values);
      const temp = `${path}.part-${process.pid}`;
      writeFileSync(temp, file);
      renameSync(temp, path);
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
        positions: values.length,
        bytes: file.length,
        ms: Date.now() - started,
        counts,
      });
    }
  }
}
