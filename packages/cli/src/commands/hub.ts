/**
 * `damka hub`: Damka as a Hub-2 engine. A draughts GUI that runs Scan-style engines starts it,
 * writes commands on its standard input and reads the answers on its standard output (see
 * packages/engine/docs/protocols.md). The protocol itself lives in `@damka/engine`; this command
 * only connects it to the process's streams.
 */
import { runHubEngine } from '@damka/engine';
import { guard, type Io } from '../command.ts';
import { integerFrom, parseCommandLine } from '../args.ts';

export const usage = `Usage: damka hub [--seed N]

Speaks the Hub-2 protocol on standard input and output, one command per line:
hub, set-param, init, new-game, pos, level, go think|ponder|analyze, stop, ponder-hit,
ping, quit. The session ends at 'quit' or at the end of the input.

Parameters (set-param name=... value=...):
  variant     any Damka variant id (default international); squares of 'pos' and of moves
              are the variant's numbers, or for algebraic variants 1..N row by row from the
              top-left playable square as White sees the board
  options     house-rule options, e.g. "noForcedCapture=true kingSplit=true"
  strength    Damka's level 1-8 (default 8)
  tt-bits     log2 of the hash table's entries, 10-26 (default 20)

      --seed N            fix the randomness of the lower levels (tests)

A search runs in a worker thread, so 'stop' is answered at once; 'quit' or the end of the
input stops any search. See packages/engine/docs/protocols.md.

Example: damka hub      (then type, one line at a time)
         hub
         init
         pos moves="32-28"
         level depth=6
         go think`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('hub', {
    args,
    options: { seed: { type: 'string' } },
  });
  const seed =
    values.seed === undefined ? undefined : integerFrom('seed', values.seed, 0, 2 ** 31 - 1);
  await runHubEngine({
    input: process.stdin,
    output: io.stdout,
    ...(seed !== undefined ? { seed } : {}),
  });
  return 0;
});
