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
 *
 * Moves are written in batches when the node is busy: at most `moveWriters` move statements run
 * at once, and the moves that arrive meanwhile go together in the next one — each game's row is
 * still updated only if its version is the expected one, and the statement answers which games
 * were written. One statement and one commit (one WAL flush) for many moves is what keeps the
 * acknowledgement time flat under load; a lone move goes alone, at once. If a batch
 * fails as a whole (two nodes' batches locking the same rows in opposite orders), its moves are
 * written one by one.
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
type QueryResult<R extends object> = import('pg').QueryResult<R>;

/** Open a pool on `url` with the tables in `schema` (both created if missing). */
export async function openPostgres(url: string, schema: string, poolSize: number): Promise<Store> {
  if (!SCHEMA_PATTERN.test(schema)) {
    throw new Error(`bad DATABASE_SCHEMA '${schema}': it must match ${SCHEMA_PATTERN.source}`);
  }
  const pg = await import('pg');
  const setup = new pg.default.Client({ connectionString: url });
  await setup.connect().catch((e: unknown) => {
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(`Postgres at ${databaseAddress(url)} does not answer: ${why}`, { cause: e });
  });
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
    // an unreachable database fails requests (answered `internal`, retried by clients) instead
    // of holding them, and the version polls, for ever
    connectionTimeoutMillis: 10_000,
    query_timeout: 30_000,
  });
  pool.on('error', () => {
    // an idle connection broke: the pool replaces it
  });
  return new PostgresStore(pool, poolSize);
}

/** Where a connection string points (host, port, database), without its password, for messages. */
function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** `$from::type, $from+1::type, …`: one cast parameter for each of `types`. */
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
  recordActions: `with input as (select * from json_to_recordset($1::json) as i(id text, expected integer, ${STATUS_COLUMNS.map((c) => `${c} ${columnType(c, 'bigint')}`).join(', ')}, a_ply integer, a_kind text, a_text text, a_color text, a_at bigint)), changed as (update games g set ${STATUS_COLUMNS.map((c) => `${c} = i.${c}`).join(', ')} from input i where g.id = i.id and g.version = i.expected returning g.id) insert into actions (${ACTION_COLUMNS.join(', ')}) select i.id, i.a_ply, i.a_kind, i.a_text, i.a_color, i.a_at from input i join changed c on c.id = i.id returning game_id`,
} as const;

/**
 * Move statements running at once (each may carry many moves; more wait for the next batch): four,
 * or half the pool if it is smaller, so reads and polls keep connections of their own.
 */
const moveWriters = (poolSize: number) => Math.max(1, Math.min(4, Math.ceil(poolSize / 2)));
/** Most moves in one statement. */
const MAX_BATCH = 200;

interface MoveWrite {
  readonly id: string;
  readonly expected: number;
  readonly status: GameStatus;
  readonly action: Action;
  readonly done: (result: Promise<boolean>) => void;
}

class PostgresStore implements Store {
  readonly kind = 'postgres';
  private readonly waiting: MoveWrite[] = [];
  private writing = 0;

  private readonly writers: number;

  constructor(
    private readonly pool: Pool,
    poolSize: number,
  ) {
    this.writers = moveWriters(poolSize);
  }

  /**
   * One statement; sent once more, on another connection, when its connection broke under it (a
   * restarted or failed-over database, a connection ended by an administrator). That is safe
   * here: every statement is a read, a write conditional on the game's version (a second try of
   * one that had committed changes nothing and reports no row changed, so the service judges the
   * request again on what was written) or a game's insertion (refused as a duplicate then).
   */
  private async query<R extends object>(
    name: keyof typeof SQL,
    values: unknown[],
  ): Promise<{ rows: R[]; rowCount: number }> {
    const statement = { name: `damka_${name}`, text: SQL[name], values };
    let result: QueryResult<R>;
    try {
      result = await this.pool.query<R>(statement);
    } catch (e) {
      if (!connectionLost(e)) throw e;
      result = await this.pool.query<R>(statement);
    }
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

  recordAction(id: string, expected: number, status: GameStatus, action: Action): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.push({
        id,
        expected,
        status,
        action,
        done: (result) => result.then(resolve, reject),
      });
      this.writeMoves();
    });
  }

  /** Start move statements while fewer than `writers` run and moves wait. */
  private writeMoves(): void {
    while (this.writing < this.writers && this.waiting.length > 0) {
      const batch = this.nextBatch();
      this.writing++;
      const written = batch.length === 1 ? this.writeMove(batch[0]!) : this.writeBatch(batch);
      void written.finally(() => {
        this.writing--;
        this.writeMoves();
      });
    }
  }

  /** The waiting moves for the next statement: at most `MAX_BATCH`, one per game. */
  private nextBatch(): MoveWrite[] {
    const games = new Set<string>();
    const batch: MoveWrite[] = [];
    const rest: MoveWrite[] = [];
    for (const move of this.waiting) {
      if (batch.length < MAX_BATCH && !games.has(move.id)) {
        games.add(move.id);
        batch.push(move);
      } else rest.push(move);
    }
    this.waiting.splice(0, this.waiting.length, ...rest);
    return batch;
  }

  /** One move, alone. */
  private writeMove(move: MoveWrite): Promise<void> {
    const result = this.recordOne(move.id, move.expected, move.status, move.action);
    move.done(result);
    return result.then(
      () => undefined,
      () => undefined,
    );
  }

  /** Several moves (of different games: a game has one write at a time) in one statement. */
  private async writeBatch(batch: readonly MoveWrite[]): Promise<void> {
    const input = batch.map((move) => ({
      id: move.id,
      expected: move.expected,
      ...statusColumns(move.status),
      a_ply: move.action.ply,
      a_kind: move.action.kind,
      a_text: move.action.text,
      a_color: move.action.color,
      a_at: move.action.at,
    }));
    let written: Set<string>;
    try {
      const { rows } = await this.query<{ game_id: string }>('recordActions', [
        JSON.stringify(input),
      ]);
      written = new Set(rows.map((r) => r.game_id));
    } catch {
      for (const move of batch) await this.writeMove(move);
      return;
    }
    for (const move of batch) move.done(Promise.resolve(written.has(move.id)));
  }

  /** A move alone: the conditional update and the insertion in one statement. */
  private recordOne(
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

/**
 * Did the statement fail because its connection broke (SQLSTATE class 08, the server shutting
 * the session down: 57P01-57P03, or the socket closing), rather than because of the statement?
 */
function connectionLost(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
    if (code === 'ECONNRESET' || code === 'EPIPE') return true;
  }
  return e instanceof Error && /Connection terminated/i.test(e.message);
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
