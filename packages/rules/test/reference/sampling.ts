/**
 * Test positions and comparisons for the cross-checks: a seeded random source (so every failure can
 * be replayed), random legal positions reached by playouts from a variant's start, random setups
 * (kings included, which playouts rarely reach), and a comparison of Damka's legal moves against
 * the reference generator's, reported as readable notation.
 */
import {
  Position,
  colorIndex,
  seededRandom,
  type Move,
  type Square,
  type Variant,
} from '@damka/rules';
import { ReferenceRules, fromCodes, refIdentity, squareOf } from './generator.ts';
import type { Coord, RefMove } from './geometry.ts';

/** A small seeded pseudo-random source (the rules package's one): `next()` in [0, 1). */
export class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/**
 * The king-move limit (Frisian Art. 17, docs/rules.md §5.12) as the reference counts it, from the
 * moves of the game rather than from Damka's own count: per side, the square of the king that made
 * the side's last non-capturing moves in a row (-1: none) and how many.
 */
interface KingRun {
  readonly square: [number, number];
  readonly moves: [number, number];
}

/** The runs reached by the playouts, for positions whose history limits a king. */
const kingRunsOf = new WeakMap<Position, KingRun>();

/** The runs after `move` by `side` (0 White, 1 Black), counted from the move alone. */
function nextKingRun(run: KingRun, move: Move, side: 0 | 1): KingRun {
  const square: [number, number] = [run.square[0], run.square[1]];
  const moves: [number, number] = [run.moves[0], run.moves[1]];
  if (move.kind === 'step' && move.moved.role === 'king') {
    moves[side] = square[side] === move.from ? moves[side] + 1 : 1;
    square[side] = move.to;
  } else {
    square[side] = -1;
    moves[side] = 0;
  }
  const other = 1 - side;
  if (move.captures.includes(square[other]!)) {
    square[other] = -1;
    moves[other] = 0;
  }
  return { square, moves };
}

/**
 * One playout: from `p`, up to `plies` moves picked by `choose` (given the position, its legal
 * moves and the runs so far), counting the king runs from the moves and pushing every position
 * met (`p` included) onto `out`.
 */
function playout(
  p: Position,
  plies: number,
  out: Position[],
  choose: (p: Position, moves: readonly Move[], run: KingRun) => Move,
): void {
  let run: KingRun = { square: [-1, -1], moves: [0, 0] };
  out.push(p);
  for (let i = 0; i < plies; i++) {
    const moves = p.legalMoves();
    if (moves.length === 0) break;
    const move = choose(p, moves, run);
    run = nextKingRun(run, move, sideOf(p));
    p = p.play(move);
    kingRunsOf.set(p, run);
    out.push(p);
  }
}

/** Positions met along random games from the start (the start included), up to `plies` each. */
export function playoutPositions(
  variant: Variant,
  random: Random,
  games: number,
  plies: number,
): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++)
    playout(Position.start(variant), plies, out, (_p, moves) => random.pick(moves));
  return out;
}

/**
 * The square of the king that may not step again in `p` under the king-move limit, or -1: its side
 * has a man, and that king has made the limit's count of non-capturing moves in a row.
 */
export function limitedKing(p: Position): number {
  const limit = p.variant.rules.kingMoveLimit ?? 0;
  const run = kingRunsOf.get(p);
  if (limit === 0 || !run) return -1;
  const side = sideOf(p);
  if (run.moves[side] < limit) return -1;
  let hasMan = false;
  for (let sq = 0; sq < p.variant.topology.size; sq++) {
    const piece = p.pieceAt(sq);
    if (piece?.color === p.turn && piece.role === 'man') hasMan = true;
  }
  return hasMan ? run.square[side] : -1;
}

/**
 * A random valid setup: each square holds a piece with probability `density`; roles are drawn
 * from the variant's roles; no man stands on its crowning row; no side exceeds its start count.
 */
