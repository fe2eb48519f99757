/**
 * Storage operations on games and actions. Every change is a conditional write: the `games` row
 * is updated only if its `version` is still the one the caller read, and the action row is
 * inserted in the same transaction under its (game, ply) primary key. Two nodes racing on one game
 * therefore never both succeed; the loser re-reads and tries again. No row locks are held between
 * statements, and SQLite and Postgres behave the same.
 *
 * Queries are built with Kysely for both databases. On Postgres Kysely runs them. On SQLite they
 * are compiled by Kysely and run synchronously on the better-sqlite3 connection with prepared
 * statements kept per SQL text, a whole transaction in one synchronous call: SQLite answers in
 * microseconds, and Kysely's SQLite driver would instead queue every query behind one promise
 * mutex (every waiter wakes on each release) and prepare each statement again.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { Action } from '@damka/protocol';
import type { Db, GamesTable, OpenDb } from './db.ts';

/** Anything Kysely can compile to SQL. */
interface Compilable {
  compile(): CompiledQuery;
}

/** An insert or update, as Kysely builds it. */
interface Write extends Compilable {
  executeTakeFirst(): Promise<{ numUpdatedRows?: bigint; numInsertedOrUpdatedRows?: bigint }>;
}

/** Most distinct statements kept prepared (the store uses about ten). */
const STATEMENT_CACHE = 64;

/** The row changed under us (another node wrote first). */
export class Conflict extends Error {}

export class Store {
  readonly db: Db;
  readonly dialect: OpenDb['dialect'];
  private readonly opened: OpenDb;
  private readonly sqlite: SqliteDatabase | null;
  private readonly statements = new Map<string, Statement>();

  constructor(opened: OpenDb) {
    this.opened = opened;
    this.db = opened.db;
    this.dialect = opened.dialect;
    this.sqlite = opened.sqlite ?? null;
  }

  close(): Promise<void> {
    this.statements.clear();
    return this.opened.close();
  }

  /** A prepared SQLite statement for `query` and its parameters. */
  private prepared(sqlite: SqliteDatabase, query: Compilable): [Statement, readonly unknown[]] {
    const compiled = query.compile();
    let statement = this.statements.get(compiled.sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE) this.statements.clear();
      statement = sqlite.prepare(compiled.sql);
      this.statements.set(compiled.sql, statement);
    }
    return [statement, compiled.parameters];
  }

  /** Run a write on SQLite; the number of rows it changed. */
  private runSqlite(sqlite: SqliteDatabase, query: Compilable): number {
    const [statement, parameters] = this.prepared(sqlite, query);
    return statement.run(...parameters).changes;
  }

  /** Run one write; the number of rows it changed. */
  private async write(query: Write): Promise<number> {
    if (this.sqlite) return this.runSqlite(this.sqlite, query);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows ?? result.numInsertedOrUpdatedRows ?? 0);
  }

  /** Run a read; its rows. */
  private async read<T>(query: Compilable & { execute(): Promise<T[]> }): Promise<T[]> {
    if (this.sqlite) {
      const [statement, parameters] = this.prepared(this.sqlite, query);
      return statement.all(...parameters) as T[];
    }
    return query.execute();
  }

  /**
   * Run writes in one transaction, each built by its function on the given query builder; a
   * write marked `one` must change exactly one row or everything is rolled back (`Conflict`).
   * On SQLite the whole transaction is one synchronous call, so no other request's statement can
   * slip into it.
   */
  private async atomically(steps: ReadonlyArray<{ build: (db: Db) => Write; one?: boolean }>) {
    const sqlite = this.sqlite;
    if (sqlite) {
      sqlite.transaction(() => {
        for (const step of steps) {
          const changed = this.runSqlite(sqlite, step.build(this.db));
          if (step.one && changed !== 1) throw new Conflict();
        }
      })();
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      for (const step of steps) {
        const result = await step.build(trx).executeTakeFirst();
        const changed = Number(result.numUpdatedRows ?? result.numInsertedOrUpdatedRows ?? 0);
        if (step.one && changed !== 1) throw new Conflict();
      }
    });
  }

  async insertGame(row: GamesTable): Promise<void> {
    await this.write(this.db.insertInto('games').values(row));
  }

  async row(id: string): Promise<GamesTable | undefined> {
    const rows = await this.read(this.db.selectFrom('games').selectAll().where('id', '=', id));
    return rows[0];
  }

  /** The game's actions from `ply` on, in order. */
  async actions(id: string, ply = 0): Promise<Action[]> {
    const rows = await this.read(
      this.db
        .selectFrom('actions')
        .select(['ply', 'kind', 'text', 'color', 'at'])
        .where('game_id', '=', id)
        .where('ply', '>=', ply)
        .orderBy('ply'),
    );
    return rows.map((r) => ({
      ply: r.ply,
      kind: r.kind as Action['kind'],
      text: r.text,
      color: r.color as Action['color'],
      at: Number(r.at),
    }));
  }

  /**
   * Record `action` and the row it leads to, if the stored row still has version `expected`;
   * false otherwise (nothing written).
   */
  async recordAction(
    gameId: string,
    action: Action,
    row: GamesTable,
    expected: number,
  ): Promise<boolean> {
    try {
      await this.atomically([
        { build: (db) => conditionalUpdate(db, gameId, row, expected), one: true },
        { build: (db) => db.insertInto('actions').values({ game_id: gameId, ...action }) },
      ]);
      return true;
    } catch (e) {
      if (e instanceof Conflict || isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** Write `row` if the stored row still has version `expected`; false otherwise. */
  async updateRow(row: GamesTable, expected: number): Promise<boolean> {
    return (await this.write(conditionalUpdate(this.db, row.id, row, expected))) === 1;
  }

  /** Insert `fresh` and write `row` (its rematch) together, if `row` is still at `expected`. */
  async insertRematch(fresh: GamesTable, row: GamesTable, expected: number): Promise<boolean> {
    try {
      await this.atomically([
        { build: (db) => conditionalUpdate(db, row.id, row, expected), one: true },
        { build: (db) => db.insertInto('games').values(fresh) },
      ]);
      return true;
    } catch (e) {
      if (e instanceof Conflict) return false;
      throw e;
    }
  }
}

/** Write the changing columns of `row` to game `id` if its stored version is `expected`. */
function conditionalUpdate(db: Db, id: string, row: GamesTable, expected: number) {
  return db
    .updateTable('games')
    .set(changes(row))
    .where('id', '=', id)
    .where('version', '=', expected);
}

/** The columns that change during a game. */
function changes(row: GamesTable): Partial<GamesTable> {
  return {
    ply: row.ply,
    version: row.version,
    white_ms: row.white_ms,
    black_ms: row.black_ms,
    last_at: row.last_at,
    outcome: row.outcome,
    ended_at: row.ended_at,
    draw_offer: row.draw_offer,
    rematch_white: row.rematch_white,
    rematch_black: row.rematch_black,
    rematch_game: row.rematch_game,
    joined_white: row.joined_white,
    joined_black: row.joined_black,
  };
}

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT'
  );
}
