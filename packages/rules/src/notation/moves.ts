/**
 * Move notation: writing a legal move in the variant's own style and reading a move typed by a
 * person, a PDN file or an engine protocol.
 *
 * Writing follows rules.md §6: `32-28` for a step, `32x23` (Russian `c3:e5`) for a capture, start
 * and end square only — unless another legal capture shares both squares, in which case the whole
 * route of landing squares is written (`a3:c5:e3:g5` beside `a3:c1:e3:g5`; PDN 3.0
 * disambiguation, rules.md §2 note 6). Damka's own extension: a king split (house rule
 * `kingSplit`) is written `K<king square>+<new man's square>`, e.g. `K28+33` or `Kd4+c3`.
 *
 * Reading never trusts its input: text over a fixed length is refused, the rest is split into
 * squares and separators, then matched against `position.legalMoves()` — so every accepted move is
 * legal by construction, and the result is a value (never an exception) telling what matched or
 * why nothing did. Accepted forms, tried in this order: the full route of landing squares; start
 * and end only; the Hub form (start, then end and captured squares in any order); some landing
 * squares in order (PDN's turning-square form); any squares the route passes over in order (a
 * flying king may be written landing anywhere along its line). Real files' habits are read too:
 * blanks around a separator, `x` for a step when no capture fits, algebraic squares without a
 * separator (`a3b4`) and Russian short notation (`ed4`). `matchMove` gives every legal move a
 * text can mean; `parseMove` wants exactly one and names them all when there are more.
 */
import { err, ok, type Result, type Square } from '../types.ts';
import { shown } from '../shown.ts';
import type { Move, Position } from '../position.ts';
import type { Topology } from '../topology/topology.ts';

/** Longest move text read; anything longer is refused before any work is done. */
export const MAX_MOVE_TEXT = 200;

export interface FormatMoveOptions {
  /** Always write every landing square of a capture, even when start and end suffice. */
  readonly full?: boolean;
  /**
   * The square names to write, one per square (default: the variant's own). A PDN file in another
   * numbering gets its messages in its own squares.
   */
  readonly names?: readonly string[];
}

export type MoveErrorCode =
  /** nothing but blanks */
  | 'empty'
  /** longer than `MAX_MOVE_TEXT` */
  | 'tooLong'
  /** not squares joined by separators */
  | 'syntax'
  /** a token that names no square of the variant */
  | 'unknownSquare'
  /** well-formed, but no legal move has these squares */
  | 'noMatch'
  /** several legal moves fit; the full route is needed */
  | 'ambiguous';

export interface MoveError {
  /** Character offset in the input where the problem was found. */
  readonly at: number;
  readonly message: string;
  readonly code: MoveErrorCode;
}

/** Two moves are the same move when start, end, kind and set of captured squares agree. */
export function sameMove(a: Move, b: Move): boolean {
  if (a.kind !== b.kind || a.from !== b.from || a.to !== b.to) return false;
  if (a.captures.length !== b.captures.length) return false;
  return a.captures.every((sq) => b.captures.includes(sq));
}

/**
 * `move` (one of `position.legalMoves()`) in the variant's notation: `from-to` for a step,
 * `from<sep>to` for a capture (`x`, or `:` where the variant writes it so), the whole route
 * `from<sep>land<sep>…<sep>to` when another legal capture shares start and end square or when
 * `options.full` is set, and `K<from>+<to>` for a king split.
 */
export function formatMove(
  position: Position,
  move: Move,
  options: FormatMoveOptions = {},
): string {
  const names = options.names ?? position.variant.squares.names;
  const name = (sq: Square) => names[sq] ?? `?${sq}`;
  if (move.kind === 'split') return `K${name(move.from)}+${name(move.to)}`;
  if (move.kind === 'step') return `${name(move.from)}-${name(move.to)}`;
  const sep = position.variant.rules.notation.captureSeparator;
  const full = options.full === true || needsFullPath(position, move);
  if (!full) return `${name(move.from)}${sep}${name(move.to)}`;
  return [move.from, ...move.path].map(name).join(sep);
}

