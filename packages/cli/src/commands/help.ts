/**
 * `damka help [COMMAND]`: the list of commands with their summaries, or one command's usage.
 * Built from the registry, so a new command appears here by being registered.
 */
import { guard, UsageError, type Io } from '../command.ts';
import { COMMANDS, findCommand } from './index.ts';

export const summary = 'Show the commands, or one command in detail';

export const usage = `Usage: damka help [COMMAND]

Without COMMAND, lists the commands; with it, shows that command's options.`;

/** The overview printed by `damka`, `damka --help` and `damka help`. */
export async function overview(): Promise<string> {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((name) => name.length)) + 2;
  const lines: string[] = [];
  for (const name of names) {
    const module = await COMMANDS[name]!();
    lines.push(`  ${name.padEnd(width)}${module.summary}`);
  }
  return `Damka: draughts in all its traditional forms.

Usage: damka COMMAND [OPTIONS]

Commands:
${lines.join('\n')}

Run 'damka help COMMAND' or 'damka COMMAND --help' for a command's options.
`;
}

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  if (args.length === 0) {
    io.stdout.write(await overview());
    return 0;
  }
  if (args.length > 1) throw new UsageError('help: give one command name');
  const name = args[0]!;
  const load = findCommand(name);
  if (!load) throw new UsageError(`unknown command '${name}' (see damka help)`);
  const module = await load();
  io.stdout.write(`${module.usage}\n`);
  return 0;
});
