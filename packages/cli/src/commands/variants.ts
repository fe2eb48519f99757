/**
 * `damka variants`: the variant catalogue (ids, names, one-line summaries) and the house-rule
 * options from the rules package's house-rule table (where each applies, which variants play it by
 * default, which switches it cannot be combined with), so the list can never go stale.
 */
import { HOUSE_RULES, OPTION_NAMES, VARIANTS } from '@damka/rules';
import { guard, type Io } from '../command.ts';
import { parseCommandLine } from '../args.ts';

export const usage = `Usage: damka variants

Lists each variant's id (for --variant), name and summary, then the house-rule options
(for --option NAME=true|false).`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  parseCommandLine('variants', { args, options: {} });
  io.stdout.write('Variants (--variant ID):\n');
  io.stdout.write(table(VARIANTS.map((v) => [v.id, `${v.name}. ${v.summary}`])));
  io.stdout.write('\nHouse-rule options (--option NAME=true|false):\n');
  io.stdout.write(
    table(
      OPTION_NAMES.map((name) => {
        const h = HOUSE_RULES.find((r) => r.name === name)!;
        const on = VARIANTS.filter((v) => h.isOn(v)).map((v) => v.id);
        const off = VARIANTS.filter((v) => !h.appliesTo(v)).map((v) => v.id);
        const only = VARIANTS.filter((v) => h.appliesTo(v)).map((v) => v.id);
        const notes = [
          on.length > 0 ? `On by default in: ${on.join(', ')}.` : '',
          off.length === 0
            ? ''
            : only.length < off.length
              ? `Only for: ${only.join(', ')}.`
              : `Not for: ${off.join(', ')}.`,
          h.excludes.length > 0 ? `Cannot be combined with: ${h.excludes.join(', ')}.` : '',
        ].filter((x) => x !== '');
        return [name, [h.summary, ...notes].join('\n      ')] as const;
      }),
    ),
  );
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
