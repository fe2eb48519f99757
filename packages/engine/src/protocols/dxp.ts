/**
 * DXP (DamExchange protocol) messages: the fixed-width text records that two International 10x10
 * engines exchange over TCP, each 1–127 ASCII characters followed by a NUL byte.
 *
 * `parseDxp` reads one record into a typed message and checks every field (width, digits, allowed
 * letters) — a peer's bytes are never trusted — and `formatDxp` writes one; `DxpFramer` cuts a
 * byte stream into records, refusing overlong or non-ASCII ones without holding them in memory.
 * Squares are DXP's numbers 1–50, which are International's own square numbers.
 */
import {
  BLACK_BIT,
  KING,
  MAN,
  Position,
  variantOrThrow,
  type Color,
  type Result,
  type Variant,
} from '@damka/rules';
import { hubNumbering } from './hub.ts';

/** The DXP protocol version Damka speaks. */
export const DXP_VERSION = '01';
/** Longest record, NUL excluded. */
export const DXP_MAX_LENGTH = 127;
/** The conventional DXP port. */
export const DXP_PORT = 27531;

/** `A` codes: why a follower declines a game request. */
export const DXP_ACCEPT = 0;
export const DXP_BAD_VERSION = 1;
export const DXP_NOT_THIS_GAME = 2;
export const DXP_NO_GAMES = 3;

/** `E` reasons, from the sender's point of view. */
export const DXP_END_UNKNOWN = 0;
export const DXP_END_RESIGN = 1;
export const DXP_END_DRAW = 2;
export const DXP_END_WIN = 3;

/** A start position in a game request: the side to move and 50 squares (`w z W Z e`). */
export interface DxpSetup {
  readonly turn: Color;
  readonly squares: string;
}

export type DxpMessage =
  | {
      readonly type: 'R';
      readonly version: string;
      readonly name: string;
      /** The colour the follower is to play. */
      readonly followerColor: Color;
      readonly minutes: number;
      /** Moves to the time control; 0 for none. */
      readonly moves: number;
      /** Undefined: the standard start position, White to move. */
      readonly setup?: DxpSetup;
    }
  | { readonly type: 'A'; readonly name: string; readonly code: number }
  | {
      readonly type: 'M';
      readonly seconds: number;
      readonly from: number;
      readonly to: number;
      readonly captures: readonly number[];
    }
  | { readonly type: 'E'; readonly reason: number; readonly stop: number }
  | { readonly type: 'C'; readonly text: string }
  | { readonly type: 'B'; readonly moveNumber: number; readonly color: Color }
  | { readonly type: 'K'; readonly code: number };

const COLOR_LETTER = { white: 'W', black: 'Z' } as const;

function colorOfLetter(letter: string | undefined): Color | undefined {
  return letter === 'W' ? 'white' : letter === 'Z' ? 'black' : undefined;
}

/** A record's text without control characters and within the length limit. */
function clean(text: string, width: number): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, width);
}

function pad(text: string, width: number): string {
  return clean(text, width).padEnd(width, ' ');
}

function digits(n: number, width: number): string {
  const value = Math.max(0, Math.min(10 ** width - 1, Math.round(n)));
  return String(value).padStart(width, '0');
}

/** Write one message as its record text (without the NUL). */
export function formatDxp(message: DxpMessage): string {
  switch (message.type) {
    case 'R': {
      let text =
        'R' +
        clean(message.version, 2).padStart(2, '0') +
        pad(message.name, 32) +
        COLOR_LETTER[message.followerColor] +
        digits(message.minutes, 3) +
        digits(message.moves, 3);
      text += message.setup ? 'B' + COLOR_LETTER[message.setup.turn] + message.setup.squares : 'A';
      return text;
    }
    case 'A':
      return 'A' + pad(message.name, 32) + digits(message.code, 1);
    case 'M':
      return (
        'M' +
        digits(message.seconds, 4) +
        digits(message.from, 2) +
        digits(message.to, 2) +
        digits(message.captures.length, 2) +
        message.captures.map((sq) => digits(sq, 2)).join('')
      );
    case 'E':
      return 'E' + digits(message.reason, 1) + digits(message.stop, 1);
    case 'C':
      return 'C' + clean(message.text, DXP_MAX_LENGTH - 1);
    case 'B':
      return 'B' + digits(message.moveNumber, 3) + COLOR_LETTER[message.color];
    case 'K':
      return 'K' + digits(message.code, 1);
  }
}

