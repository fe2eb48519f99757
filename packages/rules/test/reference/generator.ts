/**
 * A second, deliberately simple move generator for Damka, used only by tests to cross-check the
 * fast generator. It is written from the rules text (docs/rules.md §2 and §5, docs/decisions.md), not from
 * the fast generator's code, and trades every bit of speed for obviousness:
 *
 * - squares are (file, rank) coordinates and the board is a `Map` from coordinate key to piece;
 * - lines are computed from coordinates (diagonal boards, Turkish orthogonal lines, Dhamet's
 *   alquerque lines: rows and columns everywhere, diagonals only through points with file + rank
 *   even; on the Frisian board also the rows and columns of dark squares, two cells per step),
 *   never from the topology's link tables;
 * - a capture is found by recursion as the full list of its jumps, then the variant's precedence is
 *   applied by explicit comparison of whole sequences, then duplicates are merged by
 *   (from, to, set of captured squares).
 *
 * It reads only the `Rules` record (plain data) and the board's size and playable cells; the
 * board's points and lines are in geometry.ts.
 */
import type { Color, Role, Rules, Square, Topology, Variant } from '@damka/rules';
import {
  Geometry,
  coordOfKey,
  forward,
  key,
  other,
  same,
  type Coord,
  type Dir,
  type RefBoard,
  type RefJump,
  type RefMove,
  type RefPiece,
} from './geometry.ts';

/** The row where `color`'s men are crowned, and its own home row. */
function farRank(g: Geometry, color: Color): number {
  return color === 'white' ? g.height - 1 : 0;
}
function homeRank(g: Geometry, color: Color): number {
  return color === 'white' ? 0 : g.height - 1;
}

/** The role a piece of `role` becomes when it ends (or, mid-capture, touches) `at`, if any. */
function promotionAt(rules: Rules, g: Geometry, piece: RefPiece, at: Coord): Role | undefined {
  for (const stage of rules.promotion.stages) {
    if (stage.from !== piece.role) continue;
    const row = stage.zone === 'far' ? farRank(g, piece.color) : homeRank(g, piece.color);
    if (at.rank === row) return stage.to;
  }
  return undefined;
}

/** Directions a man of `color` may use, given a `ManDirections` word, at point `c`. */
function manDirections(
  g: Geometry,
  c: Coord,
  color: Color,
  which: 'forward' | 'forwardAndSideways' | 'all',
): Dir[] {
  const fwd = forward(color);
  return g.directionsAt(c).filter((d) => {
    if (which === 'all') return true;
    if (which === 'forward') return d.dy === fwd;
    return d.dy === fwd || d.dy === 0;
  });
}

/** A piece that moves one point at a time (men, queens, short kings) versus a flying king. */
function isFlying(rules: Rules, role: Role): boolean {
  return role === 'king' && rules.king.range === 'flying';
}

/** State of a capture in progress. */
interface CaptureState {
  readonly board: RefBoard;
  readonly at: Coord;
  readonly piece: RefPiece;
  /** Jumped pieces still standing (deferred removal). */
  readonly dead: ReadonlySet<number>;
  readonly jumps: readonly RefJump[];
  /** The move has ended because the piece was crowned on the way (`midCapture: stop`). */
  readonly stopped: boolean;
}

/** Every single jump available from a capture state, each with all its landing points. */
function jumpsFrom(
  rules: Rules,
  g: Geometry,
  s: CaptureState,
): Array<{ dir: Dir; over: Coord; victim: RefPiece; landings: Coord[] }> {
  const out: Array<{ dir: Dir; over: Coord; victim: RefPiece; landings: Coord[] }> = [];
  const last = s.jumps[s.jumps.length - 1];
  const first = s.jumps[0];
  const man = s.piece.role === 'man';
  let dirs: readonly Dir[] = man
    ? manDirections(g, s.at, s.piece.color, rules.man.captures)
    : g.directionsAt(s.at);
  if (man && rules.man.backwardCaptureOnlyAfterForward) {
    const fwd = forward(s.piece.color);
    const firstWasForward = first !== undefined && first.dy === fwd;
    dirs = dirs.filter((d) => d.dy !== -fwd || firstWasForward);
  }
  for (const d of dirs) {
    if (!rules.capture.allowReversal && last && d.dx === -last.dx && d.dy === -last.dy) continue;
    // walk to the first occupied point (one point only for a short piece)
    let p = g.next(s.at, d);
    if (isFlying(rules, s.piece.role)) {
      while (p && !s.board.has(key(p))) p = g.next(p, d);
    }
    if (!p) continue;
    const victim = s.board.get(key(p));
    if (!victim || victim.color === s.piece.color || s.dead.has(key(p))) continue;
    if (man && !rules.man.capturesKings && victim.role !== 'man') continue;
    const landings: Coord[] = [];
    let q = g.next(p, d);
    while (q && !s.board.has(key(q))) {
      landings.push(q);
      // a Thai king lands right behind the piece it takes
      if (!isFlying(rules, s.piece.role) || rules.king.landing === 'rightBehind') break;
      q = g.next(q, d);
    }
    if (landings.length > 0) out.push({ dir: d, over: p, victim, landings });
  }
  return out;
}

