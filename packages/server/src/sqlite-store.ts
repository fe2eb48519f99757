/**
 * The SQLite store (better-sqlite3): the default, for one node. WAL mode with
 * `synchronous = NORMAL`: a committed transaction survives the server process being killed (only a
 * power loss could lose the last commits), which is the failure the server guards against.
 *
 * Its few statements are prepared once and run synchronously, a whole transaction in one
 * synchronous call, so no other request's statement can slip into it: SQLite answers in
 * microseconds, and a query builder's driver would compile and prepare each query again and
 * queue it behind a promise. WAL checkpoints (copying the WAL back into the database file, with
 * an fsync) run on a worker thread instead of inside whichever commit crosses the threshold.
 */
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Action } from '@damka/protocol';
import { makeFolder } from '@damka/engine/files-node';
import type { GameRecord, GameStatus } from './records.ts';
import {
  ACTION_COLUMNS,
  ADDED_COLUMNS,
  GAME_COLUMNS,
  STATUS_COLUMNS,
  actionOf,
  gameRow,
  recordOf,
  statusColumns,
  statusOf,
  tableDefinitions,
  type ActionRow,
  type GameRow,
  type StatusColumns,
} from './rows.ts';
import type { Store } from './store.ts';

/**
 * Open (and create if needed) the SQLite database at `path`. Its folder is made by the one
 * folder-maker (`makeFolder`): Node's own recursive mkdir never returns for a folder under /proc.
 */
export async function openSqlite(path: string): Promise<Store> {
  if (path !== ':memory:') makeFolder(dirname(path));
  const { default: SQLite } = await import('better-sqlite3');
  let database: SqliteDatabase;
  try {
    database = new SQLite(path);
  } catch (error) {
    // SQLite's own message names no file ("unable to open database file")
    throw new Error(`SQLite database ${path}: ${(error as Error).message}`, { cause: error });
  }
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  for (const statement of tableDefinitions('integer')) database.exec(statement);
  const columns = (database.pragma('table_info(games)') as { name: string }[]).map((c) => c.name);
  for (const column of ADDED_COLUMNS) {
    if (!columns.includes(column)) database.exec(`alter table games add column ${column} text`);
  }
  const checkpointer = path === ':memory:' ? null : startCheckpointer(database, path);
  return new SqliteStore(database, checkpointer);
}

class SqliteStore implements Store {
  readonly kind = 'sqlite';
  private readonly statusSelect: Statement;
  private readonly gameSelect: Statement;
  private readonly actionsSelect: Statement;
  private readonly gameInsert: Statement;
  private readonly statusUpdate: Statement;
  private readonly actionInsert: Statement;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly checkpointer: { stop(): Promise<void> } | null,
  ) {
    this.gameSelect = db.prepare('select * from games where id = ?');
    this.statusSelect = db.prepare(`select ${STATUS_COLUMNS.join(', ')} from games where id = ?`);
    this.actionsSelect = db.prepare(
      'select ply, kind, text, color, at from actions where game_id = ? and ply >= ? order by ply',
    );
    this.gameInsert = db.prepare(
      `insert into games (${GAME_COLUMNS.join(', ')}) values (${GAME_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.statusUpdate = db.prepare(
      `update games set ${STATUS_COLUMNS.map((c) => `${c} = @${c}`).join(', ')} where id = @id and version = @expected`,
    );
    this.actionInsert = db.prepare(
      `insert into actions (${ACTION_COLUMNS.join(', ')}) values (${ACTION_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
  }

  async insertGame(game: GameRecord): Promise<void> {
    this.gameInsert.run(gameRow(game));
  }

  async game(id: string): Promise<GameRecord | null> {
    const row = this.gameSelect.get(id) as GameRow | undefined;
    return row ? recordOf(row) : null;
  }

  async status(id: string): Promise<GameStatus | null> {
    const row = this.statusSelect.get(id) as StatusColumns | undefined;
    return row ? statusOf(row) : null;
  }

  async actions(id: string, ply = 0): Promise<Action[]> {
    return (this.actionsSelect.all(id, ply) as ActionRow[]).map(actionOf);
  }

  async versions(ids: readonly string[]): Promise<Map<string, number>> {
    const versions = new Map<string, number>();
    for (const id of ids) {
      const row = this.statusSelect.get(id) as StatusColumns | undefined;
      if (row) versions.set(id, Number(row.version));
    }
    return versions;
  }

  async recordAction(
    id: string,
    expected: number,
    status: GameStatus,
    action: Action,
  ): Promise<boolean> {
    return this.write(id, expected, status, () =>
      this.actionInsert.run({ game_id: id, ...action }),
    );
  }

  async updateStatus(id: string, expected: number, status: GameStatus): Promise<boolean> {
    return this.write(id, expected, status, null);
  }

  async insertRematch(
    id: string,
    expected: number,
    status: GameStatus,
    fresh: GameRecord,
  ): Promise<boolean> {
    return this.write(id, expected, status, () => this.gameInsert.run(gameRow(fresh)));
  }

  /** The conditional write, and `also` in the same transaction (one synchronous call). */
  private write(
    id: string,
    expected: number,
    status: GameStatus,
    also: (() => unknown) | null,
  ): boolean {
    const update = () => {
      const changed = this.statusUpdate.run({ ...statusColumns(status), id, expected }).changes;
      if (changed !== 1) throw new Conflict();
      also?.();
    };
    try {
      if (also) this.db.transaction(update)();
      else update();
      return true;
    } catch (e) {
      if (e instanceof Conflict || isPrimaryKeyViolation(e)) return false;
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    this.db.close();
  }
}

/** The row changed under us (its version moved on): nothing was written. */
class Conflict extends Error {}

function isPrimaryKeyViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
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
      // wait for the last checkpoint even if nothing else keeps the process alive
      worker.ref();
      if (running) worker.postMessage('stop');
      running = false;
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000).unref())]);
    },
  };
}
