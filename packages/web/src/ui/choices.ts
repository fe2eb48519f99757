/**
 * What the home screen remembers in localStorage: the last choices of the new-game dialog (variant,
 * house rules, level, colour, clocks), so the next game starts from them, and the recent games,
 * finished ones included, so a game is never lost when the next one starts. Everything read back
 * is checked (storage is user-editable); anything broken falls back to the defaults.
 */
import { findRules, houseRulesFor, type Options } from '@damka/rules';
import { CLOCK_PRESETS } from '../game/clock.ts';
import { parseSaved, type SavedGame } from '../game/record.ts';
import { CLOCKS } from '../online/api.ts';
import { levelOf } from '../computer/client.ts';

/** The colour asked for: a side, or drawn at random when the game starts. */
export type ColorPick = 'white' | 'black' | 'random';

export interface Choices {
  readonly variant: string;
  readonly options: Options;
  readonly level: number;
  readonly color: ColorPick;
  /** Index into `CLOCK_PRESETS` for a local game, -1 for none. */
  readonly localClock: number;
  /** Index into `CLOCKS` for an online game. */
  readonly onlineClock: number;
}

export const DEFAULT_CHOICES: Choices = {
  variant: 'international',
  options: {},
  level: 3,
  color: 'white',
  localClock: -1,
  onlineClock: 2,
};

const CHOICES_KEY = 'damka.choices';
const RECENT_KEY = 'damka.recent';
/** Games kept in the recent list. */
export const RECENT_MAX = 12;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // quota or privacy mode: the choice still holds for this page
  }
}

const index = (x: unknown, length: number, fallback: number, min = 0): number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x < length ? x : fallback;

export function loadChoices(): Choices {
  const d = DEFAULT_CHOICES;
  try {
    const c = JSON.parse(storage()?.getItem(CHOICES_KEY) ?? 'null') as Partial<Choices> | null;
    if (!c || typeof c !== 'object') return d;
    const rules = typeof c.variant === 'string' ? findRules(c.variant) : undefined;
    const variant = rules ? rules.id : d.variant;
    const options: Record<string, boolean> = {};
    if (rules && c.options && typeof c.options === 'object') {
      // only the switches the variant has (a stored Dhamet switch never reaches Russian)
      for (const name of houseRulesFor(rules)) {
        const v = (c.options as Record<string, unknown>)[name];
        if (typeof v === 'boolean') options[name] = v;
      }
    }
    return {
      variant,
      options,
      level: levelOf(c.level),
      color: c.color === 'black' || c.color === 'random' ? c.color : 'white',
      localClock: index(c.localClock, CLOCK_PRESETS.length, d.localClock, -1),
      onlineClock: index(c.onlineClock, CLOCKS.length, d.onlineClock),
    };
  } catch {
    return d;
  }
}

export function saveChoices(c: Choices): void {
  write(CHOICES_KEY, c);
}

/** The recent games, newest first. */
export function loadRecent(): SavedGame[] {
  try {
    const list = JSON.parse(storage()?.getItem(RECENT_KEY) ?? '[]') as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .map((x) => parseSaved(JSON.stringify(x)))
      .filter((g): g is SavedGame => g !== null)
      .slice(0, RECENT_MAX);
  } catch {
    return [];
  }
}

/** The list with `game` first (replacing an older copy of the same game). */
export function withRecent(list: readonly SavedGame[], game: SavedGame): SavedGame[] {
  return [game, ...list.filter((g) => g.id !== game.id)].slice(0, RECENT_MAX);
}

export function saveRecent(list: readonly SavedGame[]): void {
  write(RECENT_KEY, list);
}