/**
 * Thrown when one position needs more jumps than the caller allowed (`ReferenceRules.jumpLimit`):
 * crowded Dhamet boards full of sultans have millions of capture routes, which this simple
 * generator enumerates one by one.
 */
export class ReferenceLimitError extends Error {}

/** Jumps left for the current `legalMoves` call. */
let jumpsLeft = Infinity;

/** The state after jumping `over` and landing on `land`. */
function applyJump(
  rules: Rules,
  g: Geometry,
  s: CaptureState,
  dir: Dir,
  over: Coord,
  victim: RefPiece,
  land: Coord,
): CaptureState {
  if (--jumpsLeft < 0) throw new ReferenceLimitError('too many capture routes for the reference');
  const board = new Map(s.board);
  board.delete(key(s.at));
  let dead = s.dead;
  if (rules.capture.removal === 'immediate') {
    board.delete(key(over));
  } else {
    dead = new Set(s.dead).add(key(over));
  }
  let piece = s.piece;
  let stopped = false;
  const crowned = promotionAt(rules, g, piece, land);
  if (crowned && piece.role === 'man') {
    if (rules.promotion.midCapture === 'continueAsKing')
      piece = { color: piece.color, role: crowned };
    if (rules.promotion.midCapture === 'stop') stopped = true;
  }
  board.set(key(land), piece);
  const jump: RefJump = { over, victim, land, dx: dir.dx, dy: dir.dy };
  return { board, at: land, piece, dead, jumps: [...s.jumps, jump], stopped };
}

/**
 * Complete capture sequences from a state (each a final state). The landing rule: when a jump can
 * land on several points and the capture can go on from some of them, it must land on one of
 * those; a sequence ends only where no further jump exists.
 */
function completeSequences(
  rules: Rules,
  g: Geometry,
  s: CaptureState,
  jumps = jumpsFrom(rules, g, s),
  out: CaptureState[] = [],
): CaptureState[] {
  for (const j of jumps) {
    const nexts = j.landings.map((l) => {
      const n = applyJump(rules, g, s, j.dir, j.over, j.victim, l);
      return { n, more: n.stopped ? [] : jumpsFrom(rules, g, n) };
    });
    const going = nexts.filter((x) => x.more.length > 0);
    if (going.length > 0) {
      for (const x of going) completeSequences(rules, g, x.n, x.more, out);
    } else if (rules.king.landing === 'rightBehindKing' && j.victim.role === 'king') {
      // Killer: a capture whose last piece is a king ends right behind it
      out.push(nexts[0]!.n);
    } else {
      for (const x of nexts) out.push(x.n);
    }
  }
  return out;
}

/** Every capture path (any number ≥ 1 of legal jumps, landing anywhere) from a state. */
function allPaths(
  rules: Rules,
  g: Geometry,
  s: CaptureState,
  out: CaptureState[] = [],
): CaptureState[] {
  for (const j of jumpsFrom(rules, g, s)) {
    for (const l of j.landings) {
      const n = applyJump(rules, g, s, j.dir, j.over, j.victim, l);
      out.push(n);
      if (!n.stopped) allPaths(rules, g, n, out);
    }
  }
  return out;
}

function captureMove(
  rules: Rules,
  g: Geometry,
  from: Coord,
  moved: RefPiece,
  s: CaptureState,
): RefMove {
  let piece = s.piece;
  const crowned = promotionAt(rules, g, piece, s.at);
  if (crowned) piece = { color: piece.color, role: crowned };
  return { kind: 'capture', from, to: s.at, jumps: s.jumps, moved, piece };
}

/**
 * Compare two capture sequences under one precedence step: positive when `a` is preferred.
 * Written out case by case on purpose.
 */
