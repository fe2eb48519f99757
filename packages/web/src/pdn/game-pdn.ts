/**
 * The web app's games as PDN 3.0 and back: a `SavedGame` written as one PDN game (tags, moves in
 * the variant's notation, result), and the games of a PDN text turned into `SavedGame`s to open on
 * the game screen.
 *
 * Everything PDN-specific — reading, writing, the GameType/Variant tags, replaying written moves —
 * is `@damka/rules`'s (`parsePdn`, `writePdn`, `variantTags`, `replayGame`); this module only maps
 * between that model and the app's record, so it is pure and tested in Node. Moves are taken from
 * the replayed game, never from the text, so an imported game holds only legal moves.
 */
import {
  decodePdn,
  encodingWarning,
  isPdnResult,
  parsePdn,
  replayGame,
  replayGames,
  resolveSetting,
  resultMarker,
  resultWinner,
  variantTags,
  writePdn,
  type Color,
  type PdnGame,
  type PdnLine,
  type PdnMove,
  type PdnResult,
  type ReplayedGame,
} from '@damka/rules';
import { levelOf } from '../computer/client.ts';
import {
  IMPORTED_TAGS,
  entryOf,
  replay,
  startPosition,
  unchangedImport,
  type GameResult,
  type ImportedHeader,
  type SavedGame,
} from '../game/record.ts';

/** What the PDN header says about who played and where, beyond what the game record holds. */
export interface PdnHeader {
  /** When the file is written (the Date tag and the file name). */
  readonly date: Date;
  /** The Site tag; `?` (unknown, as PDN writes it) when not given. */
  readonly site?: string;
}

/** PDN's `YYYY.MM.DD`. */
export function pdnDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
}

/** `damka-<variant>-<YYYY-MM-DD>.pdn` */
export function pdnFileName(variant: string, date: Date): string {
  return `damka-${variant}-${pdnDate(date).replace(/\./g, '-')}.pdn`;
}

/**
 * The result marker for a game's result: White's score first, but Black's in English draughts
 * (Black moves first), as CheckerBoard and the OCA archive read it (`resultMarker` of the rules).
 */
export function resultMarkerOf(result: GameResult | null, firstPlayer: Color): PdnResult {
  if (!result) return '*';
  return resultMarker(result.winner ?? 'draw', firstPlayer);
}

/** The White and Black tags: "Player" and "Damka level N" against the computer, else the colours. */
export function playerNames(game: SavedGame): Record<Color, string> {
  if (game.mode === 'computer' && game.computer) {
    const engine = `Damka level ${levelOf(game.level)}`;
    return game.computer === 'white'
      ? { white: engine, black: 'Player' }
      : { white: 'Player', black: engine };
  }
  return { white: 'White', black: 'Black' };
}

/**
 * A saved game as a PDN game. Moves are written in the variant's notation as the move list shows
 * them. A burned piece (huff house rule) has no PDN form: the moves before the first burn are
 * written as moves, and the burn with everything after it goes into a comment, so the file still
 * reads and replays and nothing played is lost.
 */
export function savedGameToPdn(game: SavedGame, header: PdnHeader): PdnGame {
  const r = replay(game);
  const names = playerNames(game);
  // an imported game not played on since keeps its file's players, event, date and result
  const kept = unchangedImport(game, r.entries.length);
  const keptResult = kept && !r.result && isPdnResult(kept.result) ? kept.result : null;
  const marker = keptResult ?? resultMarkerOf(r.result, r.variant.rules.firstPlayer);
  const tags = new Map<string, string>([
    ['Event', kept?.tags.Event ?? 'Damka'],
    ['Site', kept?.tags.Site ?? (header.site?.trim() || '?')],
    ['Date', kept?.tags.Date ?? pdnDate(header.date)],
    ...(kept?.tags.Round !== undefined ? [['Round', kept.tags.Round] as [string, string]] : []),
    ['White', kept?.tags.White ?? names.white],
    ['Black', kept?.tags.Black ?? names.black],
    ['Result', marker],
  ]);
  for (const [name, value] of variantTags(r.variant)) tags.set(name, value);
  if (game.setup.fen !== undefined && game.setup.fen.trim() !== '') {
    tags.set('FEN', r.positions[0]!.fen);
  }
  const moves: PdnMove[] = [];
  const firstBurn = r.entries.findIndex((e) => e.type === 'burn');
  const written = firstBurn < 0 ? r.notation : r.notation.slice(0, firstBurn);
  for (const text of written) moves.push({ text, nags: [], comments: [], variations: [] });
  if (firstBurn >= 0) {
    const rest = r.entries.slice(firstBurn).map((e, i) => {
      const text = r.notation[firstBurn + i]!;
      return e.type === 'burn' ? `burned ${text}` : text;
    });
    const note = `PDN has no form for burned pieces (huff); the game went on: ${rest.join(' ')}`;
    if (moves.length > 0) {
      const lastMove = moves[moves.length - 1]!;
      moves[moves.length - 1] = { ...lastMove, comments: [note] };
      return { tags, moves: { comments: [], moves }, result: marker, startNumber: 1 };
    }
    return { tags, moves: { comments: [note], moves }, result: marker, startNumber: 1 };
  }
  return { tags, moves: { comments: [], moves }, result: marker, startNumber: 1 };
}