/** Read one record (without its NUL). Every field is checked; errors are values. */
export function parseDxp(text: string): Result<DxpMessage, string> {
  const fail = (why: string): Result<DxpMessage, string> => ({ ok: false, error: why });
  if (text.length === 0) return fail('empty message');
  if (text.length > DXP_MAX_LENGTH) return fail(`message longer than ${DXP_MAX_LENGTH} characters`);
  if (/[^\x20-\x7e]/.test(text)) return fail('message is not printable ASCII');
  const number = (from: number, width: number): number | undefined => {
    const field = text.slice(from, from + width);
    return field.length === width && /^\d+$/.test(field) ? Number(field) : undefined;
  };
  const type = text[0]!;
  switch (type) {
    case 'R': {
      const version = text.slice(1, 3);
      if (!/^\d\d$/.test(version)) return fail('R: bad version field');
      const name = text.slice(3, 35);
      if (name.length !== 32) return fail('R: name field is not 32 characters');
      const followerColor = colorOfLetter(text[35]);
      if (!followerColor) return fail(`R: follower colour must be W or Z`);
      const minutes = number(36, 3);
      const moves = number(39, 3);
      if (minutes === undefined || moves === undefined) return fail('R: bad time fields');
      const start = text[42];
      if (start === 'A') {
        if (text.length !== 43) return fail('R: extra characters after start A');
        return {
          ok: true,
          value: { type: 'R', version, name: name.trimEnd(), followerColor, minutes, moves },
        };
      }
      if (start !== 'B') return fail('R: start must be A or B');
      const turn = colorOfLetter(text[43]);
      const squares = text.slice(44);
      if (!turn) return fail('R: colour to move must be W or Z');
      if (squares.length !== 50 || !/^[wzWZe]{50}$/.test(squares)) {
        return fail('R: position needs 50 squares of w z W Z e');
      }
      return {
        ok: true,
        value: {
          type: 'R',
          version,
          name: name.trimEnd(),
          followerColor,
          minutes,
          moves,
          setup: { turn, squares },
        },
      };
    }
    case 'A': {
      if (text.length !== 34) return fail('A: needs a 32-character name and a code');
      const code = number(33, 1);
      if (code === undefined) return fail('A: bad code');
      return { ok: true, value: { type: 'A', name: text.slice(1, 33).trimEnd(), code } };
    }
    case 'M': {
      const seconds = number(1, 4);
      const from = number(5, 2);
      const to = number(7, 2);
      const count = number(9, 2);
      if (seconds === undefined || from === undefined || to === undefined || count === undefined) {
        return fail('M: bad time, square or count field');
      }
      if (text.length !== 11 + 2 * count)
        return fail(`M: ${count} captures need ${11 + 2 * count} characters`);
      const captures: number[] = [];
      for (let i = 0; i < count; i++) captures.push(number(11 + 2 * i, 2)!);
      if (captures.some((sq) => sq === undefined)) return fail('M: bad captured square');
      return { ok: true, value: { type: 'M', seconds, from, to, captures } };
    }
    case 'E': {
      const reason = number(1, 1);
      const stop = number(2, 1);
      if (text.length !== 3 || reason === undefined || stop === undefined)
        return fail('E: needs a reason and a stop code');
      return { ok: true, value: { type: 'E', reason, stop } };
    }
    case 'C':
      return { ok: true, value: { type: 'C', text: text.slice(1) } };
    case 'B': {
      const moveNumber = number(1, 3);
      const color = colorOfLetter(text[4]);
      if (text.length !== 5 || moveNumber === undefined || !color)
        return fail('B: needs a move number and a colour');
      return { ok: true, value: { type: 'B', moveNumber, color } };
    }
    case 'K': {
      const code = number(1, 1);
      if (text.length !== 2 || code === undefined) return fail('K: needs a code');
      return { ok: true, value: { type: 'K', code } };
    }
    default:
      return fail(`unknown message type '${type}'`);
  }
}

