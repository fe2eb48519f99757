/**
 * Replaying a PDN game: from its FEN tag or the variant's start, every move of the main line and
 * of every variation is matched against the legal moves with `matchMove`, after its squares are
 * translated from the file's naming into the variant's. The first move that is not legal stops the
 * replay and is reported with its ply, its text, where it is in the file and why.
 *
 * Real files are read as their writers meant them, by rules that hold for any file, never for one
 * game: a short capture that fits several legal moves is settled by looking ahead (the reading
 * after which the recorded game goes on), else refused naming every reading; a GameType whose
 * numbering the moves do not fit (PlayOK exports say N1 and write the standard numbers) is
 * replayed in the variant's own numbering; a FEN with `?` for the side to move starts with the
 * side the moves fit. Each such assumption is a warning on the replayed game.
 *
 * Replay uses `Position` directly: it needs nothing of a game's history but the positions.
 */
import { err, ok, type Color, type Result } from '../types.ts';
import { Position, type Move } from '../position.ts';
import type { Variant } from '../variant.ts';
import { formatMove, matchMove, type MoveError } from '../notation/moves.ts';
import {
  formatGameType,
  getTag,
  plyLabel,
  resolveSetting,
  startingSides,
  withGameType,
} from './game-type.ts';
import { namingFor, translateMove, translateFen, type SquareNaming } from './naming.ts';
import { resultFirst, resultWinner, type PdnGame, type PdnLine, type PdnMove } from './types.ts';

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
  /** The whole move tree, each written move with the legal move it was read as. */
  readonly line: MatchedLine;
  /** Whose score the result marker gives first (`resultFirst`, or what the final position proves). */
  readonly resultFirst: Color;
  /** Who won by the result marker, read with `resultFirst`. */
  readonly winner: ReturnType<typeof resultWinner>;
  /** What the replay had to assume to read the file, in words (empty for a standard file). */
  readonly warnings: readonly string[];
  /** The GameType the game was read as when its tags name none (`20` for International). */
  readonly untaggedGameType?: string;
}

/** A line of a game with every written move matched to a legal move. */
export interface MatchedLine {
  readonly written: PdnLine;
  readonly moves: ReadonlyArray<{
    readonly written: PdnMove;
    readonly move: Move;
    readonly before: Position;
    readonly variations: readonly MatchedLine[];
  }>;
}

