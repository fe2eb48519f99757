/**
 * The puzzle trainer's local state, kept in the browser only: the player's Glicko-2 rating, the
 * current and best streaks, counts, and per variant the puzzles already played (so the next one
 * is new). Pure functions over a plain object plus load/save through `localStorage`; no server.
 *
 * Puzzle sets themselves are fetched from `/puzzles/<variant>.json` on first use and kept in the
 * Cache Storage, so a set once opened works offline; a failed fetch falls back to that copy.
 */
import {
  NEW_RATING,
  parsePuzzleSet,
  puzzlesOf,
  ratePuzzle,
  type Puzzle,
  type Rating,
} from '@damka/engine/puzzles';

export const STORE_KEY = 'damka.puzzles.v1';
const CACHE_NAME = 'damka-puzzles-v1';
/** Played puzzle ids remembered per variant (the oldest are forgotten first). */
const SEEN_LIMIT = 2000;

export interface TrainerState {
  readonly rating: Rating;
  readonly streak: number;
  readonly bestStreak: number;
  readonly solved: number;
  readonly failed: number;
  readonly variant: string;
  readonly seen: Readonly<Record<string, readonly string[]>>;
  /** Only puzzles with this theme (absent: every puzzle). */
  readonly theme?: string;
}

export const NEW_STATE: TrainerState = {
  rating: NEW_RATING,
  streak: 0,
  bestStreak: 0,
  solved: 0,
  failed: 0,
  variant: 'international',
  seen: {},
};

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored state, or a new one when there is none or it is unreadable. */
export function loadState(): TrainerState {
  const text = storage()?.getItem(STORE_KEY);
  if (!text) return NEW_STATE;
  try {
    const s = JSON.parse(text) as Partial<TrainerState>;
    const r = s.rating;
    const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
    return {
      rating: r && finite(r.rating) && finite(r.rd) && finite(r.vol) ? r : NEW_RATING,
      streak: finite(s.streak) ? s.streak : 0,
      bestStreak: finite(s.bestStreak) ? s.bestStreak : 0,
      solved: finite(s.solved) ? s.solved : 0,
      failed: finite(s.failed) ? s.failed : 0,
      variant: typeof s.variant === 'string' ? s.variant : NEW_STATE.variant,
      seen: s.seen && typeof s.seen === 'object' ? s.seen : {},
      ...(typeof s.theme === 'string' && s.theme !== '' ? { theme: s.theme } : {}),
    };
  } catch {
    return NEW_STATE;
  }
}

export function saveState(s: TrainerState): void {
  try {
    storage()?.setItem(STORE_KEY, JSON.stringify(s));
  } catch {
    // storage full or refused: the session goes on unsaved
  }
}

/** The state after a rated result on `puzzle` (`solved` true or false). */
export function afterResult(s: TrainerState, puzzle: Puzzle, solved: boolean): TrainerState {
  const streak = solved ? s.streak + 1 : 0;
  return {
    ...s,
    rating: ratePuzzle(s.rating, puzzle.rating, solved),
    streak,
    bestStreak: Math.max(s.bestStreak, streak),
    solved: s.solved + (solved ? 1 : 0),
    failed: s.failed + (solved ? 0 : 1),
  };
}

/** The state with `puzzle` remembered as played in `variant`. */
export function withSeen(s: TrainerState, variant: string, id: string): TrainerState {
  const list = (s.seen[variant] ?? []).filter((x) => x !== id);
  list.push(id);
  return { ...s, seen: { ...s.seen, [variant]: list.slice(-SEEN_LIMIT) } };
}

/**
 * The next puzzle: among those of the chosen theme (every puzzle when none has it) not yet played
 * (all, once every one has been), one of the eight whose difficulty is nearest the player's
 * rating, chosen at random.
 */
export function pickPuzzle(
  puzzles: readonly Puzzle[],
  s: TrainerState,
  variant: string,
  random: () => number = Math.random,
): Puzzle | undefined {
  if (puzzles.length === 0) return undefined;
  const theme = s.theme;
  const themed = theme ? puzzles.filter((p) => p.themes.includes(theme)) : puzzles;
  const set = themed.length > 0 ? themed : puzzles;
  const seen = new Set(s.seen[variant] ?? []);
  let pool = set.filter((p) => !seen.has(p.id));
  if (pool.length === 0) pool = [...set];
  const target = s.rating.rating;
  const nearest = [...pool]
    .sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target))
    .slice(0, 8);
  return nearest[Math.floor(random() * nearest.length)];
}

/** The puzzles of `variant`: from the network, else from the cached copy; undefined when neither. */
export async function loadPuzzles(
  variant: string,
  base = '/puzzles/',
): Promise<Puzzle[] | undefined> {
  const url = `${base}${encodeURIComponent(variant)}.json`;
  const cache =
    typeof caches === 'undefined' ? null : await caches.open(CACHE_NAME).catch(() => null);
  let text: string | undefined;
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok) {
      text = await response.text();
      await cache
        ?.put(url, new Response(text, { headers: { 'content-type': 'application/json' } }))
        .catch(() => undefined);
    } else if (response.status === 404) {
      return [];
    }
  } catch {
    // offline: the cached copy below
  }
  if (text === undefined) {
    const cached = await cache?.match(url).catch(() => undefined);
    if (cached) text = await cached.text();
  }
  if (text === undefined) return undefined;
  const set = parsePuzzleSet(text);
  if (!set.ok || set.value.variant !== variant) return undefined;
  return puzzlesOf(set.value);
}
