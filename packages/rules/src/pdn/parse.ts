/**
 * PDN 3.0 reader: text → games (tags, move tree with comments, NAGs and variations, result).
 *
 * A hand-written, single-pass lexer feeds an iterative parser, so work is linear in the input and no
 * input can make it recurse deeply or backtrack (no regular expression runs over unbounded text).
 * Errors are values carrying line, column and the offending text; after an error the reader skips
 * to the end of that game (its result marker, or the next tag after movetext) and goes on, so one
 * bad game never hides the others. Squares are not checked here — that is the replay's job.
 *
 * It reads what PDN 3.0's reading grammar allows and what real programs write: tags split by any
 * white space, blanks around a move's separator, any run of `!`/`?` (also in parentheses) as a
 * move strength, Russian short moves (`ed4`) and `1:0`-style results.
 */
import { err, ok, type Result } from '../types.ts';
import { cut, shown } from '../shown.ts';
import {
  isPdnResult,
  type PdnError,
  type PdnGame,
  type PdnLine,
  type PdnMove,
  type PdnResult,
  type SourcePos,
} from './types.ts';

/** Longest input read (16 MiB); longer text is refused as a whole before any work is done. */
export const MAX_PDN_LENGTH = 16 * 1024 * 1024;
/** Deepest nesting of variations accepted. */
export const MAX_VARIATION_DEPTH = 64;
/** Longest single word (move, number…) accepted. */
const MAX_WORD = 200;

export interface ParsePdnOptions {
  /** Refuse inputs longer than this many characters (default and ceiling: `MAX_PDN_LENGTH`). */
  readonly maxLength?: number;
}

/** What `parsePdn` returns: every game found, each either read or the first error in it. */
export interface PdnParse {
  readonly games: ReadonlyArray<Result<PdnGame, PdnError>>;
}

type Token =
  | { kind: 'tag'; at: number; end: number; name: string; value: string }
  | { kind: 'comment'; at: number; end: number; text: string }
  | { kind: 'open' | 'close'; at: number; end: number }
  | { kind: 'nag'; at: number; end: number; text: string }
  | { kind: 'number'; at: number; end: number; value: number }
  | { kind: 'move'; at: number; end: number; text: string; nags: string[] }
  | { kind: 'result'; at: number; end: number; text: PdnResult }
  | { kind: 'error'; at: number; end: number; message: string; boundary: boolean };

const WORD_STOP = new Set([
  ' ',
  '\t',
  '\n',
  '\r',
  '\f',
  '\v',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  '$',
  '"',
]);