export function randomPosition(variant: Variant, random: Random, density: number): Position {
  const t = variant.topology;
  const start = Position.start(variant).material();
  const roles: number[] = [1, 3];
  if (variant.rules.promotion.stages.some((s) => s.to === 'queen')) roles.push(2);
  for (;;) {
    const board = new Int8Array(t.size);
    const count = [0, 0];
    for (let sq = 0; sq < t.size; sq++) {
      if (random.next() >= density) continue;
      const color = random.int(2);
      if (count[color]! >= start.white) continue;
      let role = random.next() < 0.6 ? 1 : random.pick(roles);
      const crown = color === 0 ? t.height - 1 : 0;
      if (role === 1 && t.rank[sq] === crown) role = 3;
      board[sq] = role | (color << 2);
      count[color]!++;
    }
    const turn = random.int(2) === 0 ? 'white' : 'black';
    const p = Position.fromSetup(variant, { turn, board });
    if (p.ok) return p.value;
  }
}

/**
 * A random position whose side to move has a single man left (for the lone-man house rule): a
 * random setup from which that side keeps one man, placed on a random square off its crowning row.
 */
export function loneManPosition(variant: Variant, random: Random, density: number): Position {
  const t = variant.topology;
  for (;;) {
    const base = randomPosition(variant, random, density);
    const board = base.board();
    const me = base.turn === 'white' ? 0 : 4;
    for (let sq = 0; sq < t.size; sq++)
      if (board[sq] !== 0 && (board[sq]! & 4) === me) board[sq] = 0;
    const crown = me === 0 ? t.height - 1 : 0;
    const free = [...Array(t.size).keys()].filter((sq) => board[sq] === 0 && t.rank[sq] !== crown);
    if (free.length === 0) continue;
    board[random.pick(free)] = me | 1;
    const p = Position.fromSetup(variant, { turn: base.turn, board });
    if (p.ok) return p.value;
  }
}

/** Whether the side to move has a piece of each role given. */
function hasRoles(p: Position, ...roles: Array<'man' | 'king'>): boolean {
  const have = new Set<string>();
  for (let sq = 0; sq < p.variant.topology.size; sq++) {
    const piece = p.pieceAt(sq);
    if (piece?.color === p.turn) have.add(piece.role);
  }
  return roles.every((r) => have.has(r));
}

/**
 * Positions where the king-move limit comes into play (random games from the start seldom get
 * there): from a sparse random setup whose side to move has a king and a man, `plies` moves in
 * which each side steps the king it stepped last while it can, else another king, else makes any
 * move, preferring moves that leave the opponent nothing to take. The runs are counted from these
 * moves as in `playoutPositions`, so the reference applies the limit where Damka should.
 */
export function kingRunPositions(
  variant: Variant,
  random: Random,
  games: number,
  plies: number,
): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let start = randomPosition(variant, random, 0.04 + 0.2 * random.next());
    while (!hasRoles(start, 'king', 'man'))
      start = randomPosition(variant, random, 0.04 + 0.2 * random.next());
    playout(start, plies, out, (p, moves, run) => {
      const side = sideOf(p);
      const steps = moves.filter((m) => m.kind === 'step' && m.moved.role === 'king');
      const same = steps.filter((m) => m.from === run.square[side]);
      const wanted = same.length > 0 ? same : steps.length > 0 ? steps : moves;
      // a move that leaves nothing to take keeps the runs going (and the game on the board)
      const safe = wanted.filter((m) => p.play(m).legalMoves()[0]?.kind !== 'capture');
      return random.pick(safe.length > 0 ? safe : wanted);
    });
  }
  return out;
}

/** Identity (docs/decisions.md item 13) of a Damka move, in square indices. */
export function moveIdentity(m: Move): string {
  const caps = [...m.captures].sort((a, b) => a - b);
  return `${m.kind}|${m.from}|${m.to}|${caps.join(',')}`;
}

/** Identity of a reference move, in Damka square indices. */
export function refMoveIdentity(variant: Variant, m: RefMove): string {
  const sq = (c: Coord): Square => squareOf(variant.topology, c);
  const caps = m.jumps.map((j) => sq(j.over)).sort((a, b) => a - b);
  return `${m.kind}|${sq(m.from)}|${sq(m.to)}|${caps.join(',')}`;
}

