/**
 * `damka bench`: the engine bench — a fixed set of positions of several variants searched to fixed
 * depths. Prints each position's nodes, then the total node count (identical on every run and
 * machine: the search is deterministic here) and nodes per second. A speed is only comparable with
 * another of the same search, so at the reference setting the count is checked first: when it is
 * not `BENCH_NODES` the run says so and fails without a speed.
 */
import { BENCH_NODES, runBench } from '@damka/engine';
import { openEgdb } from '@damka/engine/egdb-node';
import { guard, namedFolder, UsageError, type Io } from '../command.ts';
import { parseCommandLine } from '../args.ts';

export const usage = `Usage: damka bench [--depth-delta N] [--quiet] [--egdb DIR]

Searches the engine's bench positions (several variants) to fixed depths. The total node count
is the same on every run and machine; nodes/s measures speed on this one. Without options the
count must be the reference count of this release (${BENCH_NODES}), or no speed is printed and
the command fails: a different count means a different search.

      --depth-delta N     add N (may be negative) to every position's depth
      --quiet             print only the total lines
      --egdb DIR          probe the endgame databases in DIR (damka egdb); the reference
                          node count is without

Example: damka bench`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('bench', {
    args,
    options: {
      'depth-delta': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      egdb: { type: 'string' },
    },
  });
  const text = values['depth-delta'];
  const delta = text === undefined ? 0 : /^\s*-?\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!(delta >= -20 && delta <= 20)) {
    throw new UsageError(`--depth-delta wants an integer from -20 to 20, not '${text}'`);
  }
  const egdbDir = values.egdb === undefined ? undefined : namedFolder('--egdb', values.egdb);
  const report = runBench(
    undefined,
    (l) => {
      if (values.quiet) return;
      io.stdout.write(
        `${l.variant.padEnd(14)} depth ${String(l.depth).padStart(2)}  nodes ${String(l.nodes).padStart(9)}  ` +
          `${l.ms.toFixed(0).padStart(6)} ms  ${l.move}\n`,
      );
    },
    delta,
    egdbDir === undefined ? undefined : (variant) => openEgdb(variant, egdbDir),
  );
  io.stdout.write(`total nodes ${report.nodes}\n`);
  const reference = delta === 0 && values.egdb === undefined;
  if (reference && report.nodes !== BENCH_NODES) {
    io.stderr.write(
      `damka bench: the node count is not the reference ${BENCH_NODES}: this is another search, ` +
        'so its speed is not comparable and none is printed\n',
    );
    return 1;
  }
  io.stdout.write(`nodes/s ${report.nps} (${report.ms.toFixed(0)} ms)\n`);
  return 0;
});
