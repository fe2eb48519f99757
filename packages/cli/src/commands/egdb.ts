/**
 * `damka egdb`: endgame databases. `build` runs the retrograde builder for a variant up to a piece
 * count into the cache folder (resumable: complete tables are skipped), with a progress bar on a
 * terminal; `probe` gives the exact value of a position the tables cover, worded for the players
 * ("White wins"); `variants` says which variants have tables, which share another's, and why the
 * others have none. The work is done by @damka/engine's egdb modules; this file only talks.
 */
import { join } from 'node:path';
import { VARIANTS, colorIndex, variantOrThrow } from '@damka/rules';
import {
  buildEgdb,
  compactEgdb,
  damagedTable,
  defaultEgdbDir,
  openEgdb,
} from '@damka/engine/egdb-node';
import { decidedValue, tablesId, unsupportedReason } from '@damka/engine';
import { writableFolder } from '@damka/engine/files-node';
import { guard, namedFolder, pathError, UsageError, type Io } from '../command.ts';
import {
  POSITION_OPTIONS,
  POSITION_USAGE,
  integerFrom,
  parseCommandLine,
  positionFrom,
  variantFrom,
} from '../args.ts';

/** Most pieces `build` accepts; beyond this a table takes hours in this builder. */
const MAX_PIECES = 6;

export const usage = `Usage: damka egdb build --variant ID --pieces N [--out DIR] [--uncompressed]
                        [--memory GIB]
       damka egdb compact --variant ID --pieces N [--dir DIR]
       damka egdb probe --variant ID --fen FEN [--dir DIR]
       damka egdb variants

build   Builds every win/draw/loss table of 2 to N pieces (N at most ${MAX_PIECES}) for the variant,
        smallest first, into DIR/<variant>/ (default ${'$'}DAMKA_EGDB_DIR or ~/.cache/damka/egdb).
        A table already there and intact is skipped, so an interrupted build resumes.
        Variants whose rules compile alike share one set of tables (Arab Dama uses English's,
        Portuguese Spanish's): building either builds, or finds, the same files.
        Tables are written compressed (format 2: 4 KiB blocks, each deflated; a probe inflates
        one block), a third of the 2 bits a position of format 1 or less; --uncompressed writes
        format 1. Where the rules treat both colours alike, a signature whose mirror (colours
        swapped) is built already is copied from it, marked "(mirror)". A table's build keeps
        the moves of its undecided positions between passes, in at most --memory GiB (default
        1); past that its passes generate the moves again, many times slower. The largest
        6-piece tables need 2 to 4.
compact Rewrites the variant's uncompressed (format 1) tables of up to N pieces in DIR
        compressed. Both formats are read, so this only saves space. A damaged table is left
        as it is and named (exit code 1): build rebuilds it.
probe   Prints the exact result of the position --fen gives (required here) with best play
        (e.g. "White wins"), or
        "unknown" when no table covers it (exit code 1 when its table is there but damaged).
        A position the rules decide (no move to play, or no piece left to the opponent) is
        answered without a table. Values ignore move-count and repetition draws.
variants  Lists every variant: the tables it uses, or why it has none.

${POSITION_USAGE}
  -n, --pieces N          build: largest piece count (2 to ${MAX_PIECES})
      --out DIR, --dir DIR  the database folder
      --uncompressed      build: write format 1 (2 bits a position)
      --memory GIB        build: memory for a table's kept moves, 1 to 4 (default 1)

Example: damka egdb build --variant english --pieces 4
         damka egdb probe --variant english --fen "W:WK1,K2:BK32"`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const [sub, ...rest] = args;
  if (sub === 'build') return build(rest, io);
  if (sub === 'probe') return probe(rest, io);
  if (sub === 'compact') return compact(rest, io);
  if (sub === 'variants') return variants(io);
  throw new UsageError(
    `egdb wants 'build', 'compact', 'probe' or 'variants' first (see damka help egdb)`,
  );
});

function variants(io: Io): number {
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    const reason = unsupportedReason(variant);
    const shared = tablesId(variant);
    const text = reason
      ? `no tables: ${reason}`
      : shared === variant.id
        ? 'tables'
        : `tables: ${shared}'s (the same compiled rules)`;
    io.stdout.write(`${rules.id.padEnd(14)} ${text}\n`);
  }
  return 0;
}

/** The variant and piece count a build or compaction names, refused when it has no tables. */
function tablesAsked(values: Parameters<typeof variantFrom>[0] & { pieces?: string }): {
  variant: ReturnType<typeof variantFrom>;
  pieces: number;
} {
  const variant = variantFrom(values);
  const reason = unsupportedReason(variant);
  if (reason) throw new UsageError(`no endgame databases for ${variant.id}: ${reason}`);
  if (values.pieces === undefined) throw new UsageError('--pieces is required');
  return { variant, pieces: integerFrom('pieces', values.pieces, 2, MAX_PIECES) };
}