/** A saved game as PDN text (one game, ending with a newline). */
export function savedGameToPdnText(game: SavedGame, header: PdnHeader): string {
  return writePdn([savedGameToPdn(game, header)]);
}

/** One game of a PDN text as the import dialog lists it. */
export interface PdnListing {
  /** 0-based place in the file. */
  readonly index: number;
  readonly white: string;
  readonly black: string;
  readonly event: string;
  readonly date: string;
  readonly result: string;
  /** Who won by the result, read the variant's way (Black's score first in English). */
  readonly winner: 'white' | 'black' | 'draw' | 'none' | 'unknown';
  /** The game opened as a friend game, or why it cannot be. */
  readonly game: { ok: true; value: SavedGame; plies: number } | { ok: false; error: string };
}

/** A tag's value (any letter case), or `fallback` when absent or blank. */
function tagOr(game: PdnGame, name: string, fallback: string): string {
  for (const [key, value] of game.tags) {
    if (key.toLowerCase() === name.toLowerCase()) return value.trim() || fallback;
  }
  return fallback;
}

/**
 * The game a PDN game describes, ready to open on the game screen against a friend: its variant
 * and options from the GameType/Variant/VariantOptions tags, its start from the FEN tag, and the
 * main line's moves (variations and comments are not kept). Refused with a message when the tags
 * name no Damka variant, the FEN does not fit, or a move is not legal.
 */
export function pdnGameToSaved(
  game: PdnGame,
  id: string,
): { ok: true; value: SavedGame; plies: number } | { ok: false; error: string } {
  return openGame(game, replayGame(game), id).game;
}

/** The game opened from its replay, and who won by its result marker. */
function openGame(
  game: PdnGame,
  replayed: ReturnType<typeof replayGame>,
  id: string,
): { game: PdnListing['game']; winner: PdnListing['winner'] } {
  if (replayed.ok) {
    const opened = savedFrom(game, replayed.value, id);
    return { game: opened, winner: replayed.value.winner };
  }
  const setting = resolveSetting(game.tags);
  const first = setting.ok ? setting.value.variant.rules.firstPlayer : 'white';
  const e = replayed.error;
  if (e.kind !== 'move')
    return { game: { ok: false, error: e.message }, winner: resultWinner(game.result, first) };
  const where = e.line !== undefined ? `line ${e.line}, column ${e.column ?? 1}: ` : '';
  const move = e.label ? `${e.label} ${e.text ?? ''}`.trim() : (e.text ?? '');
  return {
    game: { ok: false, error: `${where}${move ? `${move}: ` : ''}${e.message}` },
    winner: resultWinner(game.result, first),
  };
}

function savedFrom(
  game: PdnGame,
  replayed: ReplayedGame,
  id: string,
): { ok: true; value: SavedGame; plies: number } | { ok: false; error: string } {
  const { variant, start, moves } = replayed;
  const hasFen = tagOr(game, 'FEN', '') !== '';
  const setup = hasFen
    ? { variant: variant.id, options: variant.options, fen: start.fen }
    : { variant: variant.id, options: variant.options };
  if (!startPosition(setup).ok) return { ok: false, error: 'the start position does not load' };
  const value: SavedGame = {
    id,
    setup,
    entries: moves.map(entryOf),
    mode: 'friend',
    computer: null,
    resigned: null,
    imported: importedHeader(game, moves.length),
  };
  return { ok: true, value, plies: moves.length };
}