/** Does another legal capture share `move`'s start and end square? */
function needsFullPath(position: Position, move: Move): boolean {
  return position
    .legalMoves()
    .some(
      (m) => m.kind === 'capture' && m.from === move.from && m.to === move.to && !sameMove(m, move),
    );
}

interface Token {
  readonly text: string;
  readonly at: number;
  readonly square: Square;
}

const SEPARATORS = new Set(['-', '–', 'x', 'X', ':', '×', '+']);
const CAPTURE_SEPARATORS = new Set(['x', 'X', ':', '×']);

/**
 * Read `text` as a legal move of `position`. Separators `-`, `x`, `X`, `:`, `×` are all accepted
 * (Spanish and Portuguese write captures with `-`); `K<from>+<to>` is a king split. Squares are
 * named in the variant's notation (or numbers where the variant accepts them). When several legal
 * moves fit, the error (`ambiguous`) names every one of them; `matchMove` returns them all.
 */
export function parseMove(position: Position, text: string): Result<Move, MoveError> {
  const found = matchMove(position, text);
  if (!found.ok) return found;
  const moves = found.value.moves;
  if (moves.length === 1) return ok(moves[0]!);
  return ambiguous(position, moves, text.trim(), found.value.at);
}

/** Every legal move a text can mean (at least one), and where the move starts in the text. */
export interface MoveReadings {
  readonly moves: readonly Move[];
  readonly at: number;
}

/**
 * Every legal move of `position` that `text` can mean, tried form by form (the first form that
 * fits wins): the full route of landing squares; start and end only; the Hub form (start, then
 * end and captured squares in any order); some landing squares in order (PDN's turning squares);
 * any squares the capture passes over, in order (a flying king's route may name any square of its
 * line, so `a1xe5xh8` and `a1xd4xh8` are one move). A capture separator written for a plain step
 * (`10x14`) still finds the step when no capture fits; Russian short notation (`ed4`: the file the
 * piece leaves, then its target) finds the moves from that file. Route matching lives here, once,
 * for every reader of moves: PDN files, the web app, the server and the command line.
 */
export function matchMove(position: Position, text: string): Result<MoveReadings, MoveError> {
  if (typeof text !== 'string')
    return err({ at: 0, code: 'syntax', message: 'a move must be text' });
  if (text.length > MAX_MOVE_TEXT) {
    return err({
      at: MAX_MOVE_TEXT,
      code: 'tooLong',
      message: `move text longer than ${MAX_MOVE_TEXT} characters`,
    });
  }
  const lexed = lex(position, text);
  if (!lexed.ok) return lexed;
  const { tokens, split, captureSep, at, file } = lexed.value;
  const quoted = shown(text.trim(), 60);
  const legal = position.legalMoves();
  const found = (moves: readonly Move[]) => ok<MoveReadings>({ moves, at });
  const last = tokens[tokens.length - 1]!;

  if (file !== undefined) {
    const t = position.variant.topology;
    const short = legal.filter(
      (m) => m.kind !== 'split' && t.file[m.from] === file && m.to === last.square,
    );
    if (short.length > 0) return found(short);
    return err({
      at,
      code: 'noMatch',
      message: `no legal move matches '${quoted}' (${position.turn} to move)`,
    });
  }

  const first = tokens[0]!;
  const middle = tokens.slice(1, -1).map((t) => t.square);
  const from = legal.filter((m) => {
    if (m.from !== first.square) return false;
    if (split) return m.kind === 'split';
    return m.kind !== 'split';
  });
  const captures = from.filter((m) => m.kind === 'capture');
  // a capture separator asks for a capture; when none fits, it was written for a step
  for (const candidates of captureSep ? [captures, from] : [from]) {
    const moves = readings(position, candidates, tokens, middle, captureSep);
    if (moves.length > 0) return found(moves);
  }
  return err({
    at,
    code: 'noMatch',
    message: `no legal move matches '${quoted}' (${position.turn} to move)`,
  });
}

