/**
 * Command-line parsing shared by the commands: node's `util.parseArgs` with its errors turned into
 * `UsageError`s, and the `--variant`/`--option`/`--fen` trio that names a position.
 *
 * Every user mistake becomes one sentence naming the problem (`FEN: no square '51' in international
 * (at 12)`), because the rules package reports errors as values with the failing part and offset.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { getVariant, parseOptions, Position, type Variant } from '@damka/rules';
import { UsageError } from './command.ts';

/** `util.parseArgs` in strict mode; its errors become one-line `UsageError`s. */
export function parseCommandLine<const T extends ParseArgsConfig>(
  command: string,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    const args = config.args === undefined ? undefined : joinNegativeValues(config.args, config);
    return parseArgs<T>({ strict: true, allowPositionals: false, ...config, args });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // node's messages add advice after the first sentence; the first sentence names the problem
    const first = message.split(/\.\s/)[0]!.replace(/\.$/, '');
    throw new UsageError(
      `${first.charAt(0).toLowerCase()}${first.slice(1)} (see damka help ${command})`,
    );
  }
}

/**
 * `util.parseArgs` reads `--depth-delta -4` as two options; a string option followed by a negative
 * number is joined into `--depth-delta=-4`, so negative values work as users type them.
 */
function joinNegativeValues(args: readonly string[], config: ParseArgsConfig): string[] {
  const options = config.options ?? {};
  const takesValue = (token: string): boolean => {
    const long = /^--([^=]+)$/.exec(token);
    if (long) return options[long[1]!]?.type === 'string';
    const short = /^-([A-Za-z])$/.exec(token);
    if (short)
      return Object.values(options).some((o) => o.short === short[1] && o.type === 'string');
    return false;
  };
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    const next = args[i + 1];
    if (next !== undefined && /^-\d+(\.\d+)?$/.test(next) && takesValue(token)) {
      out.push(`${token}=${next}`.replace(/^-([A-Za-z])=/, '-$1'));
      i++;
    } else out.push(token);
  }
  return out;
}

/** The options that name a position: a variant, its house-rule options and a FEN. */
export const POSITION_OPTIONS = {
  variant: { type: 'string', short: 'v' },
  option: { type: 'string', short: 'o', multiple: true },
  fen: { type: 'string', short: 'f' },
} as const;

/** Usage lines for `POSITION_OPTIONS`. */
export const POSITION_USAGE = `  -v, --variant ID        variant id (see damka variants); required
  -o, --option NAME=VALUE house-rule option, repeatable (e.g. --option noForcedCapture=true)
  -f, --fen FEN           position in the variant's FEN notation; default: the start position`;

/** The variant named by `--variant` with `--option`s applied. */
export function variantFrom(values: { variant?: string; option?: string[] }): Variant {
  if (values.variant === undefined) {
    throw new UsageError(`--variant is required (see damka variants)`);
  }
  const options = parseOptions(values.option ?? []);
  if (!options.ok) throw new UsageError(options.error);
  const variant = getVariant(values.variant, options.value);
  if (!variant.ok) throw new UsageError(variant.error);
  return variant.value;
}

/** The position given by `--fen` (or the variant's start position). */
export function positionFrom(values: {
  variant?: string;
  option?: string[];
  fen?: string;
}): Position {
  const variant = variantFrom(values);
  if (values.fen === undefined) return Position.start(variant);
  const position = Position.fromFen(variant, values.fen);
  if (!position.ok) {
    const { message } = position.error;
    // counted from 1, as the PDN errors count their characters
    const at = 'at' in position.error ? ` (at character ${position.error.at + 1})` : '';
    throw new UsageError(`FEN: ${message}${at}`);
  }
  return position.value;
}

/** A whole number in `[min, max]` given as option `--name`. */
export function integerFrom(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number {
  if (text === undefined) throw new UsageError(`--${name} is required`);
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${text}'`);
  }
  return value;
}