/** A readable name for a move identity: `32x23 (28,19)`, `c3-d4`, `split e5/d4`. */
export function describeIdentity(variant: Variant, identity: string): string {
  const [kind, from, to, caps] = identity.split('|');
  const name = (s: string) => variant.squares.names[Number(s)] ?? `?${s}`;
  if (kind === 'capture') {
    const taken = caps!.split(',').map(name).join(',');
    return `${name(from!)}x${name(to!)} (takes ${taken})`;
  }
  if (kind === 'split') return `split ${name(from!)}/${name(to!)}`;
  return `${name(from!)}-${name(to!)}`;
}

export interface Disagreement {
  readonly fen: string;
  /** Moves the reference generates and Damka does not. */
  readonly onlyReference: string[];
  /** Moves Damka generates and the reference does not. */
  readonly onlyDamka: string[];
  /** Same move, different piece after it (promotion). */
  readonly pieceDiffers: string[];
}

/** The compulsory opening's next move for a position (parsed from the rules record here). */
function scripted(p: Position): { from: Square; to: Square } | undefined {
  const script = p.variant.rules.forcedOpening;
  if (p.openingPly < 0 || p.openingPly >= script.length) return undefined;
  const parts = script[p.openingPly]!.split(/[-x:]/);
  return {
    from: p.variant.squares.parse(parts[0]!),
    to: p.variant.squares.parse(parts[parts.length - 1]!),
  };
}

/**
 * Compare `position.legalMoves()` with the reference generator, as sets of identities; where all
 * reference routes of one identity agree on the piece after the move, compare that piece too.
 * Returns undefined when they agree.
 */
export function compareWithReference(
  ref: ReferenceRules,
  position: Position,
): Disagreement | undefined {
  const v = position.variant;
  let refMoves = ref.legalMoves(fromCodes(v.topology, position.board()), position.turn);
  const limited = limitedKing(position);
  if (limited >= 0) {
    refMoves = refMoves.filter(
      (m) => m.kind !== 'step' || squareOf(v.topology, m.from) !== limited,
    );
  }
  const script = scripted(position);
  if (script) {
    refMoves = refMoves.filter(
      (m) =>
        squareOf(v.topology, m.from) === script.from && squareOf(v.topology, m.to) === script.to,
    );
  }
  const refRoles = new Map<string, Set<string>>();
  for (const m of refMoves) {
    const id = refMoveIdentity(v, m);
    if (!refRoles.has(id)) refRoles.set(id, new Set());
    refRoles.get(id)!.add(m.piece.role);
  }
  const damka = new Map<string, Move>();
  for (const m of position.legalMoves()) damka.set(moveIdentity(m), m);
  const onlyReference = [...refRoles.keys()].filter((id) => !damka.has(id));
  const onlyDamka = [...damka.keys()].filter((id) => !refRoles.has(id));
  const pieceDiffers: string[] = [];
  for (const [id, roles] of refRoles) {
    const m = damka.get(id);
    if (!m || roles.size !== 1) continue;
    const role = [...roles][0]!;
    if (m.piece.role !== role || m.piece.color !== position.turn) {
      pieceDiffers.push(`${describeIdentity(v, id)}: reference ${role}, Damka ${m.piece.role}`);
    }
  }
  if (onlyReference.length + onlyDamka.length + pieceDiffers.length === 0) return undefined;
  return {
    fen: position.fen,
    onlyReference: onlyReference.map((id) => describeIdentity(v, id)),
    onlyDamka: onlyDamka.map((id) => describeIdentity(v, id)),
    pieceDiffers,
  };
}

/** Number of Damka legal moves whose identity repeats (docs/decisions.md item 13 says none may). */
export function duplicateIdentities(position: Position): number {
  const ids = position.legalMoves().map(moveIdentity);
  return ids.length - new Set(ids).size;
}

/** Colour index of the side to move (for the fast layer). */
export function sideOf(position: Position): 0 | 1 {
  return colorIndex(position.turn);
}

export { refIdentity };