function preferred(step: Rules['capture']['precedence'][number], a: RefMove, b: RefMove): number {
  const kingsIn = (m: RefMove) => m.jumps.filter((j) => j.victim.role !== 'man').length;
  const byKing = (m: RefMove) => (m.moved.role !== 'man' ? 1 : 0);
  switch (step) {
    case 'quantity':
      return a.jumps.length - b.jumps.length;
    case 'quality':
      return kingsIn(a) - kingsIn(b);
    case 'withKing':
    case 'kingPriority':
      return byKing(a) - byKing(b);
    case 'value': {
      // Frisian Art. 11: men + 2·kings first, then the fewer kings
      const worth = (m: RefMove) => m.jumps.length + kingsIn(m);
      return worth(a) !== worth(b) ? worth(a) - worth(b) : kingsIn(b) - kingsIn(a);
    }
    case 'earliestKing': {
      const n = Math.min(a.jumps.length, b.jumps.length);
      for (let i = 0; i < n; i++) {
        const ka = a.jumps[i]!.victim.role !== 'man';
        const kb = b.jumps[i]!.victim.role !== 'man';
        if (ka !== kb) return ka ? 1 : -1;
      }
      return 0;
    }
  }
}

/** Keep the captures that survive every precedence step, in order. */
function applyPrecedence(rules: Rules, captures: RefMove[]): RefMove[] {
  let kept = captures;
  for (const step of rules.capture.precedence) {
    // each step is a total preorder: find one best sequence, keep all that are as good
    let best = kept[0];
    for (const m of kept) if (best && preferred(step, m, best) > 0) best = m;
    kept = kept.filter((m) => best && preferred(step, m, best) >= 0);
  }
  return kept;
}

/** Identity of a move (docs/decisions.md item 13): kind, from, to and the set of captured points. */
export function refIdentity(m: RefMove): string {
  const caps = m.jumps.map((j) => key(j.over)).sort((x, y) => x - y);
  return `${m.kind}|${key(m.from)}|${key(m.to)}|${caps.join(',')}`;
}

/** Merge moves with one identity, keeping the first. */
export function dropDuplicates(moves: readonly RefMove[]): RefMove[] {
  const seen = new Set<string>();
  const out: RefMove[] = [];
  for (const m of moves) {
    const id = refIdentity(m);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(m);
  }
  return out;
}

/** A variant's rules and board shape, ready for the reference generator. */
export class ReferenceRules {
  readonly rules: Rules;
  readonly geometry: Geometry;

  /** Most jumps one `legalMoves` call may try before it gives up with `ReferenceLimitError`. */
  readonly jumpLimit: number;

  constructor(variant: Variant, jumpLimit = Infinity) {
    this.rules = variant.rules;
    this.geometry = new Geometry(variant.topology);
    this.jumpLimit = jumpLimit;
  }

  /** Legal moves of `side` on `board` (all duplicate routes included). */
  legalMoves(board: RefBoard, side: Color): RefMove[] {
    jumpsLeft = this.jumpLimit;
    const rules = this.rules;
    const g = this.geometry;
    // Breakthrough: once a king stands on the board the game is over
    if (rules.crowningWins && [...board.values()].some((p) => p.role === 'king')) return [];
    const own: Coord[] = [];
    for (const [k, p] of board) if (p.color === side) own.push(coordOfKey(k));

    // captures: complete sequences of every piece, then precedence
    const complete: RefMove[] = [];
    const prefixes: RefMove[] = [];
    const souffle = rules.capture.obligation === 'souffle';
    for (const from of own) {
      const moved = board.get(key(from))!;
      const s0: CaptureState = {
        board,
        at: from,
        piece: moved,
        dead: new Set(),
        jumps: [],
        stopped: false,
      };
      for (const s of completeSequences(rules, g, s0))
        complete.push(captureMove(rules, g, from, moved, s));
      if (souffle) {
        for (const s of allPaths(rules, g, s0))
          prefixes.push(captureMove(rules, g, from, moved, s));
      }
    }
    let captures: RefMove[];
    if (souffle) {
      // Dhamet huff: any capture or part of one may be played (the opponent may punish it)
      captures = prefixes;
    } else {
      captures = applyPrecedence(rules, complete);
      if (!rules.capture.mustComplete) captures = this.prefixesOf(captures);
    }
    if (captures.length > 0 && rules.capture.obligation === 'mandatory') return captures;

    // steps
    const steps: RefMove[] = [];
    const lone = own.length === 1;
    for (const from of own) {
      const moved = board.get(key(from))!;
      let dirs: readonly Dir[];
      if (moved.role === 'man') {
        dirs = manDirections(g, from, side, rules.man.moves);
        if (lone && rules.man.lastPieceMayMoveBackward) {
          const back = g.directionsAt(from).filter((d) => d.dy === -forward(side));
          dirs = [...dirs, ...back.filter((d) => !dirs.includes(d))];
        }
      } else {
        dirs = g.directionsAt(from);
      }
      // Frisian: non-capturing moves run along the diagonals only
      if (rules.stepLines === 'diagonal')
        dirs = dirs.filter((d) => Math.abs(d.dx) === Math.abs(d.dy));
      for (const d of dirs) {
        let to = g.next(from, d);
        while (to && !board.has(key(to))) {
          const crowned = promotionAt(rules, g, moved, to);
          const piece = crowned ? { color: side, role: crowned } : moved;
          steps.push({ kind: 'step', from, to, jumps: [], moved, piece });
          if (!isFlying(rules, moved.role)) break;
          to = g.next(to, d);
        }
      }
    }

    // king splits (house rule): the king becomes a man and a second man appears on an empty
    // point diagonally adjacent to it, toward its own home row; a king on its crowning row may
    // not split, since the man it would become would stand there uncrowned
    const splits: RefMove[] = [];
    if (rules.kingSplit) {
      for (const from of own) {
        const moved = board.get(key(from))!;
        if (moved.role !== 'king') continue;
        if (from.rank === (side === 'white' ? g.height - 1 : 0)) continue;
        for (const dx of [-1, 1]) {
          const to = { file: from.file + dx, rank: from.rank - forward(side) };
          if (!g.onBoard(to) || board.has(key(to))) continue;
          splits.push({
            kind: 'split',
            from,
            to,
            jumps: [],
            moved,
            piece: { color: side, role: 'man' },
          });
        }
      }
    }
    return [...captures, ...steps, ...splits];
  }

