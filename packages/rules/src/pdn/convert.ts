/**
 * Rewriting a PDN game in another square notation: numeric (the board's English-diagram / FMJD
 * numbering, or the variant's own numbers where it has them) or algebraic (a1…).
 *
 * Every move is first replayed — only a legal move can be renamed with certainty — then written
 * again from the matched `Move`: start and end square, or the whole route when the file gave more
 * than two squares, with the file's own separator. The FEN tag is rewritten, the GameType tag says
 * the new notation, and every other tag, comment, NAG and variation is kept.
 */
import { err, ok, type Result } from '../types.ts';
import type { Move, Position } from '../position.ts';
import { writeFen, type Setup } from '../fen.ts';
import { formatGameType, plyLabel, resolveSetting, startingSides } from './game-type.ts';
import { namingFor, type SquareNaming } from './naming.ts';
import { playWritten, startPosition, type ReplayError } from './replay.ts';
import type { PdnGame, PdnLine, PdnMove } from './types.ts';

export type PdnNotation = 'numeric' | 'algebraic';

/** The game with its squares written in `notation`, or the first move that does not replay. */
export function convertGame(game: PdnGame, notation: PdnNotation): Result<PdnGame, ReplayError> {
  const setting = resolveSetting(game.tags);
  if (!setting.ok) return err({ kind: 'setting', message: setting.error });
  const { variant, naming } = setting.value;
  const start = startPosition(game, variant, naming);
  if (!start.ok) return start;
  const target = namingFor(variant, notation);
  const { firstPlayer, turn } = startingSides(game.tags);
  const label = (ply: number) => plyLabel(ply, game.startNumber, turn === firstPlayer ? 0 : 1);
  const moves = convertLine(game.moves, start.value, 0, false, naming, target, label);
  if (!moves.ok) return moves;

  const tags = new Map<string, string>();
  let wroteGameType = false;
  for (const [name, value] of game.tags) {
    if (name.toLowerCase() === 'gametype') {
      tags.set(name, formatGameType(variant, target));
      wroteGameType = true;
    } else if (name.toLowerCase() === 'fen' && value.trim() !== '') {
      tags.set(name, makeFenIn(target, start.value.setup()));
    } else tags.set(name, value);
  }
  if (!wroteGameType) tags.set('GameType', formatGameType(variant, target));
  return ok({ ...game, tags, moves: moves.value });
}

function convertLine(
  line: PdnLine,
  start: Position,
  ply: number,
  inVariation: boolean,
  from: SquareNaming,
  to: SquareNaming,
  label: (ply: number) => string,
): Result<PdnLine, ReplayError> {
  let position = start;
  const out: PdnMove[] = [];
  for (let i = 0; i < line.moves.length; i++) {
    const written = line.moves[i]!;
    const move = playWritten(position, written.text, from);
    if (!move.ok) {
      return err({
        kind: 'move',
        message: move.error.message,
        ply: ply + i + 1,
        label: label(ply + i),
        text: written.text,
        ...(written.at ? { line: written.at.line, column: written.at.column } : {}),
        inVariation,
        position,
      });
    }
    const variations: PdnLine[] = [];
    for (const variation of written.variations) {
      const converted = convertLine(variation, position, ply + i, true, from, to, label);
      if (!converted.ok) return converted;
      variations.push(converted.value);
    }
    out.push({ ...written, text: renameMove(move.value, written.text, to.names), variations });
    position = position.play(move.value);
  }
  return ok({ comments: line.comments, moves: out });
}

/** Write a matched move in `names`, in the shape it was written: separator and route length. */
export function renameMove(move: Move, written: string, names: readonly string[]): string {
  const name = (sq: number) => names[sq] ?? '?';
  if (move.kind === 'split') return `K${name(move.from)}+${name(move.to)}`;
  if (move.kind === 'step') return `${name(move.from)}-${name(move.to)}`;
  const mark = /[:\-–]/.exec(written)?.[0];
  const separator = mark === ':' ? ':' : mark === undefined ? 'x' : '-';
  let squares = 0; // every square name, numeric or algebraic, holds exactly one run of digits
  for (let i = 0; i < written.length; i++) {
    if (isDigit(written[i]) && !isDigit(written[i - 1])) squares++;
  }
  const route = squares > 2 ? [move.from, ...move.path] : [move.from, move.to];
  return route.map(name).join(separator);
}

/** A FEN with squares named by `naming`; numeric runs of men become ranges. */
export function makeFenIn(naming: SquareNaming, setup: Setup): string {
  return writeFen(naming.names, setup);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}
