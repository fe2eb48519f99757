/**
 * Rewriting a PDN game in another square notation: numeric (the board's English-diagram / FMJD
 * numbering, or the variant's own numbers where it has them), algebraic (a1…) or Russian short
 * notation (`ed4`).
 *
 * Every move is first replayed — only a legal move can be renamed with certainty — then written
 * again from the matched `Move`: start and end square, or the whole route when the file gave more
 * than two squares, with the file's own separator. The FEN tag is rewritten, the GameType tag says
 * the new notation, and every other tag, comment, NAG and variation is kept.
 */
import { err, ok, type Result } from '../types.ts';
import type { Move, Position } from '../position.ts';
import { writeFen, type Setup } from '../fen.ts';
import { formatGameType, startingSides } from './game-type.ts';
import { namingFor, type SquareNaming } from './naming.ts';
import { replayGame, type MatchedLine, type ReplayError } from './replay.ts';
import type { PdnGame, PdnLine, PdnMove } from './types.ts';

/**
 * `numeric`, `algebraic`, or `short`: Russian short notation (`ed4`: the file the piece leaves and
 * the square it ends on; the full `c1-d2` where two pieces of a file reach the same square), for
 * boards named a1… (Russian, Brazilian, Czech, Turkish and the other algebraic boards).
 */
export type PdnNotation = 'numeric' | 'algebraic' | 'short';

/** The game with its squares written in `notation`, or the first move that does not replay. */
export function convertGame(game: PdnGame, notation: PdnNotation): Result<PdnGame, ReplayError> {
  const replay = replayGame(game);
  if (!replay.ok) return replay;
  const { variant, start, line } = replay.value;
  const target = namingFor(variant, notation === 'numeric' ? 'numeric' : 'algebraic');
  const short = notation === 'short';
  if (short && (target.corner !== 0 || !target.native)) {
    return err({
      kind: 'setting',
      message: `short notation is for boards named a1…, not ${variant.id}`,
    });
  }
  const first = startingSides(game.tags).firstPlayer;
  const tags = new Map<string, string>();
  let wroteGameType = false;
  for (const [name, value] of game.tags) {
    if (name.toLowerCase() === 'gametype') {
      tags.set(name, formatGameType(variant, target, first));
      wroteGameType = true;
    } else if (name.toLowerCase() === 'fen' && value.trim() !== '') {
      tags.set(name, makeFenIn(target, start.setup()));
    } else tags.set(name, value);
  }
  if (!wroteGameType) tags.set('GameType', formatGameType(variant, target, first));
  return ok({ ...game, tags, moves: renameLine(line, target, short) });
}

function renameLine(line: MatchedLine, to: SquareNaming, short: boolean): PdnLine {
  return {
    comments: line.written.comments,
    moves: line.moves.map((m): PdnMove => ({
      ...m.written,
      text: (short && shortMove(m.before, m.move)) || renameMove(m.move, m.written.text, to.names),
      variations: m.variations.map((v) => renameLine(v, to, short)),
    })),
  };
}

/**
 * A move in Russian short notation (`ed4`), or undefined when another legal move leaves the same
 * file for the same square (then the full form is written) or the move is a king split.
 */
export function shortMove(position: Position, move: Move): string | undefined {
  if (move.kind === 'split') return undefined;
  const t = position.variant.topology;
  const names = position.variant.squares.names;
  const file = t.file[move.from]!;
  const rivals = position
    .legalMoves()
    .filter((m) => m !== move && m.kind !== 'split' && m.to === move.to && t.file[m.from] === file);
  if (rivals.length > 0 || !/^[a-z]\d+$/.test(names[move.to]!)) return undefined;
  return String.fromCharCode(97 + file) + names[move.to]!;
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
