/**
 * The two tables as both databases lay them out, and the one mapping between their rows and the
 * domain records (`records.ts`). `games` holds a game's setup and status (booleans as 0/1, the
 * options and the outcome as JSON text, times as ms since the epoch); `actions` holds one row per
 * recorded action under the primary key (game, ply), so two nodes can never record two actions at
 * the same ply. The SQLite and Postgres stores share these names, this mapping and the table
 * definition below; only their SQL dialects differ.
 */
import type { Action, OutcomeInfo } from '@damka/protocol';
import {
  initialStatus,
  type Color,
  type GameRecord,
  type GameSetup,
  type GameStatus,
} from './records.ts';

/** A row of `games`. */
export interface GameRow {
  id: string;
  variant: string;
  options: string;
  fen: string | null;
  clock_initial: number | null;
  clock_increment: number | null;
  white_hash: string;
  black_hash: string;
  created_at: number;
  ply: number;
  version: number;
  white_ms: number;
  black_ms: number;
  last_at: number;
  outcome: string | null;
  ended_at: number | null;
  draw_offer: string | null;
  rematch_white: number;
  rematch_black: number;
  rematch_game: string | null;
  rematch_of: string | null;
  joined_white: number;
  joined_black: number;
  rematch_white_hash: string | null;
  rematch_black_hash: string | null;
}

/** A row of `actions`. */
export interface ActionRow {
  game_id: string;
  ply: number;
  kind: string;
  text: string;
  color: string;
  at: number;
}

const bit = (b: boolean) => (b ? 1 : 0);

/** The columns a change writes (a status), in a fixed order. */
export type StatusColumns = Omit<
  GameRow,
  | 'id'
  | 'variant'
  | 'options'
  | 'fen'
  | 'clock_initial'
  | 'clock_increment'
  | 'white_hash'
  | 'black_hash'
  | 'created_at'
  | 'rematch_of'
>;

/** The columns of `games`, with their SQL type ('time' = milliseconds: a 64-bit integer). */
const GAME_COLUMN_TYPES = {
  id: 'text primary key',
  variant: 'text not null',
  options: 'text not null',
  fen: 'text',
  clock_initial: 'integer',
  clock_increment: 'integer',
  white_hash: 'text not null',
  black_hash: 'text not null',
  created_at: 'time not null',
  ply: 'integer not null',
  version: 'integer not null',
  white_ms: 'time not null',
  black_ms: 'time not null',
  last_at: 'time not null',
  outcome: 'text',
  ended_at: 'time',
  draw_offer: 'text',
  rematch_white: 'integer not null',
  rematch_black: 'integer not null',
  rematch_game: 'text',
  rematch_of: 'text',
  joined_white: 'integer not null',
  joined_black: 'integer not null',
  rematch_white_hash: 'text',
  rematch_black_hash: 'text',
} satisfies Record<keyof GameRow, string>;

export const GAME_COLUMNS = Object.keys(GAME_COLUMN_TYPES) as (keyof GameRow)[];

/** The SQL type of a column of `games` alone (for casts), `big` standing for 64-bit integers. */
export function columnType(column: keyof GameRow, big: string): string {
  const type = GAME_COLUMN_TYPES[column].split(' ')[0]!;
  return type === 'time' ? big : type;
}

/** Columns added after the first version of the table (added to older databases on start). */
export const ADDED_COLUMNS = ['rematch_white_hash', 'rematch_black_hash'] as const;

export const STATUS_COLUMNS = Object.keys(
  statusColumns(initialStatus(0, 0)),
) as (keyof StatusColumns)[];

export const ACTION_COLUMNS = ['game_id', 'ply', 'kind', 'text', 'color', 'at'] as const;

/** `create table` statements for a dialect whose 64-bit integer type is `big`. */
export function tableDefinitions(big: string): string[] {
  const columns = GAME_COLUMNS.map(
    (c) => `${c} ${GAME_COLUMN_TYPES[c].replace(/^time/, big)}`,
  ).join(', ');
  return [
    `create table if not exists games (${columns})`,
    `create table if not exists actions (game_id text not null references games(id) on delete cascade, ply integer not null, kind text not null, text text not null, color text not null, at ${big} not null, constraint actions_pk primary key (game_id, ply))`,
  ];
}

/** The row of a game. */
export function gameRow({ setup, status }: GameRecord): GameRow {
  return {
    id: setup.id,
    variant: setup.variant,
    options: JSON.stringify(setup.options),
    fen: setup.fen,
    clock_initial: setup.clock ? setup.clock.initial : null,
    clock_increment: setup.clock ? setup.clock.increment : null,
    white_hash: setup.whiteHash,
    black_hash: setup.blackHash,
    created_at: setup.createdAt,
    rematch_of: setup.rematchOf,
    ...statusColumns(status),
  };
}

/** The columns a status is written to. */
export function statusColumns(status: GameStatus): StatusColumns {
  return {
    ply: status.ply,
    version: status.version,
    white_ms: status.whiteMs,
    black_ms: status.blackMs,
    last_at: status.lastAt,
    outcome: status.outcome ? JSON.stringify(status.outcome) : null,
    ended_at: status.endedAt,
    draw_offer: status.drawOffer,
    rematch_white: bit(status.rematchWhite),
    rematch_black: bit(status.rematchBlack),
    rematch_game: status.rematchGame,
    joined_white: bit(status.joinedWhite),
    joined_black: bit(status.joinedBlack),
    rematch_white_hash: status.rematchWhiteHash,
    rematch_black_hash: status.rematchBlackHash,
  };
}

/** The record a row holds (numbers read as numbers whatever the driver gave). */
export function recordOf(row: GameRow): GameRecord {
  const setup: GameSetup = {
    id: row.id,
    variant: row.variant,
    options: JSON.parse(row.options) as Record<string, boolean>,
    fen: row.fen,
    clock:
      row.clock_initial === null
        ? null
        : { initial: Number(row.clock_initial), increment: Number(row.clock_increment ?? 0) },
    whiteHash: row.white_hash,
    blackHash: row.black_hash,
    createdAt: Number(row.created_at),
    rematchOf: row.rematch_of,
  };
  return { setup, status: statusOf(row) };
}

/** The status a row holds. */
export function statusOf(row: StatusColumns): GameStatus {
  return {
    ply: Number(row.ply),
    version: Number(row.version),
    whiteMs: Number(row.white_ms),
    blackMs: Number(row.black_ms),
    lastAt: Number(row.last_at),
    outcome: row.outcome ? (JSON.parse(row.outcome) as OutcomeInfo) : null,
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    drawOffer: (row.draw_offer as Color | null) ?? null,
    rematchWhite: Number(row.rematch_white) === 1,
    rematchBlack: Number(row.rematch_black) === 1,
    rematchGame: row.rematch_game,
    rematchWhiteHash: row.rematch_white_hash,
    rematchBlackHash: row.rematch_black_hash,
    joinedWhite: Number(row.joined_white) === 1,
    joinedBlack: Number(row.joined_black) === 1,
  };
}

/** The action a row holds. */
export function actionOf(row: Omit<ActionRow, 'game_id'>): Action {
  return {
    ply: Number(row.ply),
    kind: row.kind as Action['kind'],
    text: row.text,
    color: row.color as Action['color'],
    at: Number(row.at),
  };
}