/** The tags of `game` that describe it, as written, and its result marker. */
function importedHeader(game: PdnGame, plies: number): ImportedHeader {
  const tags: Partial<Record<(typeof IMPORTED_TAGS)[number], string>> = {};
  for (const name of IMPORTED_TAGS) {
    const value = tagOr(game, name, '');
    if (value !== '') tags[name] = value;
  }
  const variations = variationsIn(game.moves);
  return variations > 0
    ? { tags, result: game.result, plies, variations }
    : { tags, result: game.result, plies };
}

/** The variations of a line, nested ones included (the game keeps its main line only). */
function variationsIn(line: PdnLine): number {
  let n = 0;
  for (const move of line.moves) {
    for (const variation of move.variations) n += 1 + variationsIn(variation);
  }
  return n;
}

/** Every game of a PDN text, each opened or refused with its reason; a broken game never hides the rest. */
export function readPdnGames(text: string, idPrefix = 'pdn'): PdnListing[] {
  const parsed = parsePdn(text);
  // untagged games of one file are read as the game most of them replay in
  const readable = parsed.games.flatMap((g) => (g.ok ? [g.value] : []));
  const replays = replayGames(readable);
  let next = 0;
  return parsed.games.map((g, index) => {
    if (!g.ok) {
      const e = g.error;
      return {
        index,
        white: '?',
        black: '?',
        event: '',
        date: '',
        result: '*',
        winner: 'unknown',
        game: {
          ok: false,
          error: `line ${e.line}, column ${e.column}: ${e.message}${e.text ? ` ('${e.text}')` : ''}`,
        },
      };
    }
    const game = g.value;
    const opened = openGame(game, replays[next++]!, `${idPrefix}-${index}`);
    return {
      index,
      white: tagOr(game, 'White', '?'),
      black: tagOr(game, 'Black', '?'),
      event: tagOr(game, 'Event', ''),
      date: tagOr(game, 'Date', ''),
      result: game.result,
      winner: opened.winner,
      game: opened.game,
    };
  });
}

/**
 * The games of a PDN file's bytes, decoded by what they are (UTF-8 with or without a byte-order
 * mark, UTF-16, else Latin-1 / Windows-1252: never a silent U+FFFD), with the text read, and
 * whether the encoding was a guess the reader should be told of (UTF-16 without its mark).
 */
export function readPdnBytes(
  bytes: Uint8Array,
  idPrefix = 'pdn',
): { text: string; games: PdnListing[]; guessed: boolean } {
  const { text, encoding } = decodePdn(bytes);
  return {
    text,
    games: readPdnGames(text, idPrefix),
    guessed: encodingWarning(encoding) !== undefined,
  };
}

/** What a reader of an imported PDN is given: a file's bytes, or pasted text. */
export type PdnReadRequest =
  | { readonly idPrefix: string; readonly bytes: Uint8Array; readonly text?: undefined }
  | { readonly idPrefix: string; readonly text: string; readonly bytes?: undefined };

export type PdnReadAnswer =
  | {
      readonly ok: true;
      readonly text: string;
      readonly games: PdnListing[];
      /** The file's encoding was guessed (UTF-16 without a byte-order mark): say so. */
      readonly guessed: boolean;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Read `request` (a file's bytes, or pasted text) into its answer: the one reading that the
 * worker (`pdn.worker.ts`) runs, and the page itself where no worker starts (`read-pdn.ts`).
 * Never throws: a failure is the answer's reason.
 */
export function answerPdnRead(request: PdnReadRequest): PdnReadAnswer {
  try {
    if (request.bytes !== undefined) {
      return { ok: true, ...readPdnBytes(request.bytes, request.idPrefix) };
    }
    const games = readPdnGames(request.text, request.idPrefix);
    return { ok: true, text: request.text, games, guessed: false };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}