/** The start position a game's tags describe; `?` for the side to move reads as `turn`. */
export function startPosition(
  game: PdnGame,
  variant: Variant,
  naming: SquareNaming,
  turn?: Color,
): Result<Position, ReplayError> {
  let fen = getTag(game.tags, 'FEN');
  const first = startingSides(game.tags).firstPlayer;
  if (fen === undefined || fen.trim() === '') {
    const start = Position.start(variant);
    if (start.turn === first) return ok(start);
    // a GameType naming the other start colour (Thai's standard `31,B,…`): same men, other mover
    const other = Position.fromSetup(variant, { ...start.setup(), turn: first });
    return other.ok ? other : err({ kind: 'fen', message: other.error.message });
  }
  if (fen.length > 4096) {
    return err({ kind: 'fen', message: 'FEN tag longer than 4096 characters' });
  }
  // PDN 3.0's FEN allows `?` for an unknown side to move
  const unknown = /^\s*"?\s*\?/.exec(fen);
  if (unknown) {
    const side = (turn ?? first) === 'white' ? 'W' : 'B';
    fen = fen.slice(0, unknown[0].length - 1) + side + fen.slice(unknown[0].length);
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

/** Every legal move a written move can mean in a position (at least one), or why none. */
export function readWritten(
  position: Position,
  text: string,
  naming: SquareNaming,
): Result<readonly Move[], MoveError> {
  if (naming.native) {
    const moves = matchMove(position, text);
    if (moves.ok) return ok(moves.value.moves);
    // only a square the variant does not name is worth a second look in the other common form
    if (moves.error.code !== 'unknownSquare') return moves;
    const translated = translateMove(text, naming, position.variant.squares.names);
    if (!translated.ok) {
      return err(
        moves.error.at >= translated.error.at
          ? moves.error
          : { ...translated.error, code: 'unknownSquare' },
      );
    }
    const again = matchMove(position, translated.value);
    return again.ok ? ok(again.value.moves) : again;
  }
  const translated = translateMove(text, naming, position.variant.squares.names);
  if (!translated.ok) return err({ ...translated.error, code: 'unknownSquare' });
  const moves = matchMove(position, translated.value);
  return moves.ok ? ok(moves.value.moves) : moves;
}

/** Match one written move in a position; several fitting moves are an error naming them all. */
export function playWritten(
  position: Position,
  text: string,
  naming: SquareNaming,
): Result<Move, { at: number; message: string }> {
  const moves = readWritten(position, text, naming);
  if (!moves.ok) return moves;
  if (moves.value.length === 1) return ok(moves.value[0]!);
  return err({ at: 0, message: ambiguity(position, text, moves.value) });
}

function ambiguity(position: Position, text: string, moves: readonly Move[]): string {
  const all = moves.map((m) => formatMove(position, m, { full: true })).join(' or ');
  return `ambiguous: '${text.trim()}' fits ${moves.length} legal moves: ${all}; write the full path`;
}

/** How many moves the look-ahead may try in all before it gives up deciding. */
const LOOK_AHEAD_BUDGET = 2_000;

/**
 * Does the rest of a line (`moves` from `from`) replay from `position`? Later moves that fit
 * several legal moves are tried each way. Running out of budget counts as yes: it cannot rule the
 * reading out.
 */
function goesOn(
  position: Position,
  moves: readonly PdnMove[],
  from: number,
  naming: SquareNaming,
  budget: { left: number },
): boolean {
  let p = position;
  for (let i = from; i < moves.length; i++) {
    if (--budget.left < 0) return true;
    const readings = readWritten(p, moves[i]!.text, naming);
    if (!readings.ok) return false;
    if (readings.value.length > 1) {
      return readings.value.some((m) => goesOn(p.play(m), moves, i + 1, naming, budget));
    }
    p = p.play(readings.value[0]!);
  }
  return true;
}

interface LineContext {
  readonly naming: SquareNaming;
  readonly label: (ply: number) => string;
  readonly warnings: string[];
}

/** Match a line and its variations; the first move that is not legal is the error. */
function matchLine(
  line: PdnLine,
  start: Position,
  ply: number,
  inVariation: boolean,
  context: LineContext,
): Result<MatchedLine, ReplayError> {
  let position = start;
  const out: Array<MatchedLine['moves'][number]> = [];
  for (let i = 0; i < line.moves.length; i++) {
    const written: PdnMove = line.moves[i]!;
    const fail = (message: string) =>
      err<ReplayError>({
        kind: 'move',
        message,
        ply: ply + i + 1,
        label: context.label(ply + i),
        text: written.text,
        ...(written.at ? { line: written.at.line, column: written.at.column } : {}),
        inVariation,
        position,
      });
    const readings = readWritten(position, written.text, context.naming);
    if (!readings.ok) return fail(readings.error.message);
    let move = readings.value[0]!;
    if (readings.value.length > 1) {
      // the reading after which the recorded game goes on
      const budget = { left: LOOK_AHEAD_BUDGET };
      const viable = readings.value.filter((m) =>
        goesOn(position.play(m), line.moves, i + 1, context.naming, budget),
      );
      if (viable.length !== 1) {
        return fail(ambiguity(position, written.text, viable.length > 1 ? viable : readings.value));
      }
      move = viable[0]!;
      context.warnings.push(
        `${context.label(ply + i)} ${written.text.trim()} fits ${readings.value.length} moves; ` +
          `read as ${formatMove(position, move, { full: true })}, the only one the next moves follow`,
      );
    }
    // variations are written after the move they replace, and start where it started
    const variations: MatchedLine[] = [];
    for (const variation of written.variations) {
      const matched = matchLine(variation, position, ply + i, true, context);
      if (!matched.ok) return matched;
      variations.push(matched.value);
    }
    out.push({ written, move, before: position, variations });
    position = position.play(move);
  }
  return ok({ written: line, moves: out });
}

/** Replay with one naming and one side to move for a `?` FEN. */
function replayWith(
  game: PdnGame,
  variant: Variant,
  naming: SquareNaming,
  turn: Color | undefined,
): Result<ReplayedGame, ReplayError> {
  const start = startPosition(game, variant, naming, turn);
  if (!start.ok) return start;
  const sides = startingSides(game.tags);
  const first = sides.firstPlayer;
  const offset = (turn ?? sides.turn) === first ? 0 : 1;
  const label = (ply: number) => plyLabel(ply, game.startNumber, offset);
  const warnings: string[] = [];
  const matched = matchLine(game.moves, start.value, 0, false, { naming, label, warnings });
  if (!matched.ok) return matched;
  const moves = matched.value.moves.map((m) => m.move);
  const positions = matched.value.moves.map((m) => m.before);
  const last = matched.value.moves[matched.value.moves.length - 1];
  positions.push(last ? last.before.play(last.move) : start.value);
  return ok({
    variant,
    naming,
    start: start.value,
    moves,
    positions,
    line: matched.value,
    ...readResultOf(game, variant, positions[positions.length - 1]!, warnings),
    warnings,
  });
}

/**
 * Who won, by the marker read the variant's way (`resultFirst`) — unless the final position proves
 * the file writes the other side's score first (the side to move has no move, and only the other
 * reading names the winner), as Damka's own English files did before it followed CheckerBoard.
 */
function readResultOf(
  game: PdnGame,
  variant: Variant,
  final: Position,
  warnings: string[],
): { resultFirst: Color; winner: ReturnType<typeof resultWinner> } {
  const usual = resultFirst(variant.rules.firstPlayer);
  const other: Color = usual === 'white' ? 'black' : 'white';
  const winner = resultWinner(game.result, usual);
  if (final.legalMoves().length === 0) {
    const proven: Color =
      variant.rules.noMoveMeans === 'win' ? final.turn : final.turn === 'white' ? 'black' : 'white';
    if (winner !== proven && resultWinner(game.result, other) === proven) {
      warnings.push(
        `the result ${game.result} is written with ${other}'s score first (${proven} has won on the board)`,
      );
      return { resultFirst: other, winner: proven };
    }
  }
  return { resultFirst: usual, winner };
}

/**
 * The standard games tried, in this order, for a game whose tags name none and whose moves are not
 * International (PDN's default): English first, the game of most untagged files (CheckerBoard's).
 */
const GUESSED_GAME_TYPES = ['21', '22', '25', '29', '26', '24', '28', '30'];

/** The 8x8 games of `GUESSED_GAME_TYPES`, with the standard numbering 1-32 (not Turkish). */
const EIGHT_BY_EIGHT_GAME_TYPES = GUESSED_GAME_TYPES.filter((t) => t !== '30');

/** Every square number of a line's moves and their variations, or null when one is not numeric. */
function moveNumbers(line: PdnLine, out: number[]): number[] | null {
  for (const move of line.moves) {
    if (!/^\d+([-x:]\d+)+$/.test(move.text)) return null;
    for (const n of move.text.split(/[-x:]/)) out.push(Number(n));
    for (const v of move.variations) if (!moveNumbers(v, out)) return null;
  }
  return out;
}

/**
 * A set-up game written wholly in numbers that never name a square above 32, like the problems of
 * an English book, whose files often carry no GameType tag.
 */
function fitsEightByEight(game: PdnGame): boolean {
  const fen = getTag(game.tags, 'FEN');
  if (fen === undefined || !/^[\s"?:,.\-0-9WBK]*$/i.test(fen)) return false;
  const numbers = moveNumbers(game.moves, []);
  if (!numbers) return false;
  for (const m of fen.matchAll(/\d+/g)) numbers.push(Number(m[0]));
  return numbers.every((n) => n >= 1 && n <= 32); // an empty board (`W::`) fits any
}

/**
 * Replay a game's main line and variations; the first illegal move is the error. A game whose
 * tags name no GameType or Variant is International, as PDN says; when its moves are not, the
 * first standard game they replay in is taken, with a warning. `eightByEight` (set by
 * `replayGames` for a file of such positions) reads a set-up position whose numbers all fit an
 * 8x8 board as the first 8x8 standard game it replays in, also with a warning.
 */
export function replayGame(game: PdnGame, eightByEight = false): Result<ReplayedGame, ReplayError> {
  const replay = replayTagged(game);
  if (!isUntagged(game)) return replay;
  if (replay.ok && eightByEight && fitsEightByEight(game)) {
    for (const gameType of EIGHT_BY_EIGHT_GAME_TYPES) {
      const guess = replayTagged(withGameType(game, gameType));
      if (!guess.ok) continue;
      const warning =
        `no GameType tag, and no set-up position of this file names a square above 32: read as ` +
        `${guess.value.variant.id} (GameType ${gameType}), the first 8x8 standard game it replays in`;
      return ok({
        ...guess.value,
        warnings: [warning, ...guess.value.warnings],
        untaggedGameType: gameType,
      });
    }
  }
  if (replay.ok) return ok({ ...replay.value, untaggedGameType: '20' });
  let furthest = replay.error;
  for (const gameType of GUESSED_GAME_TYPES) {
    const guess = replayTagged(withGameType(game, gameType));
    if (!guess.ok) {
      const e = guess.error;
      if (e.kind === 'move' && (e.ply ?? 0) > (furthest.ply ?? 0)) {
        const id = resolveSetting(new Map([['GameType', gameType]]));
        const name = id.ok ? id.value.variant.id : gameType;
        furthest = {
          ...e,
          message: `${e.message} (no GameType tag; read as ${name}, the game the moves fit longest)`,
        };
      }
      continue;
    }
    const warning =
      `no GameType tag, and the moves are not International: read as ${guess.value.variant.id} ` +
      `(GameType ${gameType}), the first standard game they replay in`;
    return ok({
      ...guess.value,
      warnings: [warning, ...guess.value.warnings],
      untaggedGameType: gameType,
    });
  }
  return err(furthest);
}

function isUntagged(game: PdnGame): boolean {
  return getTag(game.tags, 'GameType') === undefined && getTag(game.tags, 'Variant') === undefined;
}

/**
 * Replay the games of one file. The untagged games of a file are one game as a rule, so each
 * untagged game is read, when it can be, as the game most of them replay in — a Czech game whose
 * moves happen to be legal Russian too is read as Czech beside the Czech games around it. A file
 * of several untagged set-up positions none of which names a square above 32 (an English problem
 * book) is read as 8x8, not as International, which would crowd every piece into the top rows;
 * one such position alone keeps PDN's default. `onGame` is told before each game is replayed.
 */
export function replayGames(
  games: readonly PdnGame[],
  onGame?: (index: number, count: number) => void,
): Array<Result<ReplayedGame, ReplayError>> {
  const setUp = games.filter((g) => isUntagged(g) && getTag(g.tags, 'FEN') !== undefined);
  const eightByEight = setUp.length >= 2 && setUp.every(fitsEightByEight);
  const replays = games.map((game, i) => {
    onGame?.(i, games.length);
    return replayGame(game, eightByEight);
  });
  const votes = new Map<string, number>();
  for (const r of replays) {
    const gameType = r.ok ? r.value.untaggedGameType : undefined;
    if (gameType !== undefined) votes.set(gameType, (votes.get(gameType) ?? 0) + 1);
  }
  let usual: string | undefined;
  for (const [gameType, n] of votes)
    if (usual === undefined || n > votes.get(usual)!) usual = gameType;
  if (usual === undefined || (votes.size === 1 && replays.every((r) => r.ok))) return replays;
  return replays.map((r, i) => {
    const game = games[i]!;
    if (!isUntagged(game) || (r.ok && r.value.untaggedGameType === usual)) return r;
    const again = replayTagged(withGameType(game, usual));
    if (!again.ok) return r;
    const name = again.value.variant.id;
    const warning =
      `no GameType tag: read as ${name} (GameType ${usual}), ` +
      `the game most untagged games of this file replay in`;
    return ok({
      ...again.value,
      warnings: [warning, ...again.value.warnings],
      untaggedGameType: usual,
    });
  });
}

function replayTagged(game: PdnGame): Result<ReplayedGame, ReplayError> {
  const setting = resolveSetting(game.tags);
  if (!setting.ok) return err({ kind: 'setting', message: setting.error });
  const { variant, naming } = setting.value;
  const unknownTurn = /^\s*"?\s*\?/.test(getTag(game.tags, 'FEN') ?? '');
  const first = setting.value.firstPlayer;
  const turns: Array<Color | undefined> = unknownTurn
    ? [first, first === 'white' ? 'black' : 'white']
    : [undefined];
  const native = namingFor(variant);
  const namings = naming.native ? [naming] : [naming, native];
  let firstError: ReplayError | undefined;
  for (const n of namings) {
    for (const turn of turns) {
      const replay = replayWith(game, variant, n, turn);
      if (!replay.ok) {
        firstError ??= replay.error;
        continue;
      }
      const warnings = [...replay.value.warnings];
      if (turn !== undefined) {
        warnings.unshift(`the FEN gives '?' for the side to move; ${turn} moves first`);
      }
      if (n !== naming) {
        const gameType = getTag(game.tags, 'GameType')?.trim() ?? '';
        warnings.unshift(
          `the moves do not fit the squares of GameType '${gameType}' but fit the standard ` +
            `numbering of ${variant.id} ('${formatGameType(variant)}'); read in that numbering`,
        );
      }
      return ok({ ...replay.value, warnings });
    }
  }
  return err(firstError!);
}
