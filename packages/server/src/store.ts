/**
 * The storage contract of the game service, and the choice between its two implementations:
 * SQLite (`sqlite-store.ts`, one node, the default) and Postgres (`postgres-store.ts`, shared by
 * several nodes). Both deal in the domain records of `records.ts`; rows stay inside them.
 *
 * Every change is a conditional write: the status is written only if the stored `version` is
 * still the one the caller read, together with what goes with it (an action under its (game,
 * ply) primary key, or a rematch's new game), in one transaction. Two nodes racing on one game
 * therefore never both succeed; the loser is told (`false`), reads what was committed and judges
 * its request again. No lock is held between calls.
 */
import type { Action } from '@damka/protocol';
import type { GameRecord, GameStatus } from './records.ts';

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Store a new game. */
  insertGame(game: GameRecord): Promise<void>;
  /** A game's setup and status; null when there is no such game. */
  game(id: string): Promise<GameRecord | null>;
  /** A game's status alone; null when there is no such game. */
  status(id: string): Promise<GameStatus | null>;
  /** The game's actions from `ply` on, in order. */
  actions(id: string, ply?: number): Promise<Action[]>;
  /** The stored version of each of `ids` that exists. */
  versions(ids: readonly string[]): Promise<Map<string, number>>;
  /** Record `action` with the new `status`, if the stored version is still `expected`. */
  recordAction(id: string, expected: number, status: GameStatus, action: Action): Promise<boolean>;
  /** Write `status` (a change without an action), if the stored version is still `expected`. */
  updateStatus(id: string, expected: number, status: GameStatus): Promise<boolean>;
  /** Write `status` and insert its rematch `fresh`, if the stored version is still `expected`. */
  insertRematch(
    id: string,
    expected: number,
    status: GameStatus,
    fresh: GameRecord,
  ): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Postgres connection string; absent = SQLite at `sqlitePath`. */
  readonly databaseUrl?: string;
  /** Postgres schema for the tables (created if missing); default `public`. */
  readonly schema?: string;
  /** SQLite file (its folder is created); `:memory:` for a throwaway database. */
  readonly sqlitePath?: string;
  /** Postgres pool size. */
  readonly poolSize?: number;
}

/** Open the database the options name, creating its tables if they are missing. */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres-store.ts');
    return openPostgres(options.databaseUrl, options.schema ?? 'public', options.poolSize ?? 10);
  }
  const { openSqlite } = await import('./sqlite-store.ts');
  return openSqlite(options.sqlitePath ?? 'data/damka.sqlite');
}

/** Postgres schema names the server accepts (one per deployment sharing a database). */
export const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
