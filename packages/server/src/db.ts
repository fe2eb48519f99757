/**
 * The database: SQLite (better-sqlite3, WAL) by default, Postgres when a connection string is
 * given — one Kysely code path for both. Two tables: `games` (rules, hashed seat secrets, clocks,
 * outcome and the small changing state) and `actions` (one row per recorded action, primary key
 * game and ply, so two nodes can never record two actions at the same ply).
 *
 * SQLite runs in WAL mode with `synchronous = NORMAL`: a committed transaction survives the
 * server process being killed (only a power loss could lose the last commits), which is the
 * failure the server guards against. Its checkpoints (copying the WAL back into the database file,
 * with an fsync) run on a worker thread instead of inside whichever commit crosses the threshold.
 * Postgres tables may live in their own schema (tests use one
 * per run and drop it afterwards).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, WithSchemaPlugin, sql } from 'kysely';

/** A row of `games`. Times are milliseconds since the epoch; booleans are 0/1. */
export interface GamesTable {
  id: string;
  variant: string;
  /** JSON object of the variant's options. */
  options: string;
  fen: string | null;
  clock_initial: number | null;
  clock_increment: number | null;
  white_hash: string;
  black_hash: string;
  created_at: number;
  /** Actions recorded. */
  ply: number;
  /** Bumped on every change: a node's cached copy is current when its version matches. */
  version: number;
  white_ms: number;
  black_ms: number;
  /** When the last action was recorded (the running clock counts from here). */
  last_at: number;
  /** JSON `OutcomeInfo` once the game is over. */
  outcome: string | null;
  ended_at: number | null;
  draw_offer: string | null;
  rematch_white: number;
  rematch_black: number;
  rematch_game: string | null;
  rematch_of: string | null;
  /**
   * sha256 of the secret each player will hold in the rematch, stored when the player asks: it is
   * derived from the player's own secret (`rematchSecret`), so the server can hand it over again
   * whenever that player comes back, without ever storing a secret.
   */
  rematch_white_hash: string | null;
  rematch_black_hash: string | null;
  joined_white: number;
  joined_black: number;
}

export interface ActionsTable {
  game_id: string;
  ply: number;
  kind: string;
  text: string;
  color: string;
  at: number;
}

export interface Database {
  games: GamesTable;
  actions: ActionsTable;
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  /** Postgres connection string; absent = SQLite at `sqlitePath`. */
  readonly databaseUrl?: string;
  /** Postgres schema for the tables (created if missing); default `public`. */
  readonly schema?: string;
  /** SQLite file (its folder is created); `:memory:` for a throwaway database. */
  readonly sqlitePath?: string;
  /** Postgres pool size. */
  readonly poolSize?: number;
}

export interface OpenDb {
  readonly db: Db;
  readonly dialect: Dialect;
  /** The SQLite connection itself (SQLite only): the store runs its statements on it directly. */
  readonly sqlite?: SqliteDatabase;
  close(): Promise<void>;
}

/** Open the database and create the tables if they are missing. */
export async function openDb(options: DbOptions): Promise<OpenDb> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    // int8 columns (times in ms) fit a double exactly: read them as numbers
    pg.default.types.setTypeParser(20, (text: string) => Number(text));
    const pool = new pg.default.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    const schema = options.schema ?? 'public';
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: schema === 'public' ? [] : [new WithSchemaPlugin(schema)],
    });
    if (schema !== 'public') {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name: ${schema}`);
      await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    }
    await migrate(db, 'postgres', schema);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const path = options.sqlitePath ?? 'data/damka.sqlite';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const { default: SQLite } = await import('better-sqlite3');
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await migrate(db, 'sqlite');
  const checkpointer = path === ':memory:' ? null : startCheckpointer(database, path);
  return {
    db,
    dialect: 'sqlite',
    sqlite: database,
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** How often the WAL is copied back into the database file, off the main thread. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * SQLite's automatic checkpoint runs inside the commit that crosses 1,000 WAL pages, on the
 * thread that commits, and it fsyncs the database file: a pause of milliseconds to hundreds of
 * milliseconds on a busy disk, taken by whichever move happens to be written then. Instead the
 * automatic checkpoint is turned off and a worker thread with its own connection runs a passive
 * checkpoint (it never blocks writers) every second. Commits keep their durability: a committed
 * move is in the WAL, which a restart replays. If the worker cannot run, the automatic checkpoint
 * is turned back on.
 */
function startCheckpointer(database: SqliteDatabase, path: string): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const db = new Database(workerData.path);
    db.pragma('synchronous = NORMAL');
    const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
    const timer = setInterval(checkpoint, workerData.every);
    parentPort.on('message', () => {
      clearInterval(timer);
      checkpoint();
      db.close();
      parentPort.close();
    });
  `;
  let worker: Worker;
  try {
    worker = new Worker(source, {
      eval: true,
      workerData: { driver, path, every: CHECKPOINT_EVERY_MS },
    });
  } catch {
    return { stop: async () => {} };
  }
  database.pragma('wal_autocheckpoint = 0');
  let running = true;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', () => {
    running = false;
    if (database.open) database.pragma('wal_autocheckpoint = 1000');
  });
  worker.unref();
  return {
    async stop() {
      if (running) worker.postMessage('stop');
      running = false;
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000).unref())]);
    },
  };
}

/** Create the tables and indexes if they do not exist (the schema has one version so far). */
async function migrate(db: Db, dialect: Dialect, schema?: string): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('games')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('fen', 'text')
    .addColumn('clock_initial', 'integer')
    .addColumn('clock_increment', 'integer')
    .addColumn('white_hash', 'text', (c) => c.notNull())
    .addColumn('black_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('ply', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('white_ms', big, (c) => c.notNull())
    .addColumn('black_ms', big, (c) => c.notNull())
    .addColumn('last_at', big, (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('ended_at', big)
    .addColumn('draw_offer', 'text')
    .addColumn('rematch_white', 'integer', (c) => c.notNull())
    .addColumn('rematch_black', 'integer', (c) => c.notNull())
    .addColumn('rematch_game', 'text')
    .addColumn('rematch_of', 'text')
    .addColumn('joined_white', 'integer', (c) => c.notNull())
    .addColumn('joined_black', 'integer', (c) => c.notNull())
    .addColumn('rematch_white_hash', 'text')
    .addColumn('rematch_black_hash', 'text')
    .execute();
  // columns added after the first version: add them to older databases
  const games = (await db.introspection.getTables()).find(
    (t) => t.name === 'games' && (schema === undefined || t.schema === schema),
  );
  for (const column of ['rematch_white_hash', 'rematch_black_hash']) {
    if (games && !games.columns.some((c) => c.name === column)) {
      await db.schema.alterTable('games').addColumn(column, 'text').execute();
    }
  }
  await db.schema
    .createTable('actions')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('ply', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('actions_pk', ['game_id', 'ply'])
    .execute();
}

/** Drop a Postgres schema and everything in it (test clean-up). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name: ${schema}`);
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
