/**
 * The independent check of the endgame databases: a plain forward solver that shares nothing with
 * the builder but the rules' public `Position` API. It walks every position reachable from a start
 * (by FEN, no index), then iterates win/loss to a fixed point over that graph; what stays open is
 * a draw. Exact at any depth, and small enough for a few pieces.
 */
import type { Position } from '@damka/rules';

export type Solved = 'win' | 'draw' | 'loss';

/** The value of `start` for its side to move, or undefined when more than `limit` positions are reachable. */
export function solve(start: Position, limit = 200_000): Solved | undefined {
  const ids = new Map<string, number>();
  const children: number[][] = [];
  const queue: Position[] = [start];
  ids.set(start.fen, 0);
  for (let at = 0; at < queue.length; at++) {
    const p = queue[at]!;
    const kids: number[] = [];
    for (const move of p.legalMoves()) {
      const q = p.play(move);
      const key = q.fen;
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
      if (kids.some((k) => value[k] === 'loss')) value[i] = 'win';
      else if (kids.every((k) => value[k] === 'win')) value[i] = 'loss';
      else continue;
      changed = true;
    }
  }
  return value[0] ?? 'draw';
}

/**
 * A result forced within `depth` plies, by plain minimax over `Position` (memoised by FEN and
 * depth), or undefined when none is: for positions whose whole graph is too large for `solve`.
 */
export function proveWithin(start: Position, depth: number): 'win' | 'loss' | undefined {
  const memo = new Map<string, 'win' | 'loss' | undefined>();
  const noMove = start.variant.rules.noMoveMeans === 'win' ? 'win' : 'loss';
  const search = (p: Position, d: number): 'win' | 'loss' | undefined => {
    const moves = p.legalMoves();
    if (moves.length === 0) return noMove;
    if (d === 0) return undefined;
    const key = `${d} ${p.fen}`;
    if (memo.has(key)) return memo.get(key);
    let allWin = true;
    let result: 'win' | 'loss' | undefined;
    for (const move of moves) {
      const r = search(p.play(move), d - 1);
      if (r === 'loss') {
        result = 'win';
        break;
      }
      if (r !== 'win') allWin = false;
    }
    if (result === undefined && allWin) result = 'loss';
    memo.set(key, result);
    return result;
  };
  return search(start, depth);
}
