/**
 * A game as the web app keeps it: the rules (variant, options, optional start FEN), the list of
 * entries played (moves, and burns under huff rules), who plays whom, and the result. Positions are
 * not stored: they are rebuilt by replaying the entries with `@damka/rules`, so a saved game can
 * never hold an illegal position — a stored entry that is no longer legal ends the replay there.
 *
 * Pure (no DOM), so it is tested in Node and shared by the page and the computer's worker.
 */
import {
  Position,
  formatMove,
  getVariant,
  opposite,
  type Color,
  type Move,
  type Options,
  type Square,
  type Variant,
} from '@damka/rules';

/** One thing played: a move (identified by start, end and captured set), or a burned piece. */
export type Entry =
  | {
      readonly type: 'move';
      readonly from: Square;
      readonly to: Square;
      readonly captures: readonly Square[];
      readonly path: readonly Square[];
    }
  | { readonly type: 'burn'; readonly square: Square };

export interface GameSetup {
  readonly variant: string;
  readonly options: Options;
  /** Start position; absent = the variant's own. */
  readonly fen?: string;
}

export type Mode = 'friend' | 'computer';

export type ResultReason = 'noMoves' | 'resign' | 'repetition';

export interface GameResult {
  /** null = draw */
  readonly winner: Color | null;
  readonly reason: ResultReason;
  /** The side the reason is about (who had no move, who resigned). */
  readonly side: Color | null;
}

export interface SavedGame {
  /** Tells one game from another with the same setup. */
  readonly id: string;
  readonly setup: GameSetup;
  readonly entries: readonly Entry[];
  readonly mode: Mode;
  /** The computer's colour in `computer` mode. */
  readonly computer: Color | null;
  /** A result not derivable from the moves (resignation). */
  readonly resigned: Color | null;
}

/** The game replayed: one position per entry plus the start, the notation of each entry. */
export interface Replayed {
  readonly variant: Variant;
  readonly positions: readonly Position[];
  readonly entries: readonly Entry[];
  /** Moves parallel to `entries` (undefined for burns). */
  readonly moves: ReadonlyArray<Move | undefined>;
  readonly notation: readonly string[];
  readonly result: GameResult | null;
}

/** Entry for a legal move. */
export function entryOf(move: Move): Entry {
  return {
    type: 'move',
    from: move.from,
    to: move.to,
    captures: [...move.captures],
    path: [...move.path],
  };
}

/** The legal move of `position` an entry names, if any. */
export function findMove(position: Position, e: Entry): Move | undefined {
  if (e.type !== 'move') return undefined;
  return position
    .legalMoves()
    .find(
      (m) =>
        m.from === e.from &&
        m.to === e.to &&
        m.captures.length === e.captures.length &&
        m.captures.every((sq) => e.captures.includes(sq)),
    );
}

/** The start position of a setup, or a message. */
export function startPosition(
  setup: GameSetup,
): { ok: true; position: Position } | { ok: false; error: string } {
  const v = getVariant(setup.variant, setup.options);
  if (!v.ok) return { ok: false, error: v.error };
  if (setup.fen === undefined || setup.fen.trim() === '')
    return { ok: true, position: Position.start(v.value) };
  const p = Position.fromFen(v.value, setup.fen.trim());
  if (!p.ok) return { ok: false, error: p.error.message };
  return { ok: true, position: p.value };
}

/** Replay a saved game; stops at the first entry that is not legal. */
export function replay(game: SavedGame): Replayed {
  const start = startPosition(game.setup);
  if (!start.ok) throw new Error(start.error);
  const variant = start.position.variant;
  const positions: Position[] = [start.position];
  const entries: Entry[] = [];
  const moves: Array<Move | undefined> = [];
  const notation: string[] = [];
  const seen = new Map<string, number>();
  const times = repetitionTimes(variant);
  const check = (p: Position): GameResult | null => {
    const key = p.fen;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return noMoveResult(variant, p) ?? (times > 1 && n >= times ? REPETITION : null);
  };
  let result = check(start.position);
  for (const e of game.entries) {
    const here = positions[positions.length - 1]!;
    if (result) break;
    if (e.type === 'burn') {
      const next = here.burn(e.square);
      if (!next.ok) break;
      positions.push(next.value);
      moves.push(undefined);
      notation.push(variant.squares.names[e.square] ?? String(e.square));
    } else {
      const m = findMove(here, e);
      if (!m) break;
      notation.push(formatMove(here, m));
      positions.push(here.play(m));
      moves.push(m);
    }
    entries.push(e);
    result = check(positions[positions.length - 1]!);
  }
  if (!result && game.resigned) {
    result = { winner: opposite(game.resigned), reason: 'resign', side: game.resigned };
  }
  return { variant, positions, entries, moves, notation, result };
}

/** Times a position must occur for the variant's repetition draw, or 0 when it has none. */
function repetitionTimes(variant: Variant): number {
  for (const d of variant.rules.draws) if (d.kind === 'repetition') return d.times;
  return 0;
}

const REPETITION: GameResult = { winner: null, reason: 'repetition', side: null };

/**
 * The result when the side to move has no legal move: a loss, or a win under give-away rules.
 * Repetition is counted by `replay`; other draw rules (move counts, endgames) belong to the rules
 * package's game module.
 */
export function noMoveResult(variant: Variant, position: Position): GameResult | null {
  if (position.legalMoves().length > 0 || position.burnable.length > 0) return null;
  const side = position.turn;
  const winner = variant.rules.noMoveMeans === 'win' ? side : opposite(side);
  return { winner, reason: 'noMoves', side };
}

/** Entries to remove for an undo: one in a friendly game, back to the human's turn against the computer. */
export function undoCount(game: SavedGame, replayed: Replayed): number {
  const n = replayed.entries.length;
  if (n === 0) return 0;
  if (game.mode === 'friend' || !game.computer) return 1;
  // remove entries until it is the human's turn again and at least one human entry went
  let k = 0;
  let removedHuman = false;
  while (k < n) {
    const before = replayed.positions[n - k - 1]!;
    k++;
    if (before.turn !== game.computer) removedHuman = true;
    const now = replayed.positions[n - k]!;
    if (removedHuman && now.turn !== game.computer) break;
  }
  if (!removedHuman) return 0;
  return k;
}

/** A fresh game record. */
export function newGame(setup: GameSetup, mode: Mode, computer: Color | null): SavedGame {
  const id = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    id,
    setup,
    entries: [],
    mode,
    computer: mode === 'computer' ? computer : null,
    resigned: null,
  };
}

/** Read a stored game, refusing anything malformed (storage is user-editable). */
export function parseSaved(text: string | null): SavedGame | null {
  if (!text) return null;
  try {
    const g = JSON.parse(text) as SavedGame;
    if (!g || typeof g !== 'object' || !g.setup || typeof g.setup.variant !== 'string') return null;
    if (!Array.isArray(g.entries)) return null;
    const start = startPosition(g.setup);
    if (!start.ok) return null;
    const mode: Mode = g.mode === 'computer' ? 'computer' : 'friend';
    const color = (c: unknown): Color | null => (c === 'white' || c === 'black' ? c : null);
    const id = typeof g.id === 'string' ? g.id : 'restored';
    return {
      id,
      setup: g.setup,
      entries: g.entries,
      mode,
      computer: color(g.computer),
      resigned: color(g.resigned),
    };
  } catch {
    return null;
  }
}
