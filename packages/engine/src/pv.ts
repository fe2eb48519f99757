/**
 * The principal variation: the line the search expects, collected as it returns. Row `ply` of a
 * triangular table holds the best line found from that ply; a move that raises alpha at a ply takes
 * its child's row behind it. Preallocated, so nothing is allocated per node.
 */
export class PvTable {
  private readonly maxPly: number;
  private readonly moves: Int32Array;
  private readonly length: Int32Array;

  constructor(maxPly: number) {
    this.maxPly = maxPly;
    this.moves = new Int32Array(maxPly * maxPly);
    this.length = new Int32Array(maxPly + 1);
  }

  /** A node at `ply` starts with an empty line. */
  start(ply: number): void {
    this.length[ply] = ply;
  }

  /** The root's line length (0: nothing found yet). */
  get rootLength(): number {
    return this.length[0]!;
  }

  /** Move `id` is the best so far at `ply`: its line is it, then the child's line. */
  update(ply: number, id: number): void {
    const max = this.maxPly;
    const row = ply * max;
    this.moves[row + ply] = id;
    const childLen = ply + 1 <= max - 1 ? this.length[ply + 1]! : ply + 1;
    const childRow = (ply + 1) * max;
    let j = ply + 1;
    for (; j < childLen; j++) this.moves[row + j] = this.moves[childRow + j]!;
    this.length[ply] = j;
  }

  /** The root's line, as move ids. */
  line(): number[] {
    const out: number[] = [];
    for (let j = 0; j < this.length[0]!; j++) out.push(this.moves[j]!);
    return out;
  }
}
