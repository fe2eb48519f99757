/**
 * The Postgres store (node-postgres): the database several nodes share. Each deployment keeps its
 * tables in its own schema (`DATABASE_SCHEMA`, default `public`), set as the search path of every
 * pooled connection, so deployments — or test runs — sharing one Postgres never see each other.
 *
 * Every write is one SQL statement, hence one round trip and its own transaction: the conditional
 * update of the status, and in the same statement (a data-modifying `with`) the insertion of the
 * action or of the rematch's game, which happens only if the update matched. The game row is
 * locked only for that statement, never across round trips, so a busy game does not queue its
 * writers behind network waits. Statements are prepared once per connection (named queries).
 */
import type { Action } from '@damka/protocol';
import type { GameRecord, GameStatus } from './records.ts';
import {
  ACTION_COLUMNS,
  ADDED_COLUMNS,
  GAME_COLUMNS,
  STATUS_COLUMNS,
  actionOf,
  columnType,
  gameRow,
  recordOf,
  statusColumns,
  statusOf,
  tableDefinitions,
  type ActionRow,
  type GameRow,
  type StatusColumns,
} from './rows.ts';
import { SCHEMA_PATTERN, type Store } from './store.ts';

type Pool = import('pg').Pool;

/** Open a pool on `url` with the tables in `schema` (both created if missing). */
export async function openPostgres(url: string, schema: string, poolSize: number): Promise<Store> {
  if (!SCHEMA_PATTERN.test(schema)) throw new Error(`bad schema name: ${schema}`);
  const pg = await import('pg');
  const setup = new pg.default.Client({ connectionString: url });
  await setup.connect();
  try {
    // nodes starting together must not create the same tables at once
    await setup.query('select pg_advisory_lock(hashtext($1))', [`damka schema ${schema}`]);
    await setup.query(`create schema if not exists "${schema}"`);
    await setup.query(`set search_path to "${schema}"`);
    for (const statement of tableDefinitions('bigint')) await setup.query(statement);
    for (const column of ADDED_COLUMNS) {
      await setup.query(`alter table games add column if not exists ${column} text`);
    }
  } finally {
    await setup.end();
  }
  const pool = new pg.default.Pool({
    connectionString: url,
    max: poolSize,
    options: `-c search_path="${schema}"`,
  });
  pool.on('error', () => {
    // an idle connection broke: the pool replaces it
  });
  return new PostgresStore(pool);
}

/** `$from, $from+1, …` for `count` parameters, each cast to its type when `types` is given. */
function parameters(from: number, types: readonly string[]): string {
  return types.map((type, i) => `$${from + i}::${type}`).join(', ');
}

const STATUS_SET = STATUS_COLUMNS.map((c, i) => `${c} = $${i + 3}`).join(', ');
const AFTER_STATUS = STATUS_COLUMNS.length + 3;

const SQL = {
  game: 'select * from games where id = $1',
  status: `select ${STATUS_COLUMNS.join(', ')} from games where id = $1`,
  actions:
    'select ply, kind, text, color, at from actions where game_id = $1 and ply >= $2 order by ply',
  versions: 'select id, version from games where id = any($1::text[])',
  insertGame: `insert into games (${GAME_COLUMNS.join(', ')}) values (${GAME_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
  updateStatus: `update games set ${STATUS_SET} where id = $1 and version = $2`,
  recordAction: `with changed as (update games set ${STATUS_SET} where id = $1 and version = $2 returning id) insert into actions (${ACTION_COLUMNS.join(', ')}) select id, ${parameters(AFTER_STATUS, ['integer', 'text', 'text', 'text', 'bigint'])} from changed`,
  insertRematch: `with changed as (update games set ${STATUS_SET} where id = $1 and version = $2 returning id) insert into games (${GAME_COLUMNS.join(', ')}) select ${parameters(
    AFTER_STATUS,
    GAME_COLUMNS.map((c) => columnType(c, 'bigint')),
  )} from changed`,
} as const;

class PostgresStore implements Store {
  readonly kind = 'postgres';

  constructor(private readonly pool: Pool) {}

  private async query<R extends object>(
    name: keyof typeof SQL,
    values: unknown[],
  ): Promise<{ rows: R[]; rowCount: number }> {
    const result = await this.pool.query<R>({ name: `damka_${name}`, text: SQL[name], values });
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  }

  async insertGame(game: GameRecord): Promise<void> {
    const row = gameRow(game);
    await this.query(
      'insertGame',
      GAME_COLUMNS.map((c) => row[c]),
    );
  }

  async game(id: string): Promise<GameRecord | null> {
    const row = (await this.query<GameRow>('game', [id])).rows[0];
    return row ? recordOf(row) : null;
  }

  async status(id: string): Promise<GameStatus | null> {
    const row = (await this.query<StatusColumns>('status', [id])).rows[0];
    return row ? statusOf(row) : null;
  }

  async actions(id: string, ply = 0): Promise<Action[]> {
    return (await this.query<ActionRow>('actions', [id, ply])).rows.map(actionOf);
  }

  async versions(ids: readonly string[]): Promise<Map<string, number>> {
    const versions = new Map<string, number>();
    if (ids.length === 0) return versions;
    const { rows } = await this.query<{ id: string; version: number }>('versions', [ids]);
    for (const row of rows) versions.set(row.id, Number(row.version));
    return versions;
  }

  async recordAction(
    id: string,
    expected: number,
    status: GameStatus,
    action: Action,
  ): Promise<boolean> {
    return this.write('recordAction', id, expected, status, [
      action.ply,
      action.kind,
      action.text,
      action.color,
      action.at,
    ]);
  }

  async updateStatus(id: string, expected: number, status: GameStatus): Promise<boolean> {
    return this.write('updateStatus', id, expected, status, []);
  }

  async insertRematch(
    id: string,
    expected: number,
    status: GameStatus,
    fresh: GameRecord,
  ): Promise<boolean> {
    const row = gameRow(fresh);
    return this.write(
      'insertRematch',
      id,
      expected,
      status,
      GAME_COLUMNS.map((c) => row[c]),
    );
  }

  /** One conditional statement: true when it changed a row. */
  private async write(
    name: 'recordAction' | 'updateStatus' | 'insertRematch',
    id: string,
    expected: number,
    status: GameStatus,
    extra: unknown[],
  ): Promise<boolean> {
    const columns = statusColumns(status);
    const values = [id, expected, ...STATUS_COLUMNS.map((c) => columns[c]), ...extra];
    try {
      return (await this.query(name, values)).rowCount === 1;
    } catch (e) {
      // another node recorded this ply in the same instant: the loser's statement fails whole
      if ((e as { code?: unknown } | null)?.code === '23505') return false;
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Drop a Postgres schema and everything in it (test clean-up). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!SCHEMA_PATTERN.test(schema)) throw new Error(`bad schema name: ${schema}`);
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
