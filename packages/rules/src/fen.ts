/**
 * PDN 3.0 FEN for draughts: `W:W31-50:B1-20`, `B:WK4,19:B12`, `W:Wa1,c1:Bh8`.
 *
 * `parseFen` reads text into an unvalidated `Setup` (side to move and pieces on squares named in
 * the variant's notation, numeric ranges allowed, `K` = king, `Q` = queen for Israeli 6x6), and
 * `makeFen` writes one back. Errors are values naming the failing part and its character offset;
 * nothing here throws on user input. Rule checks (men on the crowning row, too many pieces) belong to
 * `Position.fromSetup`.
 */
import { BLACK_BIT, EMPTY, KING, MAN, QUEEN, err, ok, type Color, type Result } from './types.ts';
import { shown } from './shown.ts';
import type { Variant } from './variant.ts';

/** An unvalidated position: what a FEN says, before the rules have looked at it. */
export interface Setup {
  readonly turn: Color;
  /** Piece code per square (see types.ts); length = topology size. */
  readonly board: Int8Array;
}

export interface FenError {
  /** Which part failed: the whole text, the side to move, a colour's list, or one square. */
  readonly part: 'fen' | 'turn' | 'white' | 'black' | 'square';
  /** Character offset in the input where the problem starts. */
  readonly at: number;
  readonly message: string;
}

const MAX_FEN_LENGTH = 4096;

export function parseFen(variant: Variant, text: string): Result<Setup, FenError> {
  if (typeof text !== 'string') return err({ part: 'fen', at: 0, message: 'FEN must be text' });
  if (text.length > MAX_FEN_LENGTH) {
    return err({
      part: 'fen',
      at: MAX_FEN_LENGTH,
      message: `FEN longer than ${MAX_FEN_LENGTH} characters`,
    });
  }
  // tolerate surrounding quotes and whitespace, and a trailing '.' as some writers add
  const offset = /^[\s"]*/.exec(text)![0].length;
  const src = text.slice(offset).replace(/[\s".]*$/, '');
  if (src.length === 0) return err({ part: 'fen', at: offset, message: 'empty FEN' });
  const size = variant.topology.size;
  const board = new Int8Array(size);
  const fields = splitWithOffsets(src, ':', offset);
  const turnField = fields[0]!;
  const t = turnField.text.trim().toUpperCase();
  if (t !== 'W' && t !== 'B') {
    return err({
      part: 'turn',
      at: turnField.at,
      message: `side to move must be W or B, not '${turnField.text}'`,
    });
  }
  const turn: Color = t === 'W' ? 'white' : 'black';
  const seen = new Set<string>();
  for (const field of fields.slice(1)) {
    const body = field.text.trim();
    const bodyAt = field.at + (field.text.length - field.text.trimStart().length);
    if (body.length === 0) continue;
    const head = body[0]!.toUpperCase();
    if (head === 'H' || head === 'F') continue; // halfmove / fullmove counters some tools append
    if (head !== 'W' && head !== 'B') {
      return err({
        part: 'fen',
        at: bodyAt,
        message: `expected a W or B piece list, found '${body[0]}'`,
      });
    }
    const color = head === 'W' ? 'white' : 'black';
    if (seen.has(color)) {
      return err({ part: color, at: bodyAt, message: `${color} pieces listed twice` });
    }
    seen.add(color);
    const colorBit = color === 'white' ? 0 : BLACK_BIT;
    for (const item of splitWithOffsets(body.slice(1), ',', bodyAt + 1)) {
      let token = item.text.trim();
      const at = item.at + (item.text.length - item.text.trimStart().length);
      if (token.length === 0) continue;
      let role = MAN;
      const prefix = token[0]!.toUpperCase();
      if (prefix === 'K' || prefix === 'Q') {
        role = prefix === 'K' ? KING : QUEEN;
        token = token.slice(1);
      }
      if (role === QUEEN && !variant.rules.promotion.stages.some((s) => s.to === 'queen')) {
        return err({ part: 'square', at, message: `${variant.id} has no queens` });
      }
      const squares = expand(variant, token, at);
      if (!squares.ok) return squares;
      for (const sq of squares.value) {
        if (board[sq] !== EMPTY) {
          return err({
            part: 'square',
            at,
            message: `square ${variant.squares.names[sq]} listed twice`,
          });
        }
        board[sq] = colorBit | role;
      }
    }
  }
  return ok({ turn, board });
}

function expand(variant: Variant, token: string, at: number): Result<number[], FenError> {
  const dash = token.indexOf('-');
  if (dash > 0) {
    const a = Number(token.slice(0, dash));
    const b = Number(token.slice(dash + 1));
    if (!/^\d+$/.test(token.slice(0, dash)) || !/^\d+$/.test(token.slice(dash + 1)) || a > b) {
      return err({ part: 'square', at, message: `bad square range '${shown(token)}'` });
    }
    const out: number[] = [];
    for (let n = a; n <= b; n++) {
      const sq = variant.squares.parse(String(n));
      if (sq < 0) return err({ part: 'square', at, message: `no square ${n} in ${variant.id}` });
      out.push(sq);
    }
    return ok(out);
  }
  const sq = variant.squares.parse(token);
  if (sq < 0)
    return err({ part: 'square', at, message: `no square '${shown(token)}' in ${variant.id}` });
  return ok([sq]);
}

function splitWithOffsets(
  text: string,
  sep: string,
  base: number,
): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number }> = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === sep) {
      out.push({ text: text.slice(start, i), at: base + start });
      start = i + 1;
    }
  }
  return out;
}

/** Write a setup as FEN in the variant's notation (numeric runs compressed to ranges). */
export function makeFen(variant: Variant, setup: Setup): string {
  return writeFen(variant.squares.names, setup);
}

/**
 * Write a setup as FEN with `names[sq]` naming each square; when every name is a number, runs of
 * three or more consecutive men are written as ranges (PDN 3.0).
 */
export function writeFen(names: readonly string[], setup: Setup): string {
  const parts = [setup.turn === 'white' ? 'W' : 'B'];
  for (const colorBit of [0, BLACK_BIT]) {
    const items: Array<{ name: string; prefix: string; num: number }> = [];
    for (let sq = 0; sq < setup.board.length; sq++) {
      const code = setup.board[sq]!;
      if (code === EMPTY || (code & BLACK_BIT) !== colorBit) continue;
      const role = code & 3;
      const name = names[sq]!;
      items.push({
        name,
        prefix: role === KING ? 'K' : role === QUEEN ? 'Q' : '',
        num: Number(name),
      });
    }
    const numeric = items.every((x) => Number.isInteger(x.num));
    if (numeric) items.sort((a, b) => a.num - b.num);
    const out: string[] = [];
    for (let i = 0; i < items.length; i++) {
      const x = items[i]!;
      let j = i;
      if (numeric && x.prefix === '') {
        while (
          j + 1 < items.length &&
          items[j + 1]!.prefix === '' &&
          items[j + 1]!.num === items[j]!.num + 1
        )
          j++;
      }
      if (j - i >= 2) {
        out.push(`${x.name}-${items[j]!.name}`);
        i = j;
      } else out.push(x.prefix + x.name);
    }
    parts.push((colorBit === 0 ? 'W' : 'B') + out.join(','));
  }
  return parts.join(':');
}
