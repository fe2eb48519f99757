/**
 * Hub-2 text protocol, the notation part: command lines (`name key=value key="a b" flag`), the
 * `pos` square string and Hub moves (`32-28`, captures `28x19x23`: start, end, then the captured
 * squares), for every Damka variant.
 *
 * Hub was written for 10x10 boards numbered 1–50. Damka extends it to every variant by using the
 * variant's own square numbers where its notation is numeric (International, English, Italian,
 * Spanish, …) and, where it is algebraic (Russian, Brazilian, Turkish, Dhamet, …), the numbers
 * row by row from the top-left playable square as White sees the board (the FMJD order, which
 * those variants also accept in their notation). The `pos` string lists the squares in that
 * order, so it has as many characters as the board has playable squares (+1 for the side).
 *
 * Everything here reads untrusted text and returns values (`Result`), never throws.
 */
import {
  BLACK_BIT,
  KING,
  MAN,
  QUEEN,
  Position,
  fmjdNumbers,
  type Move,
  type Result,
  type Square,
  type Variant,
} from '@damka/rules';

/** Longest command line read; a longer one is refused before any work is done. */
export const MAX_HUB_LINE = 100_000;

/** One parsed command line: the command name and its arguments in order. */
export interface HubLine {
  readonly command: string;
  /** `key=value` arguments, and bare flags (value `undefined`), in order of appearance. */
  readonly args: ReadonlyMap<string, string | undefined>;
}

/**
 * Parse a command line. Values may be double-quoted (they then may hold spaces and `=`); a bare
 * word after the command is a flag. Blank lines give `undefined`-free errors like any other.
 */
export function parseHubLine(text: string): Result<HubLine, string> {
  if (text.length > MAX_HUB_LINE) return { ok: false, error: 'line too long' };
  const line = text.replace(/\r$/, '');
  let i = 0;
  const n = line.length;
  const skipBlanks = () => {
    while (i < n && (line[i] === ' ' || line[i] === '\t')) i++;
  };
  const word = (): string => {
    const start = i;
    while (i < n && line[i] !== ' ' && line[i] !== '\t' && line[i] !== '=' && line[i] !== '"') i++;
    return line.slice(start, i);
  };
  skipBlanks();
  const command = word();
  if (command === '') return { ok: false, error: 'empty line' };
  const args = new Map<string, string | undefined>();
  while (true) {
    skipBlanks();
    if (i >= n) break;
    const key = word();
    if (key === '') return { ok: false, error: `unexpected '${line[i]}' at ${i}` };
    if (line[i] !== '=') {
      args.set(key, undefined);
      continue;
    }
    i++; // '='
    let value: string;
    if (line[i] === '"') {
      const close = line.indexOf('"', i + 1);
      if (close < 0) return { ok: false, error: `unterminated quote at ${i}` };
      value = line.slice(i + 1, close);
      i = close + 1;
    } else {
      const start = i;
      while (i < n && line[i] !== ' ' && line[i] !== '\t') i++;
      value = line.slice(start, i);
      if (value.includes('"')) return { ok: false, error: `stray quote in value at ${start}` };
    }
    args.set(key, value);
  }
  return { ok: true, value: { command, args } };
}

