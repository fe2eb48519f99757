/**
 * `damka moves`: every legal move of a position in the variant's own notation, one per line and
 * nothing else on stdout, so the output can be compared with another generator's line by line.
 */
import { formatMove } from '@damka/rules';
import { guard, type Io } from '../command.ts';
import { POSITION_OPTIONS, POSITION_USAGE, parseCommandLine, positionFrom } from '../args.ts';

export const usage = `Usage: damka moves --variant ID [--option NAME=VALUE]... [--fen FEN]

Prints every legal move of the side to move, one per line, in the variant's notation
(captures with the same start, end and captured squares are one move).

${POSITION_USAGE}

Example: damka moves --variant russian --fen W:Wd4:Bc5,e5,g7
         d4:b6
         d4:h8`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('moves', { args, options: POSITION_OPTIONS });
  const position = positionFrom(values);
  const lines = position.legalMoves().map((move) => formatMove(position, move));
  lines.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const line of lines) io.stdout.write(`${line}\n`);
  return 0;
});
