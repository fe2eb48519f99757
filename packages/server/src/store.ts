/**
 * Storage operations on games and actions. Every change is a conditional write: the `games` row
 * is updated only if its `version` is still the one the caller read, and the action row is
 * inserted in the same transaction under its (game, ply) primary key. Two nodes racing on one game
 * therefore never both succeed; the loser re-reads and tries again. No row locks are held between
 * statements, and SQLite and Postgres behave the same.
 *
 * On Postgres the queries are built and run by Kysely. On SQLite the same few statements are
 * written out once and prepared when the store opens, and run synchronously on the better-sqlite3
 * connection, a whole transaction in one synchronous call: SQLite answers in microseconds, while
 * Kysely's SQLite driver would compile each query again, prepare it again and queue it behind a
 * promise mutex whose every waiter wakes on each release.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Action } from '@damka/protocol';
import type { Db, GamesTable, OpenDb } from './db.ts';

/** Every column of `games` (the type checker keeps this list complete). */
const GAME_COLUMNS = Object.keys({
  id: 1,
  variant: 1,
  options: 1,
  fen: 1,
  clock_initial: 1,
  clock_increment: 1,
  white_hash: 1,
  black_hash: 1,
  created_at: 1,
  ply: 1,
  version: 1,
  white_ms: 1,
  black_ms: 1,
  last_at: 1,
  outcome: 1,
  ended_at: 1,
  draw_offer: 1,
  rematch_white: 1,
  rematch_black: 1,
  rematch_game: 1,
  rematch_of: 1,
  joined_white: 1,
  joined_black: 1,
  rematch_white_hash: 1,
  rematch_black_hash: 1,
} satisfies Record<keyof GamesTable, 1>);

/** The store's SQLite statements, prepared once. Parameters are named after the columns. */
class SqliteStatements {
  readonly row: Statement;
  readonly actions: Statement;
  readonly insertGame: Statement;
  /** Write the changing columns if the version is still `@expected`. */
  readonly update: Statement;
  readonly insertAction: Statement;

  constructor(db: SqliteDatabase) {
    const changing = Object.keys(changes({} as GamesTable));
    this.row = db.prepare('select * from games where id = ?');
    this.actions = db.prepare(
      'select ply, kind, text, color, at from actions where game_id = ? and ply >= ? order by ply',
    );
    this.insertGame = db.prepare(
      `insert into games (${GAME_COLUMNS.join(', ')}) values (${GAME_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.update = db.prepare(
      `update games set ${changing.map((c) => `${c} = @${c}`).join(', ')} where id = @id and version = @expected`,
    );
    this.insertAction = db.prepare(
      'insert into actions (game_id, ply, kind, text, color, at) values (@game_id, @ply, @kind, @text, @color, @at)',
    );
  }
}

/** The row changed under us (another node wrote first). */
export class Conflict extends Error {}

export class Store {
  readonly db: Db;
  readonly dialect: OpenDb['dialect'];
  private readonly opened: OpenDb;
  private readonly sqlite: { db: SqliteDatabase; statements: SqliteStatements } | null;

  constructor(opened: OpenDb) {
    this.opened = opened;
    this.db = opened.db;
    this.dialect = opened.dialect;
    this.sqlite = opened.sqlite
      ? { db: opened.sqlite, statements: new SqliteStatements(opened.sqlite) }
      : null;
  }

  close(): Promise<void> {
    return this.opened.close();
  }

  async insertGame(row: GamesTable): Promise<void> {
    if (this.sqlite) {
      this.sqlite.statements.insertGame.run(row);
      return;
    }
    await this.db.insertInto('games').values(row).execute();
  }

  async row(id: string): Promise<GamesTable | undefined> {
    if (this.sqlite) return this.sqlite.statements.row.get(id) as GamesTable | undefined;
    return this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The game's actions from `ply` on, in order. */
  async actions(id: string, ply = 0): Promise<Action[]> {
    const rows = this.sqlite
      ? (this.sqlite.statements.actions.all(id, ply) as Action[])
      : await this.db
          .selectFrom('actions')
          .select(['ply', 'kind', 'text', 'color', 'at'])
          .where('game_id', '=', id)
          .where('ply', '>=', ply)
          .orderBy('ply')
          .execute();
    return rows.map((r) => ({
      ply: r.ply,
      kind: r.kind as Action['kind'],
      text: r.text,
      color: r.color as Action['color'],
      at: Number(r.at),
    }));
  }

  /**
   * Write the changing columns of `row` to game `row.id` and then insert `also` (an action or a
   * new game), all in one transaction, if the stored version is still `expected`; false when it
   * is not (nothing written).
   */
  private async conditionalWrite(
    row: GamesTable,
    expected: number,
    also: { action: Action } | { game: GamesTable } | null,
  ): Promise<boolean> {
    const sqlite = this.sqlite;
    if (sqlite) {
      const { statements } = sqlite;
      const write = () => {
        const changed = statements.update.run({ ...changes(row), id: row.id, expected }).changes;
        if (changed !== 1) throw new Conflict();
        if (also && 'action' in also) {
          statements.insertAction.run({ game_id: row.id, ...also.action });
        } else if (also) {
          statements.insertGame.run(also.game);
        }
      };
      // one synchronous call: no other request's statement can slip into the transaction
      if (also) sqlite.db.transaction(write)();
      else write();
      return true;
    }
    const update = (db: Db) =>
      db
        .updateTable('games')
        .set(changes(row))
        .where('id', '=', row.id)
        .where('version', '=', expected)
        .executeTakeFirst();
    if (!also) return Number((await update(this.db)).numUpdatedRows) === 1;
    await this.db.transaction().execute(async (trx) => {
      if (Number((await update(trx)).numUpdatedRows) !== 1) throw new Conflict();
      if ('action' in also) {
        await trx
          .insertInto('actions')
          .values({ game_id: row.id, ...also.action })
          .execute();
      } else {
        await trx.insertInto('games').values(also.game).execute();
      }
    });
    return true;
  }

  async recordAction(
    gameId: string,
    action: Action,
    row: GamesTable,
    expected: number,
  ): Promise<boolean> {
    if (row.id !== gameId) throw new Error(`row of game ${row.id} given for game ${gameId}`);
    try {
      return await this.conditionalWrite(row, expected, { action });
    } catch (e) {
      if (e instanceof Conflict || isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** Write `row` if the stored row still has version `expected`; false otherwise. */
  async updateRow(row: GamesTable, expected: number): Promise<boolean> {
    try {
      return await this.conditionalWrite(row, expected, null);
    } catch (e) {
      if (e instanceof Conflict) return false;
      throw e;
    }
  }

  /** Insert `fresh` and write `row` (its rematch) together, if `row` is still at `expected`. */
  async insertRematch(fresh: GamesTable, row: GamesTable, expected: number): Promise<boolean> {
    try {
      return await this.conditionalWrite(row, expected, { game: fresh });
    } catch (e) {
      if (e instanceof Conflict) return false;
      throw e;
    }
  }
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
    rematch_white_hash: row.rematch_white_hash,
    rematch_black_hash: row.rematch_black_hash,
  };
}

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT'
  );
}
