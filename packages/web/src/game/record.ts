/**
 * A game as the web app keeps it: the rules (variant, options, optional start FEN), the list of
 * entries played (moves, and burns under huff rules), who plays whom, and the result. Positions are
 * not stored: they are rebuilt by replaying the entries with `@damka/rules`, so a saved game can
 * never hold an illegal position — a stored entry that is no longer legal ends the replay there.
 *
 * Pure (no DOM), so it is tested in Node and shared by the page and the computer's worker.
 */
import {
  Game,
  Position,
  formatMove,
  getVariant,
  opposite,
  type Color,
  type Move,
  type Options,
  type Square,
  type DrawProgress,
  type Variant,
} from '@damka/rules';
import { afterMove, afterUndo, parseClock, type ClockState } from './clock.ts';
import { resultOfOutcome, timeoutResult, type GameResult } from './draws.ts';

export type { GameResult, ResultReason } from './draws.ts';

/** One thing played: a move (identified by start, end and captured set), or a burned piece. */
export type Entry =
  | {
      readonly type: 'move';
      readonly from: Square;
      readonly to: Square;
      readonly captures: readonly Square[];
      readonly path: readonly Square[];
      /** A king split (house rule `kingSplit`): the same squares as the king's step, told apart. */
      readonly split?: true;
    }
  | { readonly type: 'burn'; readonly square: Square };

export interface GameSetup {
  readonly variant: string;
  readonly options: Options;
  /** Start position; absent = the variant's own. */
  readonly fen?: string;
}

export type Mode = 'friend' | 'computer';

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
  /** The computer's playing level, 1–8 (`computer` mode; absent: the default level). */
  readonly level?: number;
  /** Both players agreed to a draw after the last entry. */
  readonly agreed?: boolean;
  /** The side whose flag fell after the last entry. */
  readonly flagged?: Color;
  /** The same-screen clock; absent = no clock. */
  readonly clock?: ClockState;
  /** What the PDN file of an imported game said about it (kept for its download). */
  readonly imported?: ImportedHeader;
}

/**
 * The header of an imported game: who played it, where and when (the tags the file gave, as
 * written) and its result marker, which holds only for the moves it was imported with.
 */
export interface ImportedHeader {
  readonly tags: Readonly<Partial<Record<ImportedTag, string>>>;
  readonly result: string;
  /** The number of entries the game was imported with. */
  readonly plies: number;
  /** Variations the file gave beside the main line, which were not kept (absent: none). */
  readonly variations?: number;
}

/** The tags of an imported game that describe the game itself, kept with it. */
export const IMPORTED_TAGS = ['Event', 'Site', 'Date', 'Round', 'White', 'Black'] as const;
export type ImportedTag = (typeof IMPORTED_TAGS)[number];

/** The imported header while the game still has exactly the moves it was imported with. */
export function unchangedImport(game: SavedGame, plies: number): ImportedHeader | null {
  return game.imported && game.imported.plies === plies && game.resigned === null
    ? game.imported
    : null;
}

function parseImported(x: unknown): ImportedHeader | null {
  const h = x as Record<string, unknown> | null;
  if (!h || typeof h !== 'object' || typeof h['result'] !== 'string') return null;
  const plies = h['plies'];
  if (typeof plies !== 'number' || !Number.isInteger(plies) || plies < 0) return null;
  const given = (h['tags'] ?? {}) as Record<string, unknown>;
  const tags: Partial<Record<ImportedTag, string>> = {};
  for (const name of IMPORTED_TAGS) {
    const value = given[name];
    if (typeof value === 'string') tags[name] = value;
  }
  const variations = h['variations'];
  return typeof variations === 'number' && Number.isInteger(variations) && variations > 0
    ? { tags, result: h['result'], plies, variations }
    : { tags, result: h['result'], plies };
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
  /** The variant's move-count draw rules running at the last position, and how far they have got. */
  readonly drawProgress: readonly DrawProgress[];
}

