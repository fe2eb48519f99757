/**
 * The online games of this browser in the recent list: a game link's seat (with its secret, as the
 * app rejoins a seat by `/play/<game>#<secret>`), the variant, the side played, how far the game
 * went and how it ended — in the server's terms, since an online game can end in ways a local
 * record cannot express (aborted, abandoned, claimed, timeout). Kept in localStorage apart from the
 * local records and checked when read back (storage is user-editable). A running game's entry is
 * brought up to date from the server's `GET /api/games/:id` when the home screen shows it, so a game
 * that ended while this page was away does not stay "running".
 */
import type { Color, OutcomeInfo } from '@damka/protocol';
import { RECENT_MAX } from '../ui/choices.ts';
import type { PlayLink } from './api.ts';

export interface OnlineRecord {
  readonly game: string;
  /** The seat's secret: opening the entry rejoins the seat. */
  readonly token: string;
  readonly seat: Color;
  readonly variant: string;
  readonly options: Readonly<Record<string, boolean>>;
  /** The position reached (FEN), shown on the home board while the game runs. */
  readonly fen?: string;
  /** Actions recorded so far. */
  readonly plies: number;
  /** Null while the game runs. */
  readonly outcome: OutcomeInfo | null;
  /** When this browser first saw the game (ms since the epoch). */
  readonly at: number;
}

const KEY = 'damka.recentOnline';

const isColor = (x: unknown): x is Color => x === 'white' || x === 'black';

function parseOutcome(x: unknown): OutcomeInfo | null | undefined {
  if (x === null) return null;
  if (!x || typeof x !== 'object') return undefined;
  const o = x as Record<string, unknown>;
  if (typeof o['reason'] !== 'string' || typeof o['text'] !== 'string') return undefined;
  const winner = o['winner'] ?? null;
  const side = o['side'] ?? null;
  if ((winner !== null && !isColor(winner)) || (side !== null && !isColor(side))) return undefined;
  return { winner, side, reason: o['reason'], text: o['text'] };
}

/** A stored entry, or null when it is not one. */
export function parseOnlineRecord(x: unknown): OnlineRecord | null {
  if (!x || typeof x !== 'object') return null;
  const r = x as Record<string, unknown>;
  const outcome = parseOutcome(r['outcome']);
  const options = r['options'];
  if (
    typeof r['game'] !== 'string' ||
    !/^[A-Za-z0-9_-]{12}$/.test(r['game']) ||
    typeof r['token'] !== 'string' ||
    !/^[A-Za-z0-9_-]{22}$/.test(r['token']) ||
    !isColor(r['seat']) ||
    typeof r['variant'] !== 'string' ||
    !options ||
    typeof options !== 'object' ||
    !Object.values(options).every((v) => typeof v === 'boolean') ||
    typeof r['plies'] !== 'number' ||
    !Number.isInteger(r['plies']) ||
    r['plies'] < 0 ||
    (r['fen'] !== undefined && typeof r['fen'] !== 'string') ||
    typeof r['at'] !== 'number' ||
    !Number.isFinite(r['at']) ||
    outcome === undefined
  ) {
    return null;
  }
  return {
    game: r['game'],
    token: r['token'],
    seat: r['seat'],
    variant: r['variant'],
    options: options as Record<string, boolean>,
    ...(typeof r['fen'] === 'string' ? { fen: r['fen'] } : {}),
    plies: r['plies'],
    outcome,
    at: r['at'],
  };
}

/** The online games, newest first. */
export function loadOnlineRecent(): OnlineRecord[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .map(parseOnlineRecord)
      .filter((r): r is OnlineRecord => r !== null)
      .slice(0, RECENT_MAX);
  } catch {
    return [];
  }
}

export function saveOnlineRecent(list: readonly OnlineRecord[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // quota or privacy mode: the list still holds for this page
  }
}

/**
 * The list with `record` in it: a new game goes first; a known one is updated in its place and
 * keeps the time it was first seen. Unchanged input gives the same list back (no rewrite).
 */
export function withOnline(list: readonly OnlineRecord[], record: OnlineRecord): OnlineRecord[] {
  const i = list.findIndex((r) => r.game === record.game && r.seat === record.seat);
  if (i < 0) return [record, ...list].slice(0, RECENT_MAX);
  const old = list[i]!;
  const next = { ...record, at: old.at };
  if (JSON.stringify(next) === JSON.stringify(old)) return list as OnlineRecord[];
  return list.map((r, j) => (j === i ? next : r));
}

/** The link that goes back to the game in the seat played. */
export function recordLink(record: OnlineRecord): PlayLink {
  return { game: record.game, token: record.token };
}

/** The opponent's colour. */
export function opponentOf(record: OnlineRecord): Color {
  return record.seat === 'white' ? 'black' : 'white';
}

/** The result from the player's side: won, lost, drawn, aborted, or running (no outcome yet). */
export function playerResult(
  record: OnlineRecord,
): 'won' | 'lost' | 'drawn' | 'aborted' | 'running' {
  const o = record.outcome;
  if (!o) return 'running';
  if (o.reason === 'aborted') return 'aborted';
  if (o.winner === null) return 'drawn';
  return o.winner === record.seat ? 'won' : 'lost';
}

/**
 * The record brought up to date from the server's view of the game, or the record unchanged when
 * the server cannot be asked (offline) or no longer knows the game.
 */
export async function refreshOnline(
  record: OnlineRecord,
  fetcher: typeof fetch = fetch,
): Promise<OnlineRecord> {
  try {
    const response = await fetcher(`/api/games/${record.game}`);
    if (!response.ok) return record;
    const body = (await response.json()) as { actions?: unknown; state?: { outcome?: unknown } };
    const outcome = parseOutcome(body.state?.outcome ?? null);
    if (outcome === undefined || !Array.isArray(body.actions)) return record;
    const plies = body.actions.length;
    if (plies === record.plies) return { ...record, outcome };
    // moves made elsewhere: the position this browser saw is no longer the game's
    const { fen: _seen, ...rest } = record;
    return { ...rest, outcome, plies };
  } catch {
    return record;
  }
}