function build(args: string[], io: Io): number {
  const { values } = parseCommandLine('egdb', {
    args,
    options: {
      variant: POSITION_OPTIONS.variant,
      option: POSITION_OPTIONS.option,
      pieces: { type: 'string', short: 'n' },
      out: { type: 'string' },
      uncompressed: { type: 'boolean' },
      memory: { type: 'string' },
    },
  });
  const { variant, pieces } = tablesAsked(values);
  // a move entry is 4 bytes: a GiB holds 2^28 of them
  const gib = values.memory === undefined ? 1 : integerFrom('memory', values.memory, 1, 4);
  if (values.out !== undefined && values.out.trim() === '')
    throw new UsageError('--out wants a folder, not an empty name');
  const dir = values.out ?? defaultEgdbDir();
  // a folder that cannot be made or written (a file of that name, no permission) is the user's to
  // fix, said before any work
  try {
    writableFolder(join(dir, tablesId(variant)));
  } catch (error) {
    throw pathError('write tables to', dir, error);
  }
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  let lastDraw = 0;
  const started = Date.now();
  let positions = 0;
  let bytes = 0;
  buildEgdb(variant, pieces, dir, {
    compress: values.uncompressed !== true,
    moveEntries: gib * 2 ** 28,
    onProgress: (name, p) => {
      if (!tty) return;
      const now = Date.now();
      if (now - lastDraw < 200) return;
      lastDraw = now;
      const width = 30;
      const filled = Math.round((p.done / Math.max(1, p.total)) * width);
      io.stderr.write(
        `\r${name.padEnd(14)} pass ${String(p.pass).padStart(3)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` +
          `${p.done}/${p.total}   `,
      );
    },
    onTable: (e) => {
      if (tty) io.stderr.write('\r\x1b[K');
      bytes += e.bytes;
      if (e.kind === 'skipped') {
        io.stdout.write(`${e.name.padEnd(14)} complete, skipped\n`);
        return;
      }
      positions += e.positions;
      const c = e.counts!;
      io.stdout.write(
        `${e.name.padEnd(14)} ${String(e.positions).padStart(10)} positions ${String(e.bytes).padStart(9)} bytes ` +
          `${(e.ms / 1000).toFixed(1).padStart(7)} s  win ${c.win} draw ${c.draw} loss ${c.loss}` +
          `${e.mirrored ? '  (mirror)' : ''}\n`,
      );
    },
  });
  io.stdout.write(
    `${variant.id} up to ${pieces} pieces in ${dir}: ${bytes} bytes; built ${positions} positions in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return 0;
}

function compact(args: string[], io: Io): number {
  const { values } = parseCommandLine('egdb', {
    args,
    options: {
      variant: POSITION_OPTIONS.variant,
      option: POSITION_OPTIONS.option,
      pieces: { type: 'string', short: 'n' },
      dir: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const { variant, pieces } = tablesAsked(values);
  const named = values.dir ?? values.out;
  const dir = named === undefined ? defaultEgdbDir() : namedFolder('--dir', named);
  const done = compactEgdb(variant, pieces, dir, (name, before, after) =>
    io.stdout.write(
      `${name.padEnd(14)} ${String(before).padStart(10)} -> ${String(after).padStart(10)} bytes\n`,
    ),
  );
  io.stdout.write(
    `${variant.id} up to ${pieces} pieces in ${dir}: ${done.tables} tables compressed, ` +
      `${done.before} -> ${done.after} bytes; ${done.left} left as they were\n`,
  );
  for (const damage of done.damaged) {
    io.stderr.write(
      `damka: a damaged table, left as it was: ${damage}; damka egdb build rebuilds it\n`,
    );
  }
  return done.damaged.length > 0 ? 1 : 0;
}

function probe(args: string[], io: Io): number {
  const { values } = parseCommandLine('egdb', {
    args,
    options: { ...POSITION_OPTIONS, dir: { type: 'string' }, out: { type: 'string' } },
  });
  if (values.fen === undefined) throw new UsageError('--fen is required');
  const position = positionFrom(values);
  const reason = unsupportedReason(position.variant);
  if (reason) throw new UsageError(`no endgame databases for ${position.variant.id}: ${reason}`);
  const named = values.dir ?? values.out;
  const dir = named === undefined ? defaultEgdbDir() : namedFolder('--dir', named);
  const prober = openEgdb(position.variant, dir);
  const value = prober ? prober.probe(position) : decidedValue(position);
  const damage = value === 'unknown' ? damagedTable(dir, position) : undefined;
  if (damage !== undefined) {
    // the position's own table is there but cannot be read: not a gap in the tables
    io.stdout.write(`unknown (a damaged table: ${damage}; damka egdb build rebuilds it)\n`);
    return 1;
  }
  const mover = position.turn === 'white' ? 'White' : 'Black';
  const other = colorIndex(position.turn) === 0 ? 'Black' : 'White';
  const text =
    value === 'win'
      ? `${mover} wins`
      : value === 'loss'
        ? `${other} wins`
        : value === 'draw'
          ? 'Draw'
          : `unknown (no table covers this position in ${dir})`;
  io.stdout.write(`${text}\n`);
  return 0;
}
