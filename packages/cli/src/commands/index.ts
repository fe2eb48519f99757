/**
 * The command registry: one entry per command, name → its one-line summary and its module loader.
 * A command lives in `commands/<name>.ts` and exports `usage` and `run(args, io)` (see
 * `CommandModule`). Modules load only when run (each is a bundle of its own in the build, see
 * scripts/build.mjs), so a heavy command never slows down the others, and the summaries are here
 * so that `damka help` lists every command without loading any.
 */
import type { CommandModule } from '../command.ts';

/** A registered command: what `damka help` says of it, and how to load it. */
export interface CommandEntry {
  /** One line for `damka help`. */
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

/** Command names and their entries. */
export type Registry = Readonly<Record<string, CommandEntry>>;

/** Every `damka` command, in the order `damka help` lists them. */
export const COMMANDS: Registry = {
  perft: {
    summary: 'Count the move tree of a position to a depth (perft)',
    load: () => import('./perft.ts'),
  },
  moves: {
    summary: 'List the legal moves of a position',
    load: () => import('./moves.ts'),
  },
  play: {
    summary: 'Play a game for two people at the terminal',
    load: () => import('./play.ts'),
  },
  pdn: {
    summary: 'Check PDN files against the rules, or convert their notation',
    load: () => import('./pdn.ts'),
  },
  variants: {
    summary: 'List variant ids, names and house-rule options',
    load: () => import('./variants.ts'),
  },
  bench: {
    summary: 'Search a fixed set of positions: total nodes (deterministic) and nodes/s',
    load: () => import('./bench.ts'),
  },
  egdb: {
    summary: 'Endgame databases: build win/draw/loss tables, probe a position',
    load: () => import('./egdb.ts'),
  },
  book: {
    summary: "Opening books: build a variant's book by deep searches, show a position's book moves",
    load: () => import('./book.ts'),
  },
  analyse: {
    summary: 'Analyse a position: evaluation, best line, and the endgame tables’ result',
    load: () => import('./analyse.ts'),
  },
  match: {
    summary: 'Play a match: Damka against a Hub engine, another level or rapid-draughts',
    load: () => import('./match.ts'),
  },
  ladder: {
    summary: 'Play the level ladder (level n+1 against level n) and print a table',
    load: () => import('./ladder.ts'),
  },
  hub: {
    summary: 'Run Damka as a Hub-2 engine on stdin/stdout (for draughts GUIs)',
    load: () => import('./hub.ts'),
  },
  dxp: {
    summary: 'Play International draughts against another engine over DXP (TCP)',
    load: () => import('./dxp.ts'),
  },
  puzzles: {
    summary: "Build a variant's puzzle set from real games and self-play, or verify one",
    load: () => import('./puzzles.ts'),
  },
  review: {
    summary: 'Review the games of a PDN file: marks, better lines and accuracy as PDN',
    load: () => import('./review.ts'),
  },
  help: {
    summary: 'Show the commands, or one command in detail',
    load: () => import('./help.ts'),
  },
};

/** The command called `name`, if there is one. */
export function findCommand(name: string, commands: Registry = COMMANDS): CommandEntry | undefined {
  return Object.hasOwn(commands, name) ? commands[name] : undefined;
}