/** Quote a value when Hub requires it: empty, or holding a blank, `=` or a quote. */
export function hubValue(value: string | number): string {
  const text = String(value)
    .replace(/"/g, "'")
    .replace(/[\r\n]+/g, ' ');
  return text === '' || /[\s="]/.test(text) ? `"${text}"` : text;
}

/** Write a command line: `command key=value …`; `undefined` values are bare flags. */
export function formatHubLine(
  command: string,
  args: ReadonlyArray<readonly [string, string | number | undefined]> = [],
): string {
  const parts = [command];
  for (const [key, value] of args)
    parts.push(value === undefined ? key : `${key}=${hubValue(value)}`);
  return parts.join(' ');
}

const numberCache = new WeakMap<Variant, { numbers: number[]; squares: Square[] }>();

/**
 * Hub square numbers of `variant`: `numbers[square]` is 1-based, `squares[number - 1]` the
 * square. The variant's own numbers when its notation is numeric, else the FMJD order.
 */
export function hubNumbering(variant: Variant): {
  readonly numbers: readonly number[];
  readonly squares: readonly Square[];
} {
  const hit = numberCache.get(variant);
  if (hit) return hit;
  const numeric = variant.rules.notation.squares !== 'algebraic';
  const numbers = numeric
    ? variant.squares.names.map((name) => Number(name))
    : fmjdNumbers(variant.topology);
  const squares = new Array<Square>(numbers.length);
  numbers.forEach((number, sq) => (squares[number - 1] = sq));
  const result = { numbers, squares };
  numberCache.set(variant, result);
  return result;
}

/**
 * Piece letters of the `pos` string: Hub's `w`/`b` men and `W`/`B` kings, and for the queens of
 * Israeli 6x6 (not in Hub) Damka's `q` (white) and `Q` (black).
 */
const LETTER_OF_CODE: Readonly<Record<number, string>> = {
  0: 'e',
  [MAN]: 'w',
  [KING]: 'W',
  [QUEEN]: 'q',
  [MAN | BLACK_BIT]: 'b',
  [KING | BLACK_BIT]: 'B',
  [QUEEN | BLACK_BIT]: 'Q',
};
const CODE_OF_LETTER: ReadonlyMap<string, number> = new Map(
  Object.entries(LETTER_OF_CODE).map(([code, letter]) => [letter, Number(code)]),
);

/** The `pos` string of a position: `W` or `B` for the side to move, then every square. */
export function formatHubPosition(position: Position): string {
  const board = position.board();
  const { squares } = hubNumbering(position.variant);
  let text = position.turn === 'white' ? 'W' : 'B';
  for (const sq of squares) text += LETTER_OF_CODE[board[sq]!] ?? 'e';
  return text;
}

/** Read a `pos` string for `variant` (validated like any position). */
export function parseHubPosition(variant: Variant, text: string): Result<Position, string> {
  const { squares } = hubNumbering(variant);
  if (text.length !== squares.length + 1) {
    return {
      ok: false,
      error: `pos needs 1 + ${squares.length} characters for ${variant.id}, not ${text.length}`,
    };
  }
  const side = text[0];
  if (side !== 'W' && side !== 'B')
    return { ok: false, error: `pos starts with W or B, not '${side}'` };
  const board = new Int8Array(squares.length);
  for (let i = 0; i < squares.length; i++) {
    const code = CODE_OF_LETTER.get(text[i + 1]!);
    if (code === undefined) {
      return {
        ok: false,
        error: `pos: '${text[i + 1]}' on square ${i + 1} is not one of w b W B e`,
      };
    }
    board[squares[i]!] = code;
  }
  const position = Position.fromSetup(variant, { turn: side === 'W' ? 'white' : 'black', board });
  if (!position.ok) return { ok: false, error: `pos: ${position.error.message}` };
  return { ok: true, value: position.value };
}

/**
 * A legal move in Hub notation: `from-to`, or `fromxto` followed by `x` and each captured square
 * in jump order. A king split (house rule `kingSplit`) is written `Kfrom+to` as in Damka's notation.
 */
export function formatHubMove(variant: Variant, move: Move): string {
  const { numbers } = hubNumbering(variant);
  const n = (sq: Square) => String(numbers[sq]);
  if (move.kind === 'split') return `K${n(move.from)}+${n(move.to)}`;
  if (move.kind === 'step') return `${n(move.from)}-${n(move.to)}`;
  return [move.from, move.to, ...move.captures].map(n).join('x');
}

/**
 * Find the legal move of `position` written `text` in Hub notation. The captured squares may come
 * in any order; a capture given by start and end only is accepted when no other capture shares
 * them.
 */
export function parseHubMove(position: Position, text: string): Result<Move, string> {
  const { squares } = hubNumbering(position.variant);
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 400)
    return { ok: false, error: `bad move '${text}'` };
  const square = (part: string): Square | undefined =>
    /^\d{1,3}$/.test(part) ? squares[Number(part) - 1] : undefined;
  const legal = position.legalMoves();
  const split = /^K(\d+)\+(\d+)$/.exec(trimmed);
  if (split) {
    const from = square(split[1]!);
    const to = square(split[2]!);
    const move = legal.find((m) => m.kind === 'split' && m.from === from && m.to === to);
    return move ? { ok: true, value: move } : { ok: false, error: `illegal move '${trimmed}'` };
  }
  const step = /^(\d+)-(\d+)$/.exec(trimmed);
  if (step) {
    const from = square(step[1]!);
    const to = square(step[2]!);
    if (from === undefined || to === undefined)
      return { ok: false, error: `no such square in '${trimmed}'` };
    const move = legal.find((m) => m.kind === 'step' && m.from === from && m.to === to);
    return move ? { ok: true, value: move } : { ok: false, error: `illegal move '${trimmed}'` };
  }
  if (!/^\d+(x\d+)+$/.test(trimmed)) return { ok: false, error: `bad move '${trimmed}'` };
  const parts = trimmed.split('x').map(square);
  if (parts.some((sq) => sq === undefined))
    return { ok: false, error: `no such square in '${trimmed}'` };
  const [from, to, ...captured] = parts as Square[];
  const candidates = legal.filter((m) => m.kind === 'capture' && m.from === from && m.to === to);
  if (captured.length === 0) {
    if (candidates.length === 1) return { ok: true, value: candidates[0]! };
    return {
      ok: false,
      error:
        candidates.length === 0
          ? `illegal move '${trimmed}'`
          : `ambiguous move '${trimmed}': list the captured squares`,
    };
  }
  const want = new Set(captured);
  if (want.size !== captured.length)
    return { ok: false, error: `a square captured twice in '${trimmed}'` };
  const move = candidates.find(
    (m) => m.captures.length === want.size && m.captures.every((sq) => want.has(sq)),
  );
  return move ? { ok: true, value: move } : { ok: false, error: `illegal move '${trimmed}'` };
}
