/**
 * `damka analyse`: the engine's view of one position — the evaluation in men from White's side,
 * the depth reached and the best line in the variant's notation — and, where an endgame table
 * covers the position, its exact result first ("White wins", "Draw"), since a table's word is
 * final where a score is only an estimate. The search probes the same tables. A position of the
 * variant's opening book gets its book moves listed before the search. The work is done by
 * @damka/engine; this file only talks.
 */
import { formatMove, type Move, type Position } from '@damka/rules';
import {
  Engine,
  MAX_THREADS,
  loadBook,
  knownTableResult,
  tableVerdict,
  verdictText,
  type SearchInfo,
} from '@damka/engine';
import { damagedTable, defaultEgdbDir, openEgdb } from '@damka/engine/egdb-node';
import { guard, namedFolder, UsageError, type Io } from '../command.ts';
import { bookLines } from './book.ts';
import {
  POSITION_OPTIONS,
  POSITION_USAGE,
  integerFrom,
  parseCommandLine,
  positionFrom,
} from '../args.ts';

export const usage = `Usage: damka analyse --variant ID [--fen FEN] [--time MS | --depth D] [--threads N]
                     [--egdb-dir DIR]

Searches the position and prints each completed depth: the evaluation in men from White's side
(or a forced win in N moves), the nodes and the best line. When an endgame table covers the
position (damka egdb build), the first line is its exact result with best play, e.g.
"Database: White wins"; tables ignore move-count and repetition draws. A position of the
variant's opening book (damka book) gets its book moves first: share of play and score.

${POSITION_USAGE}
      --time MS           thinking time (default 2000)
      --depth D           search to depth D instead of a time (not with --time)
      --threads N         search on N threads sharing one table (default 1; with --time only:
                          a search to a fixed depth stays on one thread)
      --egdb-dir DIR      the endgame database folder (default ${'$'}DAMKA_EGDB_DIR or ~/.cache/damka/egdb)
      --no-egdb           do not use endgame tables

Example: damka analyse --variant english --fen "W:WK1,K2:BK32" --depth 8`;

/** Hundredths of a man for the side to move, as signed men from White's side: "+1.25". */
function whiteMen(info: SearchInfo, position: Position): string {
  const white = position.turn === 'white' ? info.score : -info.score;
  if (info.mate !== undefined) {
    const winner = info.mate > 0 === (position.turn === 'white') ? 'White' : 'Black';
    return `${winner} wins in ${Math.abs(info.mate)}`;
  }
  const known = knownTableResult(white);
  if (known !== 0) return `${known > 0 ? 'White' : 'Black'} wins (database)`;
  const men = (Math.abs(white) / 100).toFixed(2);
  return Math.round(white) === 0 ? '0.00' : `${white > 0 ? '+' : '-'}${men}`;
}

/** The line in the variant's notation. */
function lineText(position: Position, pv: readonly Move[]): string {
  const out: string[] = [];
  let p = position;
  for (const m of pv) {
    out.push(formatMove(p, m));
    p = p.play(m);
  }
  return out.join(' ');
}

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('analyse', {
    args,
    options: {
      ...POSITION_OPTIONS,
      time: { type: 'string' },
      depth: { type: 'string' },
      'egdb-dir': { type: 'string' },
      'no-egdb': { type: 'boolean', default: false },
      threads: { type: 'string', default: '1' },
    },
  });
  const position = positionFrom(values);
  if (values.time !== undefined && values.depth !== undefined) {
    throw new UsageError('give --time or --depth, not both');
  }
  const limits =
    values.depth !== undefined
      ? { depth: integerFrom('depth', values.depth, 1, 99) }
      : { moveTime: integerFrom('time', values.time ?? '2000', 1, 3_600_000) };
  const named = values['egdb-dir'];
  const dir = named === undefined ? defaultEgdbDir() : namedFolder('--egdb-dir', named);
  const egdb = values['no-egdb'] ? undefined : openEgdb(position.variant, dir);
  const verdict = tableVerdict(egdb, position);
  if (verdict) io.stdout.write(`Database: ${verdictText(verdict)}\n`);
  const damage = verdict || values['no-egdb'] ? undefined : damagedTable(dir, position);
  if (damage)
    io.stdout.write(`Database: a damaged table: ${damage}; damka egdb build rebuilds it\n`);
  if (position.legalMoves().length === 0) {
    io.stdout.write('No legal move: the game is over.\n');
    return 0;
  }
  const book = await loadBook(position.variant);
  const lines = book ? bookLines(book, position) : [];
  if (lines.length > 0)
    io.stdout.write(`Book: ${lines.map((l) => l.replace(/\s+/g, ' ')).join(', ')}\n`);
  const threads = integerFrom('threads', values.threads, 1, MAX_THREADS);
  if (threads > 1 && values.depth !== undefined) {
    throw new UsageError('--threads goes with --time: a search to a fixed depth uses one thread');
  }
  const helpers =
    threads > 1
      ? (await import('@damka/engine/threads-node')).startHelpers(position.variant, {
          threads,
          ...(egdb ? { egdbDir: dir } : {}),
        })
      : undefined;
  // one long search: the helpers join it from its start
  await helpers?.ready();
  const engine = new Engine(position.variant, {
    ...(egdb ? { egdb } : {}),
    ...(helpers ? { helpers } : {}),
  });
  const show = (info: SearchInfo) =>
    io.stdout.write(
      `depth ${String(info.depth).padStart(2)}  ${whiteMen(info, position).padStart(7)}  ` +
        `nodes ${info.nodes}  ${lineText(position, info.pv)}\n`,
    );
  try {
    const result = engine.analyse(position, { limits, onInfo: show });
    if (result.move) io.stdout.write(`best ${formatMove(position, result.move)}\n`);
  } finally {
    await helpers?.close();
  }
  return 0;
});