  /** Every non-empty prefix of the given full captures (house rule `mayStopCaptureChain`). */
  private prefixesOf(captures: readonly RefMove[]): RefMove[] {
    const out: RefMove[] = [];
    for (const m of captures) {
      for (let n = 1; n <= m.jumps.length; n++) {
        const jumps = m.jumps.slice(0, n);
        const to = jumps[n - 1]!.land;
        // the role while capturing: Russian men crowned on the way go on as kings
        let role = m.moved.role;
        if (role === 'man' && this.rules.promotion.midCapture === 'continueAsKing') {
          const upTo = jumps.findIndex((j) =>
            promotionAt(this.rules, this.geometry, m.moved, j.land),
          );
          if (upTo >= 0) role = promotionAt(this.rules, this.geometry, m.moved, jumps[upTo]!.land)!;
        }
        const current = { color: m.moved.color, role };
        const crowned = promotionAt(this.rules, this.geometry, current, to);
        const piece = crowned ? { color: current.color, role: crowned } : current;
        out.push({ kind: 'capture', from: m.from, to, jumps, moved: m.moved, piece });
      }
    }
    return out;
  }

  /** The board after a move. */
  play(board: RefBoard, m: RefMove): RefBoard {
    const next = new Map(board);
    next.delete(key(m.from));
    for (const j of m.jumps) next.delete(key(j.over));
    if (m.kind === 'split') {
      next.set(key(m.from), m.piece);
      next.set(key(m.to), m.piece);
    } else {
      next.set(key(m.to), m.piece);
    }
    return next;
  }
}

/** Legal moves with duplicate routes merged (docs/decisions.md item 13). */
export function referenceMoves(ref: ReferenceRules, board: RefBoard, side: Color): RefMove[] {
  return dropDuplicates(ref.legalMoves(board, side));
}

/** Convert a Damka board (piece codes indexed by square) to the reference board. */
export function fromCodes(topology: Topology, codes: Int8Array): RefBoard {
  const board: RefBoard = new Map();
  for (let sq = 0; sq < topology.size; sq++) {
    const code = codes[sq]!;
    if (code === 0) continue;
    const r = code & 3;
    board.set(key({ file: topology.file[sq]!, rank: topology.rank[sq]! }), {
      color: code & 4 ? 'black' : 'white',
      role: r === 1 ? 'man' : r === 2 ? 'queen' : 'king',
    });
  }
  return board;
}

/** The Damka square index of a coordinate. */
export function squareOf(topology: Topology, c: Coord): Square {
  return topology.grid[c.rank * topology.width + c.file] ?? -1;
}

/** Leaf count of the reference move tree (duplicates merged), with an optional forced script. */
export function referencePerft(
  ref: ReferenceRules,
  board: RefBoard,
  side: Color,
  depth: number,
  script: ReadonlyArray<{ from: Coord; to: Coord }> = [],
  ply = 0,
): number {
  if (depth === 0) return 1;
  let moves = referenceMoves(ref, board, side);
  const scripted = script[ply];
  if (scripted) moves = moves.filter((m) => same(m.from, scripted.from) && same(m.to, scripted.to));
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) {
    total += referencePerft(ref, ref.play(board, m), other(side), depth - 1, script, ply + 1);
  }
  return total;
}