/** The candidates that fit the written squares, by the first form that fits any. */
function readings(
  position: Position,
  candidates: readonly Move[],
  tokens: readonly Token[],
  middle: readonly Square[],
  captureSep: boolean,
): readonly Move[] {
  const last = tokens[tokens.length - 1]!;
  // 1. exact: the text is the move's whole route (start, every landing square, end). A single
  //    jump's route is its start and end, so `a5:c3` is that jump even when a longer capture also
  //    goes from a5 to c3 (and is then written with its full route).
  const routed = candidates.filter(
    (m) => m.to === last.square && sameSequence(m.path.slice(0, -1), middle),
  );
  // 2. start and end only
  const exact =
    routed.length === 0 && middle.length === 0
      ? candidates.filter((m) => m.to === last.square)
      : routed;
  // a step and a capture between the same squares (captures optional): '-' means the step
  const preferred =
    !captureSep && exact.length > 1 ? exact.filter((m) => m.kind === 'step') : exact;
  if (preferred.length > 0) return preferred;

  // 3. only when squares beyond start and end were given: first the Hub form (start, then end and
  //    captured squares in any order), which names a move exactly; then some of the landing
  //    squares in order (PDN 3.0 lists only the squares where the route turns); then any squares
  //    the route passes over in order
  if (tokens.length > 2) {
    const rest = tokens.slice(1).map((t) => t.square);
    const jumps = candidates.filter((m) => m.kind === 'capture');
    const t = position.variant.topology;
    for (const fits of [
      (m: Move) => sameMultiset(rest, [m.to, ...m.captures]),
      (m: Move) => m.to === last.square && isSubsequence(middle, m.path.slice(0, -1)),
      (m: Move) => m.to === last.square && isSubsequence(middle, passedSquares(t, m)),
    ]) {
      const found = jumps.filter(fits);
      if (found.length > 0) return found;
    }
  }
  return [];
}

/** Every square a move goes over or lands on after its start, in order along its route. */
function passedSquares(t: Topology, move: Move): Square[] {
  const out: Square[] = [];
  let at = move.from;
  for (const land of move.path) {
    out.push(...line(t, at, land));
    at = land;
  }
  return out;
}

/** The squares from `a` (excluded) to `b` (included) along the straight line joining them. */
function line(t: Topology, a: Square, b: Square): Square[] {
  for (let dir = 0; dir < t.directions.length; dir++) {
    const squares: Square[] = [];
    for (let sq = t.next[dir * t.size + a]!; sq >= 0; sq = t.next[dir * t.size + sq]!) {
      squares.push(sq);
      if (sq === b) return squares;
      if (squares.length > t.width + t.height) break;
    }
  }
  return [b];
}

function ambiguous(position: Position, moves: readonly Move[], text: string, at: number) {
  const all = moves.map((m) => formatMove(position, m, { full: true })).join(' or ');
  return err<MoveError>({
    at,
    code: 'ambiguous',
    message: `ambiguous: '${shown(text, 60)}' fits ${moves.length} legal moves: ${all}; write the full path`,
  });
}

interface Lexed {
  readonly tokens: readonly Token[];
  /** `K<from>+<to>` was written */
  readonly split: boolean;
  /** a capture separator (x, X, :, ×) was written */
  readonly captureSep: boolean;
  /** offset of the first non-blank character */
  readonly at: number;
  /** Russian short notation (`ed4`): the file (0 = a) the piece leaves from */
  readonly file?: number;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isDigitChar = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined) =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));

/**
 * Split the text into squares and separators, reporting the first offending character. A square
 * is letters then digits (`c3`) or digits (`32`); blanks may stand around a separator (`1- 6`), and
 * an algebraic square may follow another without one (`a3b4`).
 */
