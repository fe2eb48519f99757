/**
 * The variant catalogue of docs/decisions.md and its house-rule options (the switches themselves:
 * `house-rules.ts`).
 *
 * `rulesFor(id, options)` applies options to a variant's record and refuses impossible combinations
 * with a message naming them; every error is a value, never an exception, because ids and options
 * arrive from users (CLI, URLs, PDN tags).
 */
import type { Rules } from './rules.ts';
import { err, ok, type Result } from '../types.ts';
import { shown } from '../shown.ts';
import { international } from './international.ts';
import { OPTION_NAMES, applyHouseRules, type OptionName, type Options } from './house-rules.ts';
import { brazilian } from './brazilian.ts';
import { russian } from './russian.ts';
import { english } from './english.ts';
import { arabDama } from './arab-dama.ts';
import { spanish } from './spanish.ts';
import { portuguese } from './portuguese.ts';
import { italian } from './italian.ts';
import { czech } from './czech.ts';
import { turkish } from './turkish.ts';
import { antidraughts } from './antidraughts.ts';
import { giveaway } from './giveaway.ts';
import { israeli } from './israeli.ts';
import { israeli6x6 } from './israeli-6x6.ts';
import { dhamet } from './dhamet.ts';
import { frisian } from './frisian.ts';
import { frysk } from './frysk.ts';
import { killer } from './killer.ts';
import { breakthrough } from './breakthrough.ts';
import { pool } from './pool.ts';
import { thai } from './thai.ts';
import { canadian } from './canadian.ts';

export const VARIANTS: readonly Rules[] = [
  international,
  brazilian,
  russian,
  english,
  arabDama,
  spanish,
  portuguese,
  italian,
  czech,
  turkish,
  antidraughts,
  giveaway,
  israeli,
  israeli6x6,
  dhamet,
  frisian,
  frysk,
  killer,
  breakthrough,
  pool,
  thai,
  canadian,
];

export type VariantId = (typeof VARIANTS)[number]['id'];

export {
  HOUSE_RULES,
  OPTION_NAMES,
  OPTION_SUMMARIES,
  houseRule,
  houseRuleConflicts,
  houseRuleDefault,
  houseRuleStates,
  houseRulesFor,
  setHouseRule,
  type HouseRule,
  type OptionName,
  type Options,
} from './house-rules.ts';

export function findRules(id: string): Rules | undefined {
  return VARIANTS.find((v) => v.id === id);
}

/** Parse `true/false/on/off/1/0/yes/no`. */
export function parseOptionValue(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (['true', 'on', '1', 'yes', ''].includes(v)) return true;
  if (['false', 'off', '0', 'no'].includes(v)) return false;
  return undefined;
}

export function isOptionName(name: string): name is OptionName {
  return (OPTION_NAMES as readonly string[]).includes(name);
}

/** The variant's rules with options applied, or a message naming the problem. */
export function rulesFor(id: string, options: Options = {}): Result<Rules, string> {
  const base = findRules(id);
  if (!base) {
    return err(`unknown variant '${shown(id)}' (known: ${VARIANTS.map((v) => v.id).join(', ')})`);
  }
  return applyHouseRules(base, options);
}

/** Parse `name=value` strings (CLI `--option`, URL parameters) into options. */
export function parseOptions(pairs: readonly string[]): Result<Options, string> {
  const options: Options = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    const raw = eq < 0 ? 'true' : pair.slice(eq + 1);
    if (!isOptionName(name)) {
      return err(`unknown option '${shown(name)}' (known: ${OPTION_NAMES.join(', ')})`);
    }
    const value = parseOptionValue(raw);
    if (value === undefined)
      return err(`option '${name}' wants true or false, not '${shown(raw)}'`);
    options[name] = value;
  }
  return ok(options);
}
