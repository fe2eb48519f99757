/**
 * The `damka` dispatcher: finds the command named by the first argument in the registry, loads it
 * and runs it with the rest. `damka COMMAND --help` shows the command's usage without running it.
 *
 * `main` takes the arguments and an `Io` and resolves to an exit code, so the whole command line
 * is testable in-process; only `bin/damka.cjs` touches `process`. A user's mistake is one line on
 * stderr and exit code 2; an unexpected exception is a bug, reported in one line with exit code 1.
 */
import { complain, EXIT_USAGE, type Io } from './command.ts';
import { COMMANDS, findCommand, type Registry } from './commands/index.ts';

/** Exit code of an unexpected failure (a bug in Damka, not in the user's input). */
export const EXIT_BUG = 1;

/** Run `damka` with `argv` (the arguments after `damka`); `commands` is the registry. */
export async function main(
  argv: readonly string[],
  io: Io,
  commands: Registry = COMMANDS,
): Promise<number> {
  const [first, ...rest] = argv;
  const runCommand = async (name: string, args: string[]) => {
    const module = await findCommand(name, commands)!.load();
    return module.run(args, io);
  };
  try {
    if (first === undefined || first === '--help' || first === '-h') {
      return await runCommand('help', []);
    }
    if (first.startsWith('-')) {
      complain(io, `unknown option '${first}': a command comes first (see damka --help)`);
      return EXIT_USAGE;
    }
    if (!findCommand(first, commands)) {
      complain(io, `unknown command '${first}' (see damka --help)`);
      return EXIT_USAGE;
    }
    if (wantsHelp(rest)) return await runCommand('help', [first]);
    return await runCommand(first, rest);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    complain(io, `internal error: ${message}`);
    return EXIT_BUG;
  }
}

/** Is `--help` or `-h` among the options (before a `--` terminator)? */
function wantsHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}
