/**
 * `damka pdn`: PDN files from the command line.
 *
 * `check` replays every game of a file and prints one line per game — OK, or the first illegal
 * move with its ply, text, place in the file and the reason; `convert` writes the games again with
 * their squares in numeric or algebraic notation. Both read the whole file through the same
 * `parsePdn` / `replayGame` every other part of Damka uses, so the command line judges a file
 * exactly as the web app would.
 */
import { readFile, stat } from 'node:fs/promises';
import {
  MAX_PDN_LENGTH,
  convertGame,
  explainMove,
  getTag,
  parsePdn,
  replayGame,
  resolveSetting,
  translateMove,
  writeGame,
  type PdnError,
  type PdnGame,
  type ReplayError,
  type SquareNaming,
} from '@damka/rules';
import { guard, UsageError, type Io } from '../command.ts';
import { parseCommandLine } from '../args.ts';

export const summary = 'Check PDN files against the rules, or convert their notation';

export const usage = `Usage: damka pdn check FILE
       damka pdn convert FILE --notation numeric|algebraic

check    replays every game of FILE from its FEN tag or the variant's start position and
         prints one line per game: OK, or the first illegal move (ply, move, line and
         column in the file, and why it is not legal). Exit code 1 if any game is bad.
convert  writes every game of FILE to stdout with its squares renamed: numeric (the
         board's English-diagram / FMJD numbering, or the variant's own numbers) or
         algebraic (a1...). Tags, comments, NAGs and variations are kept; the GameType
         tag is updated. Games that do not replay are reported on stderr (exit code 1).

The variant comes from the Variant tag (Damka's), else the GameType tag, else International.

  -n, --notation STYLE    convert: numeric or algebraic; required

Example: damka pdn check games.pdn
         game 1 (Example): OK, 40 plies
         1 game: 1 OK, 0 bad`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values, positionals } = parseCommandLine('pdn', {
    args,
    allowPositionals: true,
    options: { notation: { type: 'string', short: 'n' } },
  });
  const [action, file, ...extra] = positionals;
  if (action !== 'check' && action !== 'convert') {
    throw new UsageError(
      action === undefined
        ? 'pdn needs an action: check or convert (see damka help pdn)'
        : `unknown pdn action '${action}': check or convert (see damka help pdn)`,
    );
  }
  if (file === undefined) throw new UsageError(`pdn ${action} needs a FILE`);
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`);
  if (action === 'check' && values.notation !== undefined) {
    throw new UsageError('--notation belongs to pdn convert');
  }
  const text = await readPdnFile(file);
  if (action === 'check') return check(text, io);
  const notation = values.notation;
  if (notation !== 'numeric' && notation !== 'algebraic') {
    throw new UsageError(
      notation === undefined
        ? 'pdn convert needs --notation numeric or --notation algebraic'
        : `--notation must be numeric or algebraic, not '${notation}'`,
    );
  }
  return convert(text, notation, io);
});

/** The file's text; an unreadable or oversized file is the user's problem (exit 2). */
async function readPdnFile(file: string): Promise<string> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UsageError(`${file} is not a file`);
    if (info.size > MAX_PDN_LENGTH) {
      throw new UsageError(`${file} is larger than ${MAX_PDN_LENGTH} bytes`);
    }
    return await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as { code?: string }).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : String(code ?? error);
    throw new UsageError(`cannot read ${file}: ${reason}`);
  }
}

function title(index: number, game?: PdnGame): string {
  const event = game ? getTag(game.tags, 'Event')?.trim() : undefined;
  return `game ${index + 1}${event ? ` (${event})` : ''}`;
}

function syntaxProblem(error: PdnError): string {
  return `PDN error at line ${error.line}, column ${error.column} near '${error.text}': ${error.message}`;
}

function replayProblem(error: ReplayError, naming?: SquareNaming): string {
  if (error.kind !== 'move')
    return `${error.kind === 'fen' ? 'FEN tag' : 'tags'}: ${error.message}`;
  const where = error.line !== undefined ? ` at line ${error.line}, column ${error.column}` : '';
  const variation = error.inVariation ? ' in a variation' : '';
  const reason = explain(error, naming) ?? error.message;
  return `illegal move${variation}: ply ${error.ply} (${error.label} ${error.text})${where}: ${reason}`;
}

async function check(text: string, io: Io): Promise<number> {
  const { games } = parsePdn(text);
  let good = 0;
  games.forEach((parsed, i) => {
    if (!parsed.ok) {
      io.stdout.write(`${title(i)}: ${syntaxProblem(parsed.error)}\n`);
      return;
    }
    const replay = replayGame(parsed.value);
    if (replay.ok) {
      good++;
      const plies = replay.value.moves.length;
      io.stdout.write(`${title(i, parsed.value)}: OK, ${plies} ${plies === 1 ? 'ply' : 'plies'}\n`);
    } else {
      const naming = namingOf(parsed.value);
      io.stdout.write(`${title(i, parsed.value)}: ${replayProblem(replay.error, naming)}\n`);
    }
  });
  const bad = games.length - good;
  io.stdout.write(
    `${games.length} ${games.length === 1 ? 'game' : 'games'}: ${good} OK, ${bad} bad\n`,
  );
  return bad > 0 ? 1 : 0;
}

async function convert(text: string, notation: 'numeric' | 'algebraic', io: Io): Promise<number> {
  const { games } = parsePdn(text);
  let bad = 0;
  let first = true;
  games.forEach((parsed, i) => {
    if (!parsed.ok) {
      bad++;
      io.stderr.write(`${title(i)}: ${syntaxProblem(parsed.error)}\n`);
      return;
    }
    const converted = convertGame(parsed.value, notation);
    if (!converted.ok) {
      bad++;
      io.stderr.write(
        `${title(i, parsed.value)}: ${replayProblem(converted.error, namingOf(parsed.value))}\n`,
      );
      return;
    }
    io.stdout.write((first ? '' : '\n') + writeGame(converted.value));
    first = false;
  });
  return bad > 0 ? 1 : 0;
}

function namingOf(game: PdnGame): SquareNaming | undefined {
  const setting = resolveSetting(game.tags);
  return setting.ok ? setting.value.naming : undefined;
}

/**
 * The rule that forbids an illegal move, in words (`explainMove`); undefined when the written move
 * does not even name squares, in which case the replay's own message says so.
 */
function explain(error: ReplayError, naming: SquareNaming | undefined): string | undefined {
  const position = error.position;
  if (!position || !naming || error.text === undefined) {
    return undefined;
  }
  const names = position.variant.squares.names;
  const native = naming.native
    ? { ok: true as const, value: error.text }
    : translateMove(error.text, naming, names);
  if (!native.ok) return undefined;
  const route: number[] = [];
  for (const word of native.value.split(/[^0-9A-WYZa-wyz]+/)) {
    if (word === '') continue;
    const sq = position.variant.squares.parse(word);
    if (sq < 0) return undefined; // not squares: the replay's message already says so
    route.push(sq);
  }
  if (route.length < 2) return undefined;
  const explanation = explainMove(
    position,
    route.length > 2 ? { path: route } : { from: route[0]!, to: route[1]! },
  );
  return explanation.legal ? undefined : explanation.text;
}
