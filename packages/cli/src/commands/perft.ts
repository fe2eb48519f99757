/**
 * `damka perft`: the number of leaf nodes of the legal-move tree below a position, to check a move
 * generator against published tables (packages/rules/test/data/public.perft, docs/perft.md).
 *
 * stdout carries only the result, so scripts can take its last line: with `--divide`, one line
 * `<move> <count>` per root move first, then the total as a bare integer. Timing goes to stderr.
 * The divide lines play each root move through the public `Position` API and count below it with
 * the same `perft` the total uses, so a divide that sums to the total checks both paths.
 */
import {
  MoveGenerator,
  MoveList,
  colorIndex,
  formatMove,
  moveAt,
  perft,
  sameMove,
  type Move,
  type Position,
} from '@damka/rules';
import { guard, UsageError, type Io } from '../command.ts';
import {
  POSITION_OPTIONS,
  POSITION_USAGE,
  integerFrom,
  parseCommandLine,
  positionFrom,
} from '../args.ts';

/** Deepest perft accepted; deeper trees of any variant take far longer than anyone waits. */
const MAX_DEPTH = 30;

export const usage = `Usage: damka perft --variant ID [--option NAME=VALUE]... [--fen FEN] --depth N
                   [--duplicates keep|drop] [--divide]

Counts the leaf nodes of the legal-move tree N plies deep (a multi-capture is one ply).
The last line of output is the count, a bare integer; timing goes to stderr.

${POSITION_USAGE}
  -d, --depth N           plies to search, 0 to ${MAX_DEPTH}; required
      --duplicates MODE   drop (default): captures with the same start, end and captured
                          squares count once; keep: every capture route counts
      --divide            first print '<move> <count>' for each root move

Example: damka perft --variant international --depth 5
         27117`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('perft', {
    args,
    options: {
      ...POSITION_OPTIONS,
      depth: { type: 'string', short: 'd' },
      duplicates: { type: 'string', default: 'drop' },
      divide: { type: 'boolean', default: false },
    },
  });
  const position = positionFrom(values);
  const depth = integerFrom('depth', values.depth, 0, MAX_DEPTH);
  const duplicates = values.duplicates;
  if (duplicates !== 'keep' && duplicates !== 'drop') {
    throw new UsageError(`--duplicates must be keep or drop, not '${duplicates}'`);
  }

  const started = performance.now();
  let total: number;
  if (values.divide && depth > 0) {
    total = 0;
    for (const line of divide(position, depth, duplicates)) {
      io.stdout.write(`${line.move} ${line.count}\n`);
      total += line.count;
    }
  } else {
    total = perft(position, depth, { duplicates });
  }
  const seconds = (performance.now() - started) / 1000;
  io.stdout.write(`${total}\n`);
  const speed = seconds > 0 ? `, ${Math.round(total / seconds).toLocaleString('en')} nodes/s` : '';
  io.stderr.write(`perft ${depth}: ${total} nodes in ${seconds.toFixed(3)} s${speed}\n`);
  return 0;
});

/** One root move and the leaves below it. */
export interface DivideLine {
  readonly move: string;
  readonly count: number;
}

/**
 * Leaves below each root move, sorted by the move's notation. With `keep`, routes of one capture
 * that share start, end and captured squares are listed separately, each written in full.
 */
export function divide(
  position: Position,
  depth: number,
  duplicates: 'keep' | 'drop',
): DivideLine[] {
  const moves = rootMoves(position, duplicates);
  const lines = moves.map((move) => {
    const twins = moves.filter((m) => sameMove(m, move)).length;
    return {
      move: formatMove(position, move, { full: twins > 1 }),
      count: depth <= 1 ? 1 : perft(position.play(move), depth - 1, { duplicates }),
    };
  });
  return lines.sort((a, b) => a.move.localeCompare(b.move, 'en', { numeric: true }));
}

/** The root moves perft counts: the legal moves, or every capture route with `keep`. */
function rootMoves(position: Position, duplicates: 'keep' | 'drop'): readonly Move[] {
  if (duplicates === 'drop') return position.legalMoves();
  const list = new MoveList();
  const generator = new MoveGenerator(position.variant.compiled);
  generator.generate(position.board(), colorIndex(position.turn), list, false);
  const scripted = position.scriptedMove();
  const moves: Move[] = [];
  for (let i = 0; i < list.count; i++) {
    const move = moveAt(list, i);
    if (!scripted || (move.from === scripted.from && move.to === scripted.to)) moves.push(move);
  }
  return moves;
}
