/**
 * House rules: the one table of switches a player may set on top of a variant — each with its
 * name, one-line summary, the variants it applies to, whether the variant plays it by default,
 * how it changes the rules record, and the switches it cannot hold together with.
 *
 * The CLI's `damka variants`, the web app's new-game form and its rules pages all read this
 * table, so a switch never shows a state the game does not play. Rules are applied in table order
 * (a give-away base restored to the normal goal takes back its draw rules before "no move-count
 * draws" removes some of them), and every refusal is a value naming the switches involved.
 */
import type { Rules } from './rules.ts';
import { err, ok, type Result } from '../types.ts';
import { international } from './international.ts';
import { english } from './english.ts';

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

export interface HouseRule {
  readonly name: OptionName;
  /** One line in English (the web app translates it by name). */
  readonly summary: string;
  /** Whether the switch can be set on a variant (`base`: the variant's own record). */
  readonly appliesTo: (base: Rules) => boolean;
  /** Whether a rules record plays this rule: on the variant's own record, its default. */
  readonly isOn: (r: Rules) => boolean;
  /** Switches that cannot be on at the same time as this one. */
  readonly excludes: readonly OptionName[];
  /** The record with the switch set (`base`: the variant's own record), or why it cannot be. */
  readonly apply: (r: Rules, on: boolean, base: Rules) => Result<Rules, string>;
}

const everywhere = () => true;
/** Breakthrough: the first crowning ends the game, so no king ever moves or splits. */
const kingsPlay = (base: Rules) => base.crowningWins !== true;
const dhametOnly = (base: Rules) => base.topology === 'alquerque-9x9';
const isMoveCountDraw = (kind: string) =>
  kind === 'quietMoves' || kind === 'endgame' || kind === 'kingsBothSides';
const CAPTURE_OBLIGATIONS: readonly OptionName[] = ['noForcedCapture', 'burnedPieces', 'souffle'];
const others = (name: OptionName) => CAPTURE_OBLIGATIONS.filter((n) => n !== name);

/** The capture obligation set by one switch; turning it off falls back to a compulsory capture. */
function obligation(
  name: OptionName,
  kind: Rules['capture']['obligation'],
  summary: string,
  appliesTo: (base: Rules) => boolean,
): HouseRule {
  return {
    name,
    summary,
    appliesTo,
    isOn: (r) => r.capture.obligation === kind,
    excludes: others(name),
    apply: (r, on) => {
      if (on) return ok({ ...r, capture: { ...r.capture, obligation: kind } });
      return ok(
        r.capture.obligation === kind
          ? { ...r, capture: { ...r.capture, obligation: 'mandatory' } }
          : r,
      );
    },
  };
}

/** The table, in the order the switches are applied. */
export const HOUSE_RULES: readonly HouseRule[] = [
  obligation(
    'burnedPieces',
    'burn',
    'A capture may be skipped, but the opponent may then burn a piece that could have taken.',
    everywhere,
  ),
  obligation(
    'noForcedCapture',
    'optional',
    'Capturing is optional; a capture once started follows the usual rules.',
    everywhere,
  ),
  obligation(
    'souffle',
    'souffle',
    'Dhamet: captures may be skipped or cut short, and the opponent may punish it (huff).',
    dhametOnly,
  ),
  {
    name: 'forcedOpening',
    summary: 'Dhamet: the ten-ply opening "la rencontre" is compulsory.',
    appliesTo: dhametOnly,
    isOn: (r) => r.forcedOpening.length > 0,
    excludes: [],
    apply: (r, on, base) => ok({ ...r, forcedOpening: on ? base.forcedOpening : [] }),
  },
  {
    name: 'giveaway',
    summary: 'The side that cannot move wins; only repetition draws.',
    // a crowning ends a Breakthrough game by leaving the opponent no move: inverted, it would lose
    appliesTo: kingsPlay,
    isOn: (r) => r.noMoveMeans === 'win',
    excludes: ['materialAdjudication'],
    apply: (r, on, base) => {
      if (on && r.crowningWins) {
        return err(`option 'giveaway' does not apply to ${r.id}: the first crowning wins there`);
      }
      if (on) {
        return ok({
          ...r,
          noMoveMeans: 'win',
          draws: r.draws.filter((d) => d.kind === 'repetition'),
        });
      }
      if (base.noMoveMeans !== 'win') return ok(r);
      // a give-away base played for the normal goal takes back the draw rules of the game it inverts
      const normal = base.topology === 'diagonal-10x10' ? international : english;
      return ok({ ...r, noMoveMeans: 'loss', draws: normal.draws });
    },
  },
  {
    name: 'mayStopCaptureChain',
    summary: 'A capture sequence may stop after any jump.',
    appliesTo: everywhere,
    isOn: (r) => !r.capture.mustComplete,
    excludes: [],
    apply: (r, on) => ok({ ...r, capture: { ...r.capture, mustComplete: !on } }),
  },
  {
    name: 'lastPieceMayMoveBackward',
    summary: 'A lone last man may also step backward.',
    appliesTo: everywhere,
    isOn: (r) => r.man.lastPieceMayMoveBackward,
    excludes: [],
    apply: (r, on) => ok({ ...r, man: { ...r.man, lastPieceMayMoveBackward: on } }),
  },
  {
    name: 'backwardCaptureOnlyAfterForward',
    summary: 'Men capture backward only after a forward jump in the same move.',
    appliesTo: (base) => base.man.captures === 'all',
    isOn: (r) => r.man.backwardCaptureOnlyAfterForward,
    excludes: [],
    apply: (r, on) => {
      if (on && r.man.captures !== 'all') {
        return err(
          `option 'backwardCaptureOnlyAfterForward' needs men that capture backward; ${r.id} men do not`,
        );
      }
      return ok({ ...r, man: { ...r.man, backwardCaptureOnlyAfterForward: on } });
    },
  },
  {
    name: 'noKingMoveLimit',
    summary: 'No move-count draw rules (repetition still draws).',
    // a variant without move-count draws has nothing to switch off (a give-away base regains them)
    appliesTo: (base) =>
      base.draws.some((d) => isMoveCountDraw(d.kind)) || base.noMoveMeans === 'win',
    isOn: (r) => !r.draws.some((d) => isMoveCountDraw(d.kind)),
    excludes: [],
    // turning it off keeps the variant's own counts (there is nothing to add back)
    apply: (r, on) =>
      on ? ok({ ...r, draws: r.draws.filter((d) => !isMoveCountDraw(d.kind)) }) : ok(r),
  },
  {
    name: 'materialAdjudication',
    summary: 'A game that would be drawn is won by the side with more pieces.',
    appliesTo: everywhere,
    isOn: (r) => r.materialAdjudication,
    excludes: ['giveaway'],
    apply: (r, on) => ok({ ...r, materialAdjudication: on }),
  },
  {
    name: 'kingSplit',
    summary: 'Instead of moving, a king (off its crowning row) may split into two men.',
    appliesTo: kingsPlay,
    isOn: (r) => r.kingSplit,
    excludes: [],
    apply: (r, on) =>
      on && r.crowningWins
        ? err(`option 'kingSplit' does not apply to ${r.id}: the first crowning ends the game`)
        : ok({ ...r, kingSplit: on }),
  },
];

