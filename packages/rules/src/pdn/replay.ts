/**
 * Replaying a PDN game: from its FEN tag or the variant's start, every move of the main line and
 * of every variation is matched against the legal moves with `parseMove`, after its squares are
 * translated from the file's naming into the variant's. The first move that is not legal stops the
 * replay and is reported with its ply, its text, where it is in the file and why.
 *
 * Replay uses `Position` directly: it needs nothing of a game's history but the positions.
 */
import { err, ok, type Result } from '../types.ts';
import { Position, type Move } from '../position.ts';
import type { Variant } from '../variant.ts';
import { parseMove } from '../notation/moves.ts';
import { getTag, plyLabel, resolveSetting, startingSides } from './game-type.ts';
import { translateFen, translateMove, type SquareNaming } from './naming.ts';
import type { PdnGame, PdnLine, PdnMove } from './types.ts';

/** Why a game does not replay. */
export interface ReplayError {
  /** `setting`: the tags name no playable variant; `fen`: the FEN tag; `move`: an illegal move. */
  readonly kind: 'setting' | 'fen' | 'move';
  readonly message: string;
  /** 1-based ply of the move from the game's start (variation moves count from there too). */
  readonly ply?: number;
  /** Its move-number label, `12.` or `12...`. */
  readonly label?: string;
  /** The move as written. */
  readonly text?: string;
  /** Where the move is in the file, when known. */
  readonly line?: number;
  readonly column?: number;
  /** True when the move is inside a variation. */
  readonly inVariation?: boolean;
  /** The position the move was tried in. */
  readonly position?: Position;
}

/** A game that replays: its rules, naming, start, main-line moves and the positions they lead to. */
export interface ReplayedGame {
  readonly variant: Variant;
  readonly naming: SquareNaming;
  readonly start: Position;
  /** Main-line moves in order. */
  readonly moves: readonly Move[];
  /** `positions[i]` is the position before `moves[i]`; the last entry is the final position. */
  readonly positions: readonly Position[];
}

/** The start position a game's tags describe. */
export function startPosition(
  game: PdnGame,
  variant: Variant,
  naming: SquareNaming,
): Result<Position, ReplayError> {
  const fen = getTag(game.tags, 'FEN');
  if (fen === undefined || fen.trim() === '') return ok(Position.start(variant));
  if (fen.length > 4096) {
    return err({ kind: 'fen', message: 'FEN tag longer than 4096 characters' });
  }
  const direct = naming.native ? Position.fromFen(variant, fen) : undefined;
  if (direct?.ok) return ok(direct.value);
  // squares in another naming (always, or as a fallback when the variant's own names fail)
  const translated = translateFen(fen, naming, variant.squares.names);
  if (!translated.ok) {
    // report whichever reading got further into the text
    if (
      direct &&
      !direct.ok &&
      ('at' in direct.error ? direct.error.at : 0) >= translated.error.at
    ) {
      return err(fenError(direct.error, true));
    }
    return err({
      kind: 'fen',
      message: `FEN at character ${translated.error.at + 1}: ${translated.error.message}`,
    });
  }
  const position = Position.fromFen(variant, translated.value);
  if (!position.ok)
    return err(fenError(direct && !direct.ok ? direct.error : position.error, !!direct));
  return ok(position.value);
}

function fenError(error: { message: string; at?: number }, offsetsValid: boolean): ReplayError {
  const at = offsetsValid && error.at !== undefined ? ` at character ${error.at + 1}` : '';
  return { kind: 'fen', message: `FEN${at}: ${error.message}` };
}

/** Match one written move in a position. */
export function playWritten(
  position: Position,
  text: string,
  naming: SquareNaming,
): Result<Move, { at: number; message: string }> {
  if (naming.native) {
    const move = parseMove(position, text);
    if (move.ok) return move;
    // only a square the variant does not name is worth a second look in the other common form
    if (move.error.code !== 'unknownSquare') return err(move.error);
    const translated = translateMove(text, naming, position.variant.squares.names);
    if (!translated.ok)
      return err(move.error.at >= translated.error.at ? move.error : translated.error);
    const again = parseMove(position, translated.value);
    return again.ok ? again : err(again.error);
  }
  const translated = translateMove(text, naming, position.variant.squares.names);
  if (!translated.ok) return translated;
  const move = parseMove(position, translated.value);
  if (!move.ok) return err({ at: move.error.at, message: move.error.message });
  return ok(move.value);
}

/** Replay a game's main line and variations; the first illegal move is the error. */
export function replayGame(game: PdnGame): Result<ReplayedGame, ReplayError> {
  const setting = resolveSetting(game.tags);
  if (!setting.ok) return err({ kind: 'setting', message: setting.error });
  const { variant, naming } = setting.value;
  const start = startPosition(game, variant, naming);
  if (!start.ok) return start;
  const { firstPlayer, turn } = startingSides(game.tags);
  const label = (ply: number) => plyLabel(ply, game.startNumber, turn === firstPlayer ? 0 : 1);
  const moves: Move[] = [];
  const positions: Position[] = [start.value];
  const failure = replayLine(game.moves, start.value, 0, false, naming, label, (move, after) => {
    moves.push(move);
    positions.push(after);
  });
  if (failure) return err(failure);
  return ok({ variant, naming, start: start.value, moves, positions });
}

function replayLine(
  line: PdnLine,
  start: Position,
  ply: number,
  inVariation: boolean,
  naming: SquareNaming,
  label: (ply: number) => string,
  onMove?: (move: Move, after: Position) => void,
): ReplayError | undefined {
  let position = start;
  for (let i = 0; i < line.moves.length; i++) {
    const written: PdnMove = line.moves[i]!;
    const move = playWritten(position, written.text, naming);
    if (!move.ok) {
      return {
        kind: 'move',
        message: move.error.message,
        ply: ply + i + 1,
        label: label(ply + i),
        text: written.text,
        ...(written.at ? { line: written.at.line, column: written.at.column } : {}),
        inVariation,
        position,
      };
    }
    const after = position.play(move.value);
    onMove?.(move.value, after);
    // variations are written after the move they replace, and start where it started
    for (const variation of written.variations) {
      const failure = replayLine(variation, position, ply + i, true, naming, label);
      if (failure) return failure;
    }
    position = after;
  }
  return undefined;
}
