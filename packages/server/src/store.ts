/**
 * Storage operations on games and actions. Every change is a conditional write: the `games` row
 * is updated only if its `version` is still the one the caller read, and the action row is
 * inserted in the same transaction under its (game, ply) primary key. Two nodes racing on one game
 * therefore never both succeed; the loser re-reads and tries again. No row locks are held between
 * statements, and SQLite and Postgres behave the same.
 */
import type { Action } from '@damka/protocol';
import type { Db, GamesTable, OpenDb } from './db.ts';

/** The row changed under us (another node wrote first). */
export class Conflict extends Error {}

export class Store {
  readonly db: Db;
  readonly dialect: OpenDb['dialect'];
  private readonly opened: OpenDb;

  constructor(opened: OpenDb) {
    this.opened = opened;
    this.db = opened.db;
    this.dialect = opened.dialect;
  }

  close(): Promise<void> {
    return this.opened.close();
  }

  async insertGame(row: GamesTable): Promise<void> {
    await this.db.insertInto('games').values(row).execute();
  }

  async row(id: string): Promise<GamesTable | undefined> {
    return this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The game's actions from `ply` on, in order. */
  async actions(id: string, ply = 0): Promise<Action[]> {
    const rows = await this.db
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
      await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('games')
          .set(changes(row))
          .where('id', '=', gameId)
          .where('version', '=', expected)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new Conflict();
        await trx
          .insertInto('actions')
          .values({ game_id: gameId, ...action })
          .execute();
      });
      return true;
    } catch (e) {
      if (e instanceof Conflict || isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** Write `row` if the stored row still has version `expected`; false otherwise. */
  async updateRow(row: GamesTable, expected: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('games')
      .set(changes(row))
      .where('id', '=', row.id)
      .where('version', '=', expected)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Insert `fresh` and write `row` (its rematch) together, if `row` is still at `expected`. */
  async insertRematch(fresh: GamesTable, row: GamesTable, expected: number): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('games')
          .set(changes(row))
          .where('id', '=', row.id)
          .where('version', '=', expected)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new Conflict();
        await trx.insertInto('games').values(fresh).execute();
      });
      return true;
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
  };
}

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT'
  );
}
