/**
 * The endgame-database prober: the exact value of a position whose material a table covers, for
 * the search (at leaves and after captures), for analysis and for the builder itself (a capture or
 * a crowning leads into a table built before). Tables load lazily through a `TableSource` (files
 * on Node, files-node.ts; the builder's tables in memory), once per signature; a signature with no
 * table answers `UNKNOWN`. Values are for the side to move, as in table.ts.
 *
 * A board holds no burn right (the burn rule, Israeli): `probeBoard` is the value with none
 * pending, `probe` takes a `Position`'s pending burn right into account (the best of declining and
 * each burn). A search that does not model burns must not probe such a variant (`boardOnly`).
 */
import {
  BLACK_BIT,
  HUFF_NONE,
  MAN,
  colorIndex,
  huffRule,
  type Position,
  type Variant,
} from '@damka/rules';
import {
  DRAW,
  LOSS,
  MaterialIndex,
  UNKNOWN,
  WIN,
  tableValue,
  tablesId,
  type Material,
  type TableValues,
} from './table.ts';

/**
 * The values of a signature's table (packed, or compressed blocks), or undefined when there is
 * none.
 */
export type TableSource = (material: Material) => TableValues | undefined;

export type ProbeResult = 'win' | 'draw' | 'loss' | 'unknown';

interface Loaded {
  readonly index: MaterialIndex;
  readonly data: TableValues;
}

export class EgdbProber {
  readonly variant: Variant;
  /** Positions with more pieces than this are not probed at all. */
  readonly maxPieces: number;
  private readonly source: TableSource;
  private readonly tables = new Map<number, Loaded | null>();
  private readonly noMoves: number;
  /** Tables probed successfully (a statistic for the CLI). */
  hits = 0;
  /**
   * Whether the board and the side to move are the whole state (no huff rule): only then may a
   * search probe with `probeBoard` at any node.
   */
  readonly boardOnly: boolean;

  constructor(variant: Variant, source: TableSource, maxPieces: number) {
    this.variant = variant;
    this.source = source;
    this.maxPieces = maxPieces;
    this.noMoves = variant.rules.noMoveMeans === 'win' ? WIN : LOSS;
    this.boardOnly = huffRule(variant) === HUFF_NONE;
  }

  /** WIN, DRAW, LOSS for `side` (0 white, 1 black) to move on `board`, or UNKNOWN. */
  probeBoard(board: Int8Array, side: number): number {
    let wm = 0;
    let wk = 0;
    let bm = 0;
    let bk = 0;
    let total = 0;
    const max = this.maxPieces;
    for (let sq = 0; sq < board.length; sq++) {
      const code = board[sq]!;
      if (code === 0) continue;
      if (++total > max) return UNKNOWN;
      const man = (code & 3) === MAN;
      if ((code & BLACK_BIT) !== 0) {
        if (man) bm++;
        else bk++;
      } else if (man) wm++;
      else wk++;
    }
    const mine = side === 0 ? wm + wk : bm + bk;
    if (mine === 0) return this.noMoves;
    if (total - mine === 0) return UNKNOWN;
    const key = ((wm * 16 + wk) * 16 + bm) * 16 + bk;
    let table = this.tables.get(key);
    if (table === undefined) {
      const material = { wm, wk, bm, bk };
      const data = this.source(material);
      table = data ? { index: new MaterialIndex(this.variant, material), data } : null;
      this.tables.set(key, table);
    }
    if (table === null) return UNKNOWN;
    const index = table.index.encode(board, side);
    if (index < 0) return UNKNOWN;
    const v = tableValue(table.data, index);
    if (v !== WIN && v !== LOSS && v !== DRAW) return UNKNOWN;
    this.hits++;
    return v;
  }

  /**
   * The value of `position` for its side to move, a pending burn right included; a position the
   * rules decide without a table (`decidedValue`) is answered too.
   */
  probe(position: Position): ProbeResult {
    if (tablesId(position.variant) !== tablesId(this.variant)) return 'unknown';
    const board = position.board();
    const side = colorIndex(position.turn);
    let v = this.probeBoard(board, side);
    if (v === UNKNOWN) return decidedValue(position);
    for (const sq of position.burnable) {
      if (v === WIN) break;
      const code = board[sq]!;
      board[sq] = 0;
      let b = this.probeBoard(board, side);
      board[sq] = code;
      if (b === UNKNOWN) {
        // the burn takes the opponent's last piece: whoever cannot move next loses (or wins)
        const after = position.burn(sq);
        if (!after.ok || after.value.material()[position.turn === 'white' ? 'black' : 'white'] > 0)
          return 'unknown';
        const lost = after.value.legalMoves().length === 0;
        b = lost ? this.noMoves : this.noMoves === WIN ? LOSS : WIN;
      }
      if (b === WIN || (b === DRAW && v === LOSS)) v = b;
    }
    return v === WIN ? 'win' : v === LOSS ? 'loss' : 'draw';
  }
}

/**
 * The value of a position the rules decide with no table: the side to move has no move (it loses,
 * or wins under give-away rules), or its opponent has no piece left (whoever cannot move next is
 * the opponent, after any move). Else 'unknown'. A pending burn right is left to the tables.
 */
export function decidedValue(position: Position): ProbeResult {
  if (position.burnable.length > 0) return 'unknown';
  const noMoves: ProbeResult = position.variant.rules.noMoveMeans === 'win' ? 'win' : 'loss';
  const moves = position.legalMoves().length;
  if (moves === 0) return noMoves;
  const m = position.material();
  const theirs = position.turn === 'white' ? m.black : m.white;
  if (theirs > 0) return 'unknown';
  return noMoves === 'win' ? 'loss' : 'win';
}
