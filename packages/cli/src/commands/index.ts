/**
 * The command registry: one line per command, name → module. A command lives in
 * `commands/<name>.ts` and exports `summary`, `usage` and `run(args, io)` (see `CommandModule`).
 * Modules load only when needed, so a heavy command never slows down the others; `damka help`
 * loads them all for their summaries, so importing a command module must start nothing.
 */
import type { CommandModule } from '../command.ts';

/** Command names and their module loaders. */
export type Registry = Readonly<Record<string, () => Promise<CommandModule>>>;

/** Every `damka` command, in the order `damka help` lists them. */
export const COMMANDS: Registry = {
  perft: () => import('./perft.ts'),
  moves: () => import('./moves.ts'),
  play: () => import('./play.ts'),
  pdn: () => import('./pdn.ts'),
  variants: () => import('./variants.ts'),
  bench: () => import('./bench.ts'),
  egdb: () => import('./egdb.ts'),
  analyse: () => import('./analyse.ts'),
  match: () => import('./match.ts'),
  ladder: () => import('./ladder.ts'),
  hub: () => import('./hub.ts'),
  dxp: () => import('./dxp.ts'),
  puzzles: () => import('./puzzles.ts'),
  review: () => import('./review.ts'),
  help: () => import('./help.ts'),
};

/** The loader of the command called `name`, if there is one. */
export function findCommand(
  name: string,
  commands: Registry = COMMANDS,
): (() => Promise<CommandModule>) | undefined {
  return Object.hasOwn(commands, name) ? commands[name] : undefined;
}
