/**
 * Settings and the current game, kept in localStorage. Everything read back is checked field by
 * field (storage is user-editable and may come from an older version); a missing or broken value
 * falls back to the default instead of breaking the page.
 */
import { isLocale, pickLocale, type Locale } from './i18n/index.ts';
import { parseSaved, type SavedGame } from './game/record.ts';

export type Theme = 'system' | 'light' | 'dark';

/** How fast pieces glide to their new square. */
export type AnimationSpeed = 'off' | 'fast' | 'normal' | 'slow';

export const ANIMATION_SPEEDS: readonly AnimationSpeed[] = ['off', 'fast', 'normal', 'slow'];

/** Milliseconds per step of a move for each speed (the board multiplies by the steps of a capture). */
export const ANIMATION_MS: Record<AnimationSpeed, number> = {
  off: 0,
  fast: 110,
  normal: 220,
  slow: 420,
};

function isAnimationSpeed(x: unknown): x is AnimationSpeed {
  return typeof x === 'string' && (ANIMATION_SPEEDS as readonly string[]).includes(x);
}

export interface Settings {
  readonly theme: Theme;
  readonly coordinates: boolean;
  readonly flip: boolean;
  readonly locale: Locale;
  /** Move and capture sounds. */
  readonly sound: boolean;
  readonly animation: AnimationSpeed;
}

const SETTINGS_KEY = 'damka.settings';
const GAME_KEY = 'damka.game';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode): settings live for this page only
  }
}

export function defaultSettings(languages: readonly string[] = []): Settings {
  return {
    theme: 'system',
    coordinates: true,
    flip: false,
    locale: pickLocale(languages),
    sound: true,
    animation: 'normal',
  };
}

export function loadSettings(languages: readonly string[]): Settings {
  const base = defaultSettings(languages);
  const text = storage()?.getItem(SETTINGS_KEY);
  if (!text) return base;
  try {
    const s = JSON.parse(text) as Partial<Settings>;
    return {
      theme:
        s.theme === 'light' || s.theme === 'dark' || s.theme === 'system' ? s.theme : base.theme,
      coordinates: typeof s.coordinates === 'boolean' ? s.coordinates : base.coordinates,
      flip: typeof s.flip === 'boolean' ? s.flip : base.flip,
      locale: isLocale(s.locale) ? s.locale : base.locale,
      sound: typeof s.sound === 'boolean' ? s.sound : base.sound,
      animation: isAnimationSpeed(s.animation) ? s.animation : base.animation,
    };
  } catch {
    return base;
  }
}

export function saveSettings(s: Settings): void {
  try {
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(s));
  } catch {
    // quota or privacy mode: the setting still applies to this page
  }
}

export function loadGame(): SavedGame | null {
  return parseSaved(storage()?.getItem(GAME_KEY) ?? null);
}

export function saveGame(g: SavedGame | null): void {
  try {
    if (g) storage()?.setItem(GAME_KEY, JSON.stringify(g));
    else storage()?.removeItem(GAME_KEY);
  } catch {
    // as above
  }
}