function lex(position: Position, text: string): Result<Lexed, MoveError> {
  let i = 0;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  let end = text.length;
  while (end > i && /[\s!?]/.test(text[end - 1]!)) end--; // blanks and annotation marks
  const start = i;
  if (i >= end) return err({ at: start, code: 'empty', message: 'no move given' });
  let split = false;
  if ((text[i] === 'K' || text[i] === 'k') && text.indexOf('+', i) > 0) {
    split = true;
    i++;
  }
  const tokens: Token[] = [];
  const seps: string[] = [];
  let file: number | undefined;
  while (i < end) {
    while (i < end && isBlank(text[i])) i++;
    const at = i;
    // every square name is one letter and digits (`c3`), or digits (`32`); x always separates
    if (isLetter(text[i]) && text[i] !== 'x' && text[i] !== 'X') i++;
    const letters = i - at;
    while (i < end && isDigitChar(text[i])) i++;
    const word = text.slice(at, i);
    if (word.length === 0) {
      const what = i < end ? `'${shown(text[i]!)}'` : 'the end';
      return err({ at: i, code: 'syntax', message: `expected a square at ${what}` });
    }
    // Russian short notation: a file letter, then the target square (`ed4`, `ff2`)
    if (
      letters === 1 &&
      word.length === 1 &&
      tokens.length === 0 &&
      !split &&
      isLetter(text[i]) &&
      position.variant.rules.notation.squares === 'algebraic'
    ) {
      const f = word.toLowerCase().charCodeAt(0) - 97;
      if (f < position.variant.topology.width) {
        file = f;
        continue;
      }
    }
    const square = position.variant.squares.parse(word);
    if (square < 0) {
      return err({
        at,
        code: 'unknownSquare',
        message: `'${shown(word)}' is not a square of ${position.variant.id}`,
      });
    }
    tokens.push({ text: word, at, square });
    if (file !== undefined) {
      if (i < end) {
        return err({ at: i, code: 'syntax', message: `unexpected '${text[i]}' after ${word}` });
      }
      break;
    }
    if (letters > 0 && isLetter(text[i]) && text[i] !== 'x' && text[i] !== 'X') continue; // a3b4
    while (i < end && isBlank(text[i])) i++;
    if (i >= end) break;
    const sep = text[i]!;
    if (!SEPARATORS.has(sep)) {
      return err({
        at: i,
        code: 'syntax',
        message: `unexpected '${shown(sep)}': separate squares with - x or :`,
      });
    }
    seps.push(sep);
    i++;
    while (i < end && isBlank(text[i])) i++;
    if (i >= end) return err({ at: i, code: 'syntax', message: 'the move ends with a separator' });
  }
  if (file === undefined && tokens.length < 2) {
    return err({ at: start, code: 'syntax', message: 'a move needs a start and an end square' });
  }
  const plus = seps.filter((s) => s === '+').length;
  if (split ? plus !== 1 || seps.length !== 1 : plus > 0) {
    return err({
      at: start,
      code: 'syntax',
      message: 'a king split is written K<king square>+<square of the new man>, e.g. K28+33',
    });
  }
  return ok({
    tokens,
    split,
    captureSep: seps.some((s) => CAPTURE_SEPARATORS.has(s)),
    at: start,
    ...(file !== undefined ? { file } : {}),
  });
}

function sameSequence(a: readonly Square[], b: readonly Square[]): boolean {
  return a.length === b.length && a.every((sq, k) => sq === b[k]);
}

/** Do the squares of `part` appear in `whole` in the same order (not necessarily adjacent)? */
function isSubsequence(part: readonly Square[], whole: readonly Square[]): boolean {
  let k = 0;
  for (const sq of whole) if (k < part.length && sq === part[k]) k++;
  return k === part.length;
}

function sameMultiset(a: readonly Square[], b: readonly Square[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort((x, y) => x - y);
  const right = [...b].sort((x, y) => x - y);
  return left.every((sq, k) => sq === right[k]);
}
