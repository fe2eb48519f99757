/**
 * The independent check of the endgame databases: a plain forward solver that shares nothing with
 * the builder but the rules' public `Position` API (the playing move generator). It walks every
 * position reachable from a start (by FEN, no index), then iterates win/loss to a fixed point over
 * that graph; what stays open is a draw. Exact at any depth, and small enough for a few pieces.
 *
 * Under the burn rule (Israeli) a position with a pending burn right is a choice of the side to
 * move, not a move: decline (the same board, no burn right) or burn one of `burnable`. The solver
 * takes these from `Position` too (`burnable`, `burn`), so the builder's own reading of the rule is
 * checked against the one the game plays by.
 */
import { Position } from '@damka/rules';

export type Solved = 'win' | 'draw' | 'loss';

/** A node's key: the FEN and, when a burn right is pending, the squares that may be burned. */
function keyOf(p: Position): string {
  return p.burnable.length === 0 ? p.fen : `${p.fen} burn ${[...p.burnable].sort((a, b) => a - b)}`;
}

/**
 * What follows `p`: its positions after each legal move (`same: false`), or, with a burn right
 * pending, the positions of the same side's choice (`same: true`).
 */
function successors(p: Position): { same: boolean; next: Position[] } {
  if (p.burnable.length === 0) return { same: false, next: p.legalMoves().map((m) => p.play(m)) };
  const decline = Position.fromFen(p.variant, p.fen);
  if (!decline.ok) throw new Error(`cannot read back ${p.fen}`);
  const next = [decline.value];
  for (const sq of p.burnable) {
    const burnt = p.burn(sq);
    if (!burnt.ok) throw new Error(burnt.error);
    next.push(burnt.value);
  }
  return { same: true, next };
}

/** The value of `start` for its side to move, or undefined when more than `limit` positions are reachable. */
export function solve(start: Position, limit = 200_000): Solved | undefined {
  const ids = new Map<string, number>();
  const children: number[][] = [];
  const same: boolean[] = [];
  const queue: Position[] = [start];
  ids.set(keyOf(start), 0);
  for (let at = 0; at < queue.length; at++) {
    const s = successors(queue[at]!);
    const kids: number[] = [];
    for (const q of s.next) {
      const key = keyOf(q);
      let id = ids.get(key);
      if (id === undefined) {
        id = queue.length;
        if (id >= limit) return undefined;
        ids.set(key, id);
        queue.push(q);
      }
      kids.push(id);
    }
    children.push(kids);
    same.push(s.same);
  }
  const noMove: Solved = start.variant.rules.noMoveMeans === 'win' ? 'win' : 'loss';
  const value: Array<Solved | undefined> = children.map((k) =>
    k.length === 0 ? noMove : undefined,
  );
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < children.length; i++) {
      if (value[i] !== undefined) continue;
      const kids = children[i]!;
      if (same[i]) {
        if (kids.some((k) => value[k] === 'win')) value[i] = 'win';
        else if (kids.every((k) => value[k] === 'loss')) value[i] = 'loss';
        else continue;
      } else if (kids.some((k) => value[k] === 'loss')) value[i] = 'win';
      else if (kids.every((k) => value[k] === 'win')) value[i] = 'loss';
      else continue;
      changed = true;
    }
  }
  return value[0] ?? 'draw';
}

/**
 * A result forced within `depth` plies, by plain minimax over `Position` (memoised by position and
 * depth), or undefined when none is: for positions whose whole graph is too large for `solve`.
 */
export function proveWithin(start: Position, depth: number): 'win' | 'loss' | undefined {
  const memo = new Map<string, 'win' | 'loss' | undefined>();
  const noMove = start.variant.rules.noMoveMeans === 'win' ? 'win' : 'loss';
  const search = (p: Position, d: number): 'win' | 'loss' | undefined => {
    const s = successors(p);
    if (s.next.length === 0) return noMove;
    if (d === 0 && !s.same) return undefined;
    const key = `${d} ${keyOf(p)}`;
    if (memo.has(key)) return memo.get(key);
    let result: 'win' | 'loss' | undefined;
    if (s.same) {
      // the side's own choice: no ply passes
      let allLoss = true;
      for (const q of s.next) {
        const r = search(q, d);
        if (r === 'win') {
          result = 'win';
          break;
        }
        if (r !== 'loss') allLoss = false;
      }
      if (result === undefined && allLoss) result = 'loss';
    } else {
      let allWin = true;
      for (const q of s.next) {
        const r = search(q, d - 1);
        if (r === 'loss') {
          result = 'win';
          break;
        }
        if (r !== 'win') allWin = false;
      }
      if (result === undefined && allWin) result = 'loss';
    }
    memo.set(key, result);
    return result;
  };
  return search(start, depth);
}