function isSpace(c: string): boolean {
  return (
    c === ' ' ||
    c === '\t' ||
    c === '\n' ||
    c === '\r' ||
    c === '\f' ||
    c === '\v' ||
    c === '\u00a0' ||
    c === '\ufeff'
  );
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isNameChar(c: string | undefined): boolean {
  return (
    c !== undefined &&
    ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_')
  );
}

/** Characters a move may be made of: squares (letters, digits) and separators. */
function isMoveChar(c: string): boolean {
  return isNameChar(c) || c === '-' || c === ':' || c === '×' || c === '–' || c === '+';
}

/** Single-pass tokenizer over the whole text. */
class Lexer {
  private pos = 0;
  /**
   * Where the text was last found to hold no '}' from on: every later unclosed '{' is then known
   * unclosed at once (a file whose every game lost its '}' would otherwise be searched to its end
   * once per game, quadratic in its length).
   */
  private noCloseFrom = Infinity;
  constructor(private readonly src: string) {}

  next(): Token | undefined {
    for (;;) {
      const token = this.token();
      if (token !== 'skip') return token;
    }
  }

  private token(): Token | 'skip' | undefined {
    const s = this.src;
    for (;;) {
      while (this.pos < s.length && isSpace(s[this.pos]!)) this.pos++;
      if (this.pos >= s.length) return undefined;
      // '%' in the first column escapes the whole line (PGN heritage)
      if (s[this.pos] === '%' && (this.pos === 0 || s[this.pos - 1] === '\n')) {
        this.pos = this.lineEnd(this.pos);
        continue;
      }
      break;
    }
    const at = this.pos;
    const c = s[at]!;
    switch (c) {
      case '[':
        return this.tag();
      case '{': {
        const close = at >= this.noCloseFrom ? -1 : s.indexOf('}', at + 1);
        if (close < 0) {
          this.noCloseFrom = Math.min(this.noCloseFrom, at);
          // resume at the next line that opens a tag: most likely the next game
          const resume = s.indexOf('\n[', at);
          this.pos = resume < 0 ? s.length : resume + 1;
          return {
            kind: 'error',
            at,
            end: at + 1,
            message: "comment '{' is never closed",
            boundary: true,
          };
        }
        this.pos = close + 1;
        return { kind: 'comment', at, end: this.pos, text: s.slice(at + 1, close).trim() };
      }
      case ';': {
        const end = this.lineEnd(at);
        this.pos = end;
        return { kind: 'comment', at, end, text: s.slice(at + 1, end).trim() };
      }
      case '(': {
        // a move strength in parentheses, `(!?)` or `(?)`, is an annotation, not a variation
        let k = at + 1;
        while (k < s.length && (s[k] === '!' || s[k] === '?') && k - at <= MAX_MARKS) k++;
        if (k > at + 1 && s[k] === ')') {
          this.pos = k + 1;
          return { kind: 'nag', at, end: this.pos, text: s.slice(at, this.pos) };
        }
        this.pos++;
        return { kind: 'open', at, end: this.pos };
      }
      case ')':
        this.pos++;
        return { kind: 'close', at, end: this.pos };
      case '$': {
        let i = at + 1;
        while (i < s.length && isDigit(s[i]) && i - at <= 4) i++;
        this.pos = i;
        if (i === at + 1 || isDigit(s[i])) {
          while (this.pos < s.length && isDigit(s[this.pos])) this.pos++;
          return {
            kind: 'error',
            at,
            end: this.pos,
            message: 'a NAG is $ followed by 1 to 4 digits',
            boundary: false,
          };
        }
        return { kind: 'nag', at, end: i, text: s.slice(at, i) };
      }
      case '}':
      case ']':
      case '"':
        this.pos++;
        return {
          kind: 'error',
          at,
          end: this.pos,
          message: `unexpected '${shown(c)}'`,
          boundary: false,
        };
      default:
        return this.word();
    }
  }

  private lineEnd(from: number): number {
    const nl = this.src.indexOf('\n', from);
    return nl < 0 ? this.src.length : nl;
  }

  /**
   * `[Name "value"]`, with `\"` and `\\` escapes in the value. Any white space, line breaks
   * included, may stand between the brackets, the name and the value (tags are tokens). A value
   * whose closing quote is missing before the `]` that ends its line (`[Round "11.1]`) is read up
   * to that `]`.
   */
  private tag(): Token {
    const s = this.src;
    const at = this.pos;
    const fail = (i: number, message: string): Token => {
      this.pos = this.lineEnd(i);
      return {
        kind: 'error',
        at: i,
        end: Math.max(i + 1, Math.min(this.pos, i + 40)),
        message,
        boundary: false,
      };
    };
    let i = this.skipSpace(at + 1);
    const nameAt = i;
    while (i < s.length && isNameChar(s[i]) && i - nameAt < MAX_WORD) i++;
    if (i === nameAt) return fail(i, 'a tag starts with its name, as in [Event "…"]');
    if (isNameChar(s[i])) return fail(nameAt, 'tag name too long');
    const name = s.slice(nameAt, i);
    i = this.skipSpace(i);
    if (s[i] !== '"') return fail(i, `the value of tag ${name} must be in double quotes`);
    const quote = i;
    i++;
    let value = '';
    let from = i;
    for (;;) {
      if (i >= s.length || s[i] === '\n' || s[i] === '\r') {
        // no closing quote on this line: a `]` ending the line closes the tag
        let close = i - 1;
        while (close > quote && isSpace(s[close]!)) close--;
        if (close > quote && s[close] === ']') {
          value += s.slice(from, close);
          this.pos = close + 1;
          return { kind: 'tag', at, end: this.pos, name, value: value.trim() };
        }
        return fail(quote, `the value of tag ${name} is never closed`);
      }
      const c = s[i]!;
      if (c === '\\' && (s[i + 1] === '"' || s[i + 1] === '\\')) {
        value += s.slice(from, i) + s[i + 1];
        i += 2;
        from = i;
        continue;
      }
      if (c === '"') break;
      i++;
    }
    value += s.slice(from, i);
    i = this.skipSpace(i + 1);
    if (s[i] !== ']') return fail(i, `expected ']' to close tag ${name}`);
    this.pos = i + 1;
    return { kind: 'tag', at, end: this.pos, name, value };
  }

  private skipSpace(from: number): number {
    let i = from;
    while (i < this.src.length && isSpace(this.src[i]!)) i++;
    return i;
  }

  /** Where a word starting at `from` ends (a word stops at a blank or a PDN delimiter). */
  private wordEnd(from: number): number {
    const s = this.src;
    let i = from;
    while (i < s.length && !WORD_STOP.has(s[i]!) && !isSpace(s[i]!) && i - from <= MAX_WORD) i++;
    return i;
  }

  /** Results, move numbers, moves and free-standing annotation marks. */
  private word(): Token | 'skip' {
    const s = this.src;
    const at = this.pos;
    let i = this.wordEnd(at);
    if (i - at > MAX_WORD) {
      while (i < s.length && !WORD_STOP.has(s[i]!) && !isSpace(s[i]!)) i++;
      this.pos = i;
      return { kind: 'error', at, end: i, message: 'word too long', boundary: false };
    }
    this.pos = i;
    const word = s.slice(at, i);
    const result = readResult(word);
    if (result) return { kind: 'result', at, end: i, text: result };
    if (isMarks(word)) return { kind: 'nag', at, end: i, text: word };
    // a move number: digits then dots ('12.', '12...'), possibly glued to the move ('12.32-28')
    let d = 0;
    while (isDigit(word[d])) d++;
    let dots = d;
    while (word[dots] === '.') dots++;
    if (dots > d && (d > 0 || dots === word.length)) {
      if (d === 0) return 'skip'; // '...' alone: a continuation mark without its number
      if (d > 6)
        return { kind: 'error', at, end: i, message: 'move number too large', boundary: false };
      const value = Number(word.slice(0, d));
      if (dots < word.length) this.pos = at + dots; // the move follows without a blank
      return { kind: 'number', at, end: at + dots, value };
    }
    // PDN 3.0's reading grammar allows blanks around a separator: '1- 6', '47 x9', '1 - 6'
    // (writers must not emit them). Blanks on the same line only join a separator to a square.
    let end = i;
    for (;;) {
      let j = end;
      while (s[j] === ' ' || s[j] === '\t') j++;
      if (j === end || j - at > MAX_WORD) break;
      const last = s[end - 1]!;
      if (isSeparator(last) && isNameChar(s[j])) {
        end = this.wordEnd(j);
        continue;
      }
      if (isNameChar(last) && isSeparator(s[j]!)) {
        let k = j + 1;
        while (s[k] === ' ' || s[k] === '\t') k++;
        if (isNameChar(s[k])) {
          end = this.wordEnd(k);
          continue;
        }
      }
      break;
    }
    if (end - at > MAX_WORD) {
      this.pos = end;
      return { kind: 'error', at, end, message: 'word too long', boundary: false };
    }
    this.pos = end;
    return this.move(s.slice(at, end), at, end);
  }

  private move(word: string, at: number, end: number): Token {
    let body = word.length;
    while (body > 0 && (word[body - 1] === '!' || word[body - 1] === '?')) body--;
    const mark = word.slice(body);
    const text = word.slice(0, body);
    let digitRuns = 0;
    let allowed = text.length > 0;
    for (let k = 0; k < text.length; k++) {
      const c = text[k]!;
      if (!isMoveChar(c) && c !== ' ' && c !== '\t') allowed = false;
      if (isDigit(c) && !isDigit(text[k - 1])) digitRuns++;
    }
    // two squares (`32-28`, `c3:d4`), or Russian short notation: a file, then a square (`ed4`)
    const short = digitRuns === 1 && isLetter(text[0]) && isLetter(text[1]) && isDigit(text[2]);
    if (!allowed || (digitRuns < 2 && !short) || mark.length > MAX_MARKS) {
      return {
        kind: 'error',
        at,
        end,
        message: `'${shown(word)}' is not a move, move number or result`,
        boundary: false,
      };
    }
    return { kind: 'move', at, end, text, nags: mark ? [mark] : [] };
  }
}

/** Longest run of move-strength marks read (`!?!!!` is read; PDN 3.0's token is `[!?]+`). */
const MAX_MARKS = 8;

/** A move-strength token: `!`, `?`, `!?`, … (PDN 3.0 allows any run of them). */
function isMarks(word: string): boolean {
  if (word.length === 0 || word.length > MAX_MARKS) return false;
  for (const c of word) if (c !== '!' && c !== '?') return false;
  return true;
}

/** Results written the Russian way (`1:0`, `0:1`, `1/2:1/2`) and with a ½, read as PDN's. */
const RESULT_ALIASES: Readonly<Record<string, PdnResult>> = {
  '1:0': '1-0',
  '0:1': '0-1',
  '1/2:1/2': '1/2-1/2',
  '½-½': '1/2-1/2',
  '½:½': '1/2-1/2',
};

/** A game termination marker as PDN writes it, or undefined. */
export function readResult(word: string): PdnResult | undefined {
  if (isPdnResult(word)) return word;
  return Object.hasOwn(RESULT_ALIASES, word) ? RESULT_ALIASES[word] : undefined;
}

function isSeparator(c: string): boolean {
  return c === '-' || c === 'x' || c === 'X' || c === ':' || c === '×' || c === '–';
}

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

interface MoveBuilder {
  text: string;
  nags: string[];
  comments: string[];
  variations: PdnLine[];
  at: SourcePos;
}

interface LineBuilder {
  comments: string[];
  moves: MoveBuilder[];
  /** where its '(' was, for "never closed" errors */
  openedAt: number;
}

/**
 * Read every game of a PDN text. Never throws; each game is either a `PdnGame` or the first error
 * found in it, in file order.
 */
export function parsePdn(text: string, options: ParsePdnOptions = {}): PdnParse {
  if (typeof text !== 'string') {
    return {
      games: [err({ line: 1, column: 1, offset: 0, text: '', message: 'PDN must be text' })],
    };
  }
  const limit = Math.min(options.maxLength ?? MAX_PDN_LENGTH, MAX_PDN_LENGTH);
  if (text.length > limit) {
    const where = new LineIndex(text.slice(0, limit)).pos(limit);
    return {
      games: [
        err({
          ...where,
          offset: limit,
          text: '',
          message: `PDN text longer than ${limit} characters`,
        }),
      ],
    };
  }
  const lines = new LineIndex(text);
  const games: Array<Result<PdnGame, PdnError>> = [];
  const lexer = new Lexer(text);

  let tags = new Map<string, string>();
  let stack: LineBuilder[] = [{ comments: [], moves: [], openedAt: 0 }];
  let movetext = false; // a move, number, parenthesis or result has been seen in this game
  let touched = false; // a tag, move or marker belongs to this game
  let startNumber: number | undefined;
  let failed: PdnError | undefined;

  const reset = () => {
    tags = new Map();
    stack = [{ comments: [], moves: [], openedAt: 0 }];
    movetext = false;
    touched = false;
    startNumber = undefined;
    failed = undefined;
  };
  const fail = (at: number, end: number, message: string) => {
    if (failed) return;
    const where = lines.pos(at);
    failed = { ...where, offset: at, text: cut(text.slice(at, Math.max(end, at + 1))), message };
  };
  const finish = (result: PdnResult | undefined) => {
    if (failed) games.push(err(failed));
    else if (touched) {
      if (stack.length > 1) {
        const open = stack[stack.length - 1]!.openedAt;
        fail(open, open + 1, "variation '(' is never closed");
        games.push(err(failed!));
      } else {
        const tagResult = tags.get('Result')?.trim();
        const final =
          result ?? (tagResult !== undefined ? readResult(tagResult) : undefined) ?? '*';
        games.push(
          ok({ tags, moves: freeze(stack[0]!), result: final, startNumber: startNumber ?? 1 }),
        );
      }
    }
    reset();
  };

  for (let token = lexer.next(); token; token = lexer.next()) {
    if (token.kind === 'tag' && movetext) finish(undefined);
    if (failed) {
      // skip to the end of the broken game
      if (token.kind === 'result') finish(undefined);
      else if (token.kind === 'error' && token.boundary) finish(undefined);
      else if (token.kind !== 'tag' && token.kind !== 'comment') movetext = true;
      continue;
    }
    if (token.kind !== 'comment') touched = true; // comments alone make no game
    const line = stack[stack.length - 1]!;
    const last = line.moves[line.moves.length - 1];
    switch (token.kind) {
      case 'error':
        fail(token.at, token.end, token.message);
        if (token.boundary) finish(undefined);
        break;
      case 'tag':
        if (!tags.has(token.name)) tags.set(token.name, token.value);
        else {
          tags.delete(token.name); // keep the first place, the last value
          tags.set(token.name, token.value);
        }
        break;
      case 'comment':
        if (last) last.comments.push(token.text);
        else line.comments.push(token.text);
        break;
      case 'number':
        movetext = true;
        if (startNumber === undefined && stack.length === 1 && line.moves.length === 0) {
          startNumber = token.value;
        }
        break;
      case 'move':
        movetext = true;
        line.moves.push({
          text: token.text,
          nags: token.nags,
          comments: [],
          variations: [],
          at: lines.pos(token.at),
        });
        break;
      case 'nag':
        if (!last) fail(token.at, token.end, `annotation '${token.text}' before any move`);
        else last.nags.push(token.text);
        break;
      case 'open':
        movetext = true;
        if (!last) fail(token.at, token.end, "a variation '(' must follow the move it replaces");
        else if (stack.length > MAX_VARIATION_DEPTH) {
          fail(token.at, token.end, `variations nested deeper than ${MAX_VARIATION_DEPTH}`);
        } else stack.push({ comments: [], moves: [], openedAt: token.at });
        break;
      case 'close': {
        movetext = true;
        if (stack.length === 1) {
          fail(token.at, token.end, "')' closes no variation");
          break;
        }
        const done = stack.pop()!;
        if (done.moves.length === 0) {
          fail(done.openedAt, token.end, 'empty variation');
          break;
        }
        const parent = stack[stack.length - 1]!;
        parent.moves[parent.moves.length - 1]!.variations.push(freeze(done));
        break;
      }
      case 'result':
        movetext = true;
        if (stack.length > 1) {
          const open = stack[stack.length - 1]!.openedAt;
          fail(open, open + 1, "variation '(' is never closed before the result");
        }
        finish(token.text);
        break;
    }
  }
  finish(undefined);
  return { games };
}

function freeze(line: LineBuilder): PdnLine {
  return {
    comments: line.comments,
    moves: line.moves.map((m): PdnMove => ({
      text: m.text,
      nags: m.nags,
      comments: m.comments,
      variations: m.variations,
      at: m.at,
    })),
  };
}

/** Offsets → 1-based line and column, by binary search over line starts. */
class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  pos(offset: number): SourcePos {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}
