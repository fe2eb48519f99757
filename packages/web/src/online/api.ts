/**
 * Online play from the page's side: creating a game on the server that serves the app, reading a
 * game link (`/play/<game>#<secret>`: the secret stays in the fragment, so it is never sent in a
 * request or a Referer), remembering the friend's link for the waiting screen, and the
 * WebSocket address. Pure functions of their inputs, so they are tested in Node.
 */
import type { ClockSetting, CreateGameResponse } from '@damka/protocol';
import type { GameSetup } from '../game/record.ts';
import { needsConnectionMessage } from '../offline/connection.ts';

/** A game link opened in this page. */
export interface PlayLink {
  readonly game: string;
  /** The seat's secret; absent = watching. */
  readonly token?: string;
}

/** The game link of a location, or null when the page is not a game link. */
export function parsePlayLink(pathname: string, hash: string): PlayLink | null {
  const match = /^\/play\/([A-Za-z0-9_-]{12})\/?$/.exec(pathname);
  if (!match) return null;
  const token = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{22}$/.test(token) ? { game: match[1]!, token } : { game: match[1]! };
}

/** The WebSocket endpoint of the server that served the page. */
export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
}

/** Clock choices offered in the menu: [initial seconds, increment seconds], or none. */
export const CLOCKS: ReadonlyArray<ClockSetting | null> = [
  null,
  { initial: 180, increment: 2 },
  { initial: 300, increment: 3 },
  { initial: 600, increment: 5 },
  { initial: 900, increment: 10 },
  { initial: 1800, increment: 20 },
];

/** "5+3" for five minutes and three seconds per move. */
export function clockName(clock: ClockSetting): string {
  const minutes = clock.initial / 60;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}+${clock.increment}`;
}

/** m:ss (or h:mm:ss), tenths under ten seconds. */
export function formatClock(ms: number): string {
  const total = Math.max(0, ms);
  if (total < 10_000) return `0:0${(total / 1000).toFixed(1)}`;
  const seconds = Math.ceil(total / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export type CreateResult =
  | { readonly ok: true; readonly game: CreateGameResponse }
  | { readonly ok: false; readonly message: string; readonly code?: string };

/** Ask the server for a new game. */
export async function createOnlineGame(
  setup: GameSetup,
  clock: ClockSetting | null,
  fetcher: typeof fetch = fetch,
): Promise<CreateResult> {
  try {
    const response = await fetcher('/api/games', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        variant: setup.variant,
        options: setup.options,
        ...(setup.fen ? { fen: setup.fen } : {}),
        clock,
      }),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
    if (response.status !== 201) {
      return {
        ok: false,
        message: body.message ?? `the server answered ${response.status}`,
        ...(body.error ? { code: body.error } : {}),
      };
    }
    return { ok: true, game: body as CreateGameResponse };
  } catch {
    return { ok: false, message: needsConnectionMessage() };
  }
}

const INVITE_KEY = 'damka.invites';

/** Keep the link for the friend (and to watch) of a game this browser created. */
export function saveInvite(game: string, friend: string, watch: string): void {
  try {
    const all = JSON.parse(localStorage.getItem(INVITE_KEY) ?? '{}') as Record<string, unknown>;
    const entries = Object.entries(all).slice(-19);
    localStorage.setItem(
      INVITE_KEY,
      JSON.stringify(Object.fromEntries([...entries, [game, { friend, watch }]])),
    );
  } catch {
    // storage disabled: the links are shown for this page only
  }
}

/** The links saved for a game, if this browser created it. */
export function loadInvite(game: string): { friend: string; watch: string } | null {
  try {
    const all = JSON.parse(localStorage.getItem(INVITE_KEY) ?? '{}') as Record<string, unknown>;
    const entry = all[game] as { friend?: unknown; watch?: unknown } | undefined;
    if (entry && typeof entry.friend === 'string' && typeof entry.watch === 'string') {
      return { friend: entry.friend, watch: entry.watch };
    }
  } catch {
    // as above
  }
  return null;
}