/** Entry for a legal move. */
export function entryOf(move: Move): Entry {
  return {
    type: 'move',
    from: move.from,
    to: move.to,
    captures: [...move.captures],
    path: [...move.path],
    ...(move.kind === 'split' ? { split: true as const } : {}),
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
        (m.kind === 'split') === (e.split === true) &&
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

/**
 * Replay a saved game with the rules' `Game`, which judges every position by the variant's rules
 * (no move, repetition, move counts, endgame counts…); stops at the first entry that is not legal
 * or once the game is over. Resignation, agreement and a fallen flag end it after the last entry.
 */
export function replay(game: SavedGame): Replayed {
  const start = startPosition(game.setup);
  if (!start.ok) throw new Error(start.error);
  const variant = start.position.variant;
  const rulesGame = Game.fromPosition(start.position);
  const positions: Position[] = [start.position];
  const entries: Entry[] = [];
  const moves: Array<Move | undefined> = [];
  const notation: string[] = [];
  for (const e of game.entries) {
    if (rulesGame.outcome) break;
    const here = rulesGame.position;
    if (e.type === 'burn') {
      if (!rulesGame.burn(e.square).ok) break;
      moves.push(undefined);
      notation.push(variant.squares.names[e.square] ?? String(e.square));
    } else {
      const m = findMove(here, e);
      if (!m || !rulesGame.play(m).ok) break;
      notation.push(formatMove(here, m));
      moves.push(m);
    }
    positions.push(rulesGame.position);
    entries.push(e);
  }
  const over = rulesGame.outcome !== undefined;
  if (!over && game.resigned) rulesGame.resign(game.resigned);
  else if (!over && game.agreed) rulesGame.agreeDraw();
  let result = rulesGame.outcome ? resultOfOutcome(rulesGame.outcome) : null;
  if (!over && game.flagged) result = timeoutResult(game.flagged);
  const drawProgress = result ? [] : rulesGame.drawProgress();
  return { variant, positions, entries, moves, notation, result, drawProgress };
}

/**
 * The game after `entry` was played at `now` (epoch ms): the entry appended and, with a clock, the
 * mover's clock pressed. A move made after the mover's time ran out is not played: his flag fell.
 */
export function withEntry(
  game: SavedGame,
  replayed: Replayed,
  entry: Entry,
  now: number,
): SavedGame {
  const entries = [...replayed.entries, entry];
  if (!game.clock || entry.type === 'burn') return { ...game, entries };
  const mover = replayed.positions[replayed.positions.length - 1]!.turn;
  const pressed = afterMove(game.clock, mover, now);
  if (pressed.flagged)
    return { ...game, entries: replayed.entries, clock: pressed.clock, flagged: pressed.flagged };
  return { ...game, entries, clock: pressed.clock };
}

/** The game with its last `count` entries taken back at `now` (and any resignation or agreement). */
export function withUndo(
  game: SavedGame,
  replayed: Replayed,
  count: number,
  now: number,
): SavedGame {
  const turnBefore = replayed.positions[replayed.positions.length - 1]!.turn;
  const { agreed: _agreed, ...rest } = game;
  const undone: SavedGame = {
    ...rest,
    entries: replayed.entries.slice(0, replayed.entries.length - count),
    resigned: null,
  };
  return game.clock ? { ...undone, clock: afterUndo(game.clock, turnBefore, now) } : undone;
}

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
  if (n === 0 || game.flagged) return 0; // a fallen flag is final
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

const isLevel = (x: unknown): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 8;

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
    // fields added later (agreement, clock, flag): absent or malformed ones are left out
    const flagged = color(g.flagged);
    const clock = parseClock(g.clock);
    const imported = parseImported(g.imported);
    return {
      id,
      setup: g.setup,
      entries: validEntries(g.entries as unknown[]),
      mode,
      computer: color(g.computer),
      resigned: color(g.resigned),
      ...(isLevel(g.level) ? { level: g.level } : {}),
      ...(g.agreed === true ? { agreed: true } : {}),
      ...(clock ? { clock } : {}),
      ...(clock && flagged ? { flagged } : {}),
      ...(imported ? { imported } : {}),
    };
  } catch {
    return null;
  }
}

const isSquare = (x: unknown): x is Square =>
  typeof x === 'number' && Number.isInteger(x) && x >= 0;
const isSquares = (x: unknown): x is Square[] => Array.isArray(x) && x.every(isSquare);

/** The stored entries up to the first malformed one (a replay then stops there, as for an illegal one). */
function validEntries(list: readonly unknown[]): Entry[] {
  const out: Entry[] = [];
  for (const x of list) {
    const e = x as Record<string, unknown> | null;
    if (e?.['type'] === 'burn' && isSquare(e['square'])) {
      out.push({ type: 'burn', square: e['square'] });
    } else if (
      e?.['type'] === 'move' &&
      isSquare(e['from']) &&
      isSquare(e['to']) &&
      isSquares(e['captures']) &&
      isSquares(e['path'])
    ) {
      out.push({
        type: 'move',
        from: e['from'],
        to: e['to'],
        captures: e['captures'],
        path: e['path'],
        ...(e['split'] === true ? { split: true as const } : {}),
      });
    } else break;
  }
  return out;
}
