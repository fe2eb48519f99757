/**
 * `damka ladder`: the level ladder of one or more variants — level n+1 against level n for
 * n = 1…7, and level 1 against a player that takes the biggest capture and otherwise moves at
 * random — printed as a Markdown table with each pair's score, Elo and whether it meets its
 * target (65% for a level over the one below; level 1 losing at least half its games). The
 * ladder itself lives in `@damka/engine/match` (packages/engine/bench/ladder.ts).
 */
import { guard, UsageError, type Io } from '../command.ts';
import { integerFrom, parseCommandLine, variantFrom } from '../args.ts';

export const usage = `Usage: damka ladder [--variant ID]... [--games N] [--top-nodes N] [--pairs LIST]

For each variant, level n+1 plays level n (n = 1-7) and level 1 plays a player that always takes
the biggest capture and otherwise moves at random; each pair plays N games over N/2 different
balanced openings (two plies, or more where two give too few), both colours. Levels 1-7 are
limited by their depth, level 8 by a node budget, so the table does not depend on the machine's
load.

  -v, --variant ID     variant id, repeatable (default english, international, russian)
      --games N        games per pair (default 20)
      --top-nodes N    level 8's nodes per move (default per variant: about 0.5-0.8 s
                       of one core, e.g. 1000000 on English, 600000 on International)
      --pairs LIST     only these pairs, by the upper level, e.g. 2,8; 1 is level 1 against
                       the biggest-capture player (default all)
      --max-plies N    plies after which a game is drawn (default 300)

Example: damka ladder --variant turkish --games 6`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values } = parseCommandLine('ladder', {
    args,
    options: {
      variant: { type: 'string', short: 'v', multiple: true },
      games: { type: 'string', default: '20' },
      'top-nodes': { type: 'string' },
      pairs: { type: 'string' },
      'max-plies': { type: 'string', default: '300' },
    },
  });
  const variants = (values.variant ?? ['english', 'international', 'russian']).map((id) =>
    variantFrom({ variant: id }),
  );
  const games = integerFrom('games', values.games, 1, 1000);
  const topNodes =
    values['top-nodes'] === undefined
      ? undefined
      : integerFrom('top-nodes', values['top-nodes'], 100, 1e9);
  const maxPlies = integerFrom('max-plies', values['max-plies'], 2, 100_000);
  let uppers: number[] | undefined;
  if (values.pairs !== undefined) {
    uppers = values.pairs.split(',').map((part) => {
      const n = integerFrom('pairs', part, 1, 8);
      return n === 1 ? 0 : n;
    });
    if (uppers.length === 0) throw new UsageError('--pairs needs at least one level');
  }
  const { runLadder, LADDER_HEADER, ladderRowText } = await import('@damka/engine/match');
  io.stdout.write(`${LADDER_HEADER}\n`);
  let failed = 0;
  for (const variant of variants) {
    await runLadder({
      variant,
      games,
      ...(topNodes !== undefined ? { topNodes } : {}),
      maxPlies,
      ...(uppers ? { uppers } : {}),
      onRow: (row) => {
        if (!row.met) failed++;
        io.stdout.write(`${ladderRowText(row)}\n`);
      },
    });
  }
  io.stdout.write(
    failed === 0 ? 'every pair meets its target\n' : `${failed} pair(s) below target\n`,
  );
  return 0;
});