/** International, the one variant DXP plays. */
export function dxpVariant(): Variant {
  return variantOrThrow('international');
}

const DXP_LETTERS: Readonly<Record<number, string>> = {
  0: 'e',
  [MAN]: 'w',
  [KING]: 'W',
  [MAN | BLACK_BIT]: 'z',
  [KING | BLACK_BIT]: 'Z',
};

/** The `R` setup of a position (International). */
export function dxpSetup(position: Position): DxpSetup {
  const board = position.board();
  const { squares } = hubNumbering(position.variant);
  return {
    turn: position.turn,
    squares: squares.map((sq) => DXP_LETTERS[board[sq]!] ?? 'e').join(''),
  };
}

/** The position of an `R` setup, validated as any position is. */
export function dxpPosition(setup: DxpSetup | undefined): Result<Position, string> {
  const variant = dxpVariant();
  if (!setup) return { ok: true, value: Position.start(variant) };
  const { squares } = hubNumbering(variant);
  const board = new Int8Array(squares.length);
  const codes: Readonly<Record<string, number>> = {
    e: 0,
    w: MAN,
    W: KING,
    z: MAN | BLACK_BIT,
    Z: KING | BLACK_BIT,
  };
  for (let i = 0; i < squares.length; i++) {
    const code = codes[setup.squares[i] ?? ''];
    if (code === undefined) return { ok: false, error: `bad square letter at ${i + 1}` };
    board[squares[i]!] = code;
  }
  const position = Position.fromSetup(variant, { turn: setup.turn, board });
  return position.ok ? position : { ok: false, error: position.error.message };
}

/** One record cut from the byte stream: its text, or why it was refused. */
export type DxpFrame =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string };

/**
 * Cuts a byte stream into NUL-terminated records. A record longer than `DXP_MAX_LENGTH` is
 * reported once and its bytes skipped up to the next NUL, so a peer cannot make us buffer
 * without bound.
 */
export class DxpFramer {
  private bytes: number[] = [];
  private overlong = false;

  /** Feed bytes; returns the records they complete. */
  push(chunk: Uint8Array): DxpFrame[] {
    const out: DxpFrame[] = [];
    for (const byte of chunk) {
      if (byte === 0) {
        if (this.overlong) this.overlong = false;
        else out.push(this.finish());
        this.bytes = [];
        continue;
      }
      if (this.overlong) continue;
      this.bytes.push(byte);
      if (this.bytes.length > DXP_MAX_LENGTH) {
        out.push({ ok: false, error: `message longer than ${DXP_MAX_LENGTH} characters` });
        this.overlong = true;
        this.bytes = [];
      }
    }
    return out;
  }

  /** Bytes received after the last NUL (an unfinished record). */
  get pending(): number {
    return this.bytes.length;
  }

  private finish(): DxpFrame {
    if (this.bytes.some((b) => b < 0x20 || b > 0x7e)) {
      return { ok: false, error: 'message is not printable ASCII' };
    }
    return { ok: true, text: String.fromCharCode(...this.bytes) };
  }
}

/** A record as bytes: ASCII text and its NUL. */
export function dxpBytes(message: DxpMessage | string): Uint8Array {
  const text = typeof message === 'string' ? message : formatDxp(message);
  const out = new Uint8Array(text.length + 1);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}
