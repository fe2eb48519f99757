/**
 * The variant catalogue of docs/decisions.md and its house-rule options.
 *
 * `rulesFor(id, options)` applies options to a variant's record and refuses impossible combinations
 * with a message naming them; every error is a value, never an exception, because ids and options
 * arrive from users (CLI, URLs, PDN tags).
 */
import type { Rules } from './rules.ts';
import { err, ok, type Result } from '../types.ts';
import { international } from './international.ts';
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
];

export type VariantId = (typeof VARIANTS)[number]['id'];

export const OPTION_NAMES = [
  'noForcedCapture',
  'giveaway',
  'burnedPieces',
  'mayStopCaptureChain',
  'lastPieceMayMoveBackward',
  'noKingMoveLimit',
  'materialAdjudication',
  'backwardCaptureOnlyAfterForward',
  'kingSplit',
  'forcedOpening',
  'souffle',
] as const;

export type OptionName = (typeof OPTION_NAMES)[number];

/** Switches on top of a variant; `undefined` keeps the variant's default. */
export type Options = Partial<Record<OptionName, boolean>>;

export const OPTION_SUMMARIES: Record<OptionName, string> = {
  noForcedCapture: 'Capturing is optional; a capture once started follows the usual rules.',
  giveaway: 'The side that cannot move wins; only repetition draws.',
  burnedPieces:
    'A capture may be skipped, but the opponent may then burn a piece that could have taken.',
  mayStopCaptureChain: 'A capture sequence may stop after any jump.',
  lastPieceMayMoveBackward: 'A lone last man may also step backward.',
  noKingMoveLimit: 'No move-count draw rules (repetition still draws).',
  materialAdjudication: 'A game that would be drawn is won by the side with more pieces.',
  backwardCaptureOnlyAfterForward:
    'Men capture backward only after a forward jump in the same move.',
  kingSplit: 'Instead of moving, a king (off its crowning row) may split into two men.',
  forcedOpening: 'Dhamet: the ten-ply opening "la rencontre" is compulsory.',
  souffle: 'Dhamet: captures may be skipped or cut short, and the opponent may punish it (huff).',
};

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
    return err(`unknown variant '${id}' (known: ${VARIANTS.map((v) => v.id).join(', ')})`);
  }
  let r: Rules = base;
  const on = (name: OptionName) => options[name] === true;
  const dhametOnly: OptionName[] = ['forcedOpening', 'souffle'];
  for (const name of dhametOnly) {
    if (options[name] !== undefined && base.topology !== 'alquerque-9x9') {
      return err(`option '${name}' applies to dhamet only`);
    }
  }
  const obligations = (['noForcedCapture', 'burnedPieces', 'souffle'] as const).filter(on);
  if (obligations.length > 1) {
    return err(`options ${obligations.map((o) => `'${o}'`).join(' and ')} cannot be combined`);
  }
  if (on('giveaway') && on('materialAdjudication')) {
    return err(`options 'giveaway' and 'materialAdjudication' cannot be combined`);
  }
  if (options.burnedPieces === false && base.capture.obligation === 'burn') {
    r = { ...r, capture: { ...r.capture, obligation: 'mandatory' } };
  }
  if (on('noForcedCapture')) r = { ...r, capture: { ...r.capture, obligation: 'optional' } };
  if (on('burnedPieces')) r = { ...r, capture: { ...r.capture, obligation: 'burn' } };
  if (on('souffle')) r = { ...r, capture: { ...r.capture, obligation: 'souffle' } };
  if (options.forcedOpening === false) r = { ...r, forcedOpening: [] };
  if (on('giveaway')) {
    r = { ...r, noMoveMeans: 'win', draws: r.draws.filter((d) => d.kind === 'repetition') };
  } else if (options.giveaway === false && base.noMoveMeans === 'win') {
    // a give-away base played for the normal goal takes back the draw rules of the game it inverts
    const normal = base.topology === 'diagonal-10x10' ? international : english;
    r = { ...r, noMoveMeans: 'loss', draws: normal.draws };
  }
  if (options.mayStopCaptureChain !== undefined) {
    r = { ...r, capture: { ...r.capture, mustComplete: !on('mayStopCaptureChain') } };
  }
  if (options.lastPieceMayMoveBackward !== undefined) {
    r = { ...r, man: { ...r.man, lastPieceMayMoveBackward: on('lastPieceMayMoveBackward') } };
  }
  if (on('backwardCaptureOnlyAfterForward')) {
    if (r.man.captures !== 'all') {
      return err(
        `option 'backwardCaptureOnlyAfterForward' needs men that capture backward; ${id} men do not`,
      );
    }
    r = { ...r, man: { ...r.man, backwardCaptureOnlyAfterForward: true } };
  }
  if (on('noKingMoveLimit')) {
    r = {
      ...r,
      draws: r.draws.filter(
        (d) => d.kind !== 'quietMoves' && d.kind !== 'endgame' && d.kind !== 'kingsBothSides',
      ),
    };
  }
  if (options.materialAdjudication !== undefined) {
    r = { ...r, materialAdjudication: on('materialAdjudication') };
  }
  if (options.kingSplit !== undefined) r = { ...r, kingSplit: on('kingSplit') };
  return ok(r);
}

/** Parse `name=value` strings (CLI `--option`, URL parameters) into options. */
export function parseOptions(pairs: readonly string[]): Result<Options, string> {
  const options: Options = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    const raw = eq < 0 ? 'true' : pair.slice(eq + 1);
    if (!isOptionName(name)) {
      return err(`unknown option '${name}' (known: ${OPTION_NAMES.join(', ')})`);
    }
    const value = parseOptionValue(raw);
    if (value === undefined) return err(`option '${name}' wants true or false, not '${raw}'`);
    options[name] = value;
  }
  return ok(options);
}
