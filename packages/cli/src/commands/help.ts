/**
 * `damka help [COMMAND]`: the list of commands with their summaries, or one command's usage.
 * Built from the registry, so a new command appears here by being registered.
 */
import { guard, UsageError, type Io } from '../command.ts';
import { COMMANDS, findCommand } from './index.ts';

export const usage = `Usage: damka help [COMMAND]

Without COMMAND, lists the commands; with it, shows that command's options.`;

/** The overview printed by `damka`, `damka --help` and `damka help`. */
export function overview(): string {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((name) => name.length)) + 2;
  const lines = names.map((name) => `  ${name.padEnd(width)}${COMMANDS[name]!.summary}`);
  return `Damka: draughts in all its traditional forms.

Usage: damka COMMAND [OPTIONS]

Commands:
${lines.join('\n')}

Run 'damka help COMMAND' or 'damka COMMAND --help' for a command's options.
`;
}

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  if (args.length === 0) {
    io.stdout.write(overview());
    return 0;
  }
  if (args.length > 1) throw new UsageError('help: give one command name');
  const name = args[0]!;
  const command = findCommand(name);
  if (!command) throw new UsageError(`unknown command '${name}' (see damka help)`);
  const module = await command.load();
  io.stdout.write(`${module.usage}\n`);
  return 0;
});
