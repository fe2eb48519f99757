/**
 * `damka variants`: the variant catalogue (ids, names, one-line summaries) and the house-rule
 * options, read from the rules package so the list can never go stale.
 */
import { OPTION_NAMES, OPTION_SUMMARIES, VARIANTS } from '@damka/rules';
import { guard, type Io } from '../command.ts';
import { parseCommandLine } from '../args.ts';

export const summary = 'List variant ids, names and house-rule options';

export const usage = `Usage: damka variants

Lists each variant's id (for --variant), name and summary, then the house-rule options
(for --option NAME=true|false).`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  parseCommandLine('variants', { args, options: {} });
  io.stdout.write('Variants (--variant ID):\n');
  io.stdout.write(table(VARIANTS.map((v) => [v.id, `${v.name}. ${v.summary}`])));
  io.stdout.write('\nHouse-rule options (--option NAME=true|false):\n');
  io.stdout.write(table(OPTION_NAMES.map((name) => [name, OPTION_SUMMARIES[name]])));
  return 0;
});

/** Two columns when the names are short, else each name with its text indented below it. */
function table(rows: ReadonlyArray<readonly [string, string]>): string {
  const longest = Math.max(...rows.map(([name]) => name.length));
  const inline = longest <= 16;
  return rows
    .map(([name, text]) =>
      inline ? `  ${name.padEnd(longest + 2)}${text}\n` : `  ${name}\n      ${text}\n`,
    )
    .join('');
}
