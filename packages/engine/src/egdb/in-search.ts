/**
 * The endgame databases as the search reads them. The search keeps the number of pieces along
 * its line (captures take pieces off, a king split adds one), so it asks the tables only at the
 * nodes they can cover: the nodes above that neither scan the board for a material signature nor
 * need the board to hold the node, so the search may leave its last move into quiescence unmade
 * there as it does without tables. A probe's value becomes a search score here.
 */
import { KIND_SPLIT, type MoveList } from '@damka/rules';
import type { SearchPath } from '../path.ts';
import { DRAW, EGDB_SPREAD, EGDB_WIN, INF } from '../score.ts';
import type { EgdbProber } from './probe.ts';
import { DRAW as TABLE_DRAW, UNKNOWN, WIN } from './table.ts';

/** `score`'s answer when no table covers the position (no search score is this low). */
export const NOT_KNOWN = -INF - 1;

export class SearchTables {
  private readonly prober: EgdbProber | null;
  /** The most pieces a table covers (-1 without tables). */
  private readonly reach: number;
  /** Pieces on the board at each ply of the line searched. */
  private readonly pieces: Int32Array;

  constructor(prober: EgdbProber | null, plies: number) {
    this.prober = prober;
    this.reach = prober !== null ? prober.maxPieces : -1;
    this.pieces = new Int32Array(plies + 2);
  }

  /** The search starts at `board` (ply 0). */
  root(board: Int8Array): void {
    let n = 0;
    for (let sq = 0; sq < board.length; sq++) if (board[sq] !== 0) n++;
    this.pieces[0] = n;
  }

  /** Move i of `list` is played at `ply`. */
  played(list: MoveList, i: number, ply: number): void {
    this.pieces[ply + 1] =
      this.pieces[ply]! - list.ncap[i]! + (list.kind[i] === KIND_SPLIT ? 1 : 0);
  }

  /** Whether the tables may know the node at `ply` (few enough pieces). */
  covers(ply: number): boolean {
    return this.pieces[ply]! <= this.reach;
  }

  /**
   * The tables' score of `board` with `side` to move, `ply` plies below the root (path entry
   * `idx`), or `NOT_KNOWN`: a draw is 0, a win `EGDB_WIN - ply` plus the evaluation held within
   * `EGDB_SPREAD` (so the search still makes progress among won positions), a loss the opposite.
   */
  score(board: Int8Array, side: number, ply: number, path: SearchPath, idx: number): number {
    const v = this.prober!.probeBoard(board, side);
    if (v === UNKNOWN) return NOT_KNOWN;
    if (v === TABLE_DRAW) return DRAW;
    const e = path.evaluate(board, side, idx, false);
    const spread = e > EGDB_SPREAD ? EGDB_SPREAD : e < -EGDB_SPREAD ? -EGDB_SPREAD : e;
    return v === WIN ? EGDB_WIN - ply + spread : -EGDB_WIN + ply + spread;
  }
}
