/**
 * PDN 3.0 writer: games → text that `parsePdn` reads back to the same games.
 *
 * Tags are written in their stored order, then the movetext: move numbers from the game's first
 * player (Black in English draughts, so `1. 11-15 23-19`), `N...` after a comment or variation
 * or when a line starts with the second player's move, comments in braces, NAGs after their move,
 * variations in parentheses, and the result. Lines are wrapped at 80 columns.
 */
import { plyLabel, startingSides } from './game-type.ts';
import type { PdnGame, PdnLine } from './types.ts';

export interface WritePdnOptions {
  /** Wrap movetext lines at this width (default 80). */
  readonly lineWidth?: number;
}

/** Write games as one PDN text, a blank line between games. */
export function writePdn(games: Iterable<PdnGame>, options: WritePdnOptions = {}): string {
  const out: string[] = [];
  for (const game of games) out.push(writeGame(game, options));
  return out.join('\n');
}

/** Write one game: its tags, a blank line, its movetext ending with the result, a newline. */
export function writeGame(game: PdnGame, options: WritePdnOptions = {}): string {
  const tagLines: string[] = [];
  for (const [name, value] of game.tags) tagLines.push(`[${name} "${escapeTag(value)}"]`);
  const { firstPlayer, turn } = startingSides(game.tags);
  const offset: 0 | 1 = turn === firstPlayer ? 0 : 1;
  const tokens: string[] = [];
  writeLine(tokens, game.moves, 0, game.startNumber, offset);
  tokens.push(game.result);
  const movetext = wrap(tokens, options.lineWidth ?? 80);
  return (tagLines.length > 0 ? tagLines.join('\n') + '\n\n' : '') + movetext + '\n';
}

function escapeTag(value: string): string {
  return value.replace(/[\\"]/g, (c) => '\\' + c).replace(/[\r\n]+/g, ' ');
}

/** A comment as a brace comment, or a `;` comment when it holds a closing brace. */
function comment(text: string): string {
  if (!text.includes('}')) return `{${text}}`;
  if (!/[\r\n]/.test(text)) return `; ${text}\n`;
  return `{${text.replace(/}/g, ')')}}`; // neither form can hold both; keep the words
}

const MARKS = new Set(['!', '?', '!!', '??', '!?', '?!']);

function writeLine(
  tokens: string[],
  line: PdnLine,
  ply: number,
  startNumber: number,
  offset: 0 | 1,
): void {
  for (const c of line.comments) tokens.push(comment(c));
  let needNumber = true;
  line.moves.forEach((move, i) => {
    const label = plyLabel(ply + i, startNumber, offset);
    // the number and its move stay on one line
    const number = needNumber || !label.endsWith('...') ? label + ' ' : '';
    const [first, ...rest] = move.nags;
    const text = move.text.replace(/[ \t]+/g, ''); // read with blanks around a separator, written without
    if (first !== undefined && MARKS.has(first)) tokens.push(number + text + first);
    else {
      tokens.push(number + text);
      if (first !== undefined) tokens.push(first);
    }
    tokens.push(...rest);
    needNumber = false;
    for (const c of move.comments) {
      tokens.push(comment(c));
      needNumber = true;
    }
    for (const variation of move.variations) {
      tokens.push('(');
      writeLine(tokens, variation, ply + i, startNumber, offset);
      tokens.push(')');
      needNumber = true;
    }
  });
}

/** Join tokens with single blanks, no blank inside parentheses, breaking lines at `width`. */
function wrap(tokens: readonly string[], width: number): string {
  const lines: string[] = [];
  let current = '';
  let glue = false; // the previous token was '(' : no blank after it
  for (const token of tokens) {
    const attach = glue || token === ')' || current === '';
    if (!attach && current.length + 1 + token.length > width) {
      lines.push(current);
      current = '';
    }
    current += current === '' || glue || token === ')' ? token : ' ' + token;
    glue = token === '(';
    if (token.endsWith('\n')) {
      lines.push(current.slice(0, -1));
      current = '';
      glue = false;
    }
  }
  if (current !== '') lines.push(current);
  return lines.join('\n');
}