const BY_NAME = new Map<OptionName, HouseRule>(HOUSE_RULES.map((h) => [h.name, h]));

/** The table's row for a switch. */
export function houseRule(name: OptionName): HouseRule {
  return BY_NAME.get(name)!;
}

/** Each switch's one-line summary (English), by name. */
export const OPTION_SUMMARIES: Record<OptionName, string> = Object.fromEntries(
  OPTION_NAMES.map((n) => [n, houseRule(n).summary]),
) as Record<OptionName, string>;

/** The switches that can be set on a variant, in the order of `OPTION_NAMES`. */
export function houseRulesFor(base: Rules): OptionName[] {
  return OPTION_NAMES.filter((n) => houseRule(n).appliesTo(base));
}

/** Whether the variant plays a switch by default. */
export function houseRuleDefault(base: Rules, name: OptionName): boolean {
  return houseRule(name).isOn(base);
}

/** Two switches that cannot be on together, e.g. for a rules page or a form's note. */
export function houseRuleConflicts(name: OptionName): readonly OptionName[] {
  return houseRule(name).excludes;
}

/**
 * Set one switch as a form does: `value` equal to the variant's default removes the switch from the
 * options; turning a switch on also turns off every switch it cannot hold together with that is
 * on (set explicitly or by default). `turnedOff` names those, so the form can say so.
 */
export function setHouseRule(
  base: Rules,
  options: Options,
  name: OptionName,
  value: boolean,
): { options: Options; turnedOff: OptionName[] } {
  const next: Options = { ...options };
  const put = (n: OptionName, v: boolean) => {
    if (v === houseRuleDefault(base, n)) delete next[n];
    else next[n] = v;
  };
  put(name, value);
  const turnedOff: OptionName[] = [];
  if (value) {
    for (const other of houseRule(name).excludes) {
      if (!houseRule(other).appliesTo(base)) continue;
      const on = options[other] ?? houseRuleDefault(base, other);
      if (on) {
        next[other] = false;
        if (!houseRuleDefault(base, other)) delete next[other];
        turnedOff.push(other);
      }
    }
  }
  return { options: next, turnedOff };
}

/**
 * The switches the options leave on and off in effect, read from the resulting record: what the
 * game plays, which a form shows (never the raw options, which may name an implied change).
 */
export function houseRuleStates(rules: Rules, base: Rules): Record<OptionName, boolean> {
  const out = {} as Record<OptionName, boolean>;
  for (const n of houseRulesFor(base)) out[n] = houseRule(n).isOn(rules);
  return out;
}

/** Apply `options` to a variant's own record, refusing switches that cannot hold together. */
export function applyHouseRules(base: Rules, options: Options): Result<Rules, string> {
  const on = (name: OptionName) => options[name] === true;
  for (const name of ['forcedOpening', 'souffle'] as const) {
    if (options[name] !== undefined && !dhametOnly(base)) {
      return err(`option '${name}' applies to dhamet only`);
    }
  }
  for (const name of OPTION_NAMES) {
    const clash = houseRule(name).excludes.filter((x) => on(name) && on(x));
    if (clash.length > 0) {
      const names = OPTION_NAMES.filter((n) => n === name || clash.includes(n));
      return err(`options ${names.map((o) => `'${o}'`).join(' and ')} cannot be combined`);
    }
  }
  let r = base;
  for (const h of HOUSE_RULES) {
    const value = options[h.name];
    if (value === undefined) continue;
    // a switch left off that the variant does not play changes nothing (old links and PDN tags)
    if (!value && !h.isOn(r) && !h.isOn(base)) continue;
    const next = h.apply(r, value, base);
    if (!next.ok) return next;
    r = next.value;
  }
  return ok(r);
}
