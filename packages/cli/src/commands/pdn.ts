/**
 * `damka pdn`: PDN files from the command line.
 *
 * `check` replays every game of many files and folders and prints a line for each game that does
 * not replay (the first illegal move with its ply, text, place in the file and the reason) or that
 * needed an assumption (a warning), a summary per file and one in all; with one file it prints a
 * line for every game. `--json` gives the same for scripts, and a progress bar shows on a
 * terminal. `convert` writes the games again with their squares in numeric, algebraic or Russian
 * short notation. Both read files through the same `decodePdn` / `parsePdn` / `replayGame` every
 * other part of Damka uses, so the command line judges a file exactly as the web app would.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  shown,
  MAX_PDN_LENGTH,
  convertGame,
  decodePdn,
  encodingWarning,
  explainMove,
  getTag,
  parseGameType,
  parsePdn,
  replayGame,
  replayGames,
  resolveSetting,
  translateMove,
  withGameType,
  writeGame,
  type PdnEncoding,
  type PdnError,
  type PdnGame,
  type ReplayError,
  type SquareNaming,
} from '@damka/rules';
import { complain, guard, UsageError, type Io } from '../command.ts';
import { parseCommandLine } from '../args.ts';

export const usage = `Usage: damka pdn check FILE|FOLDER... [--json] [--game-type N]
       damka pdn convert FILE --notation numeric|algebraic|short [--game-type N]

check    replays every game of each FILE, and of every .pdn file in each FOLDER, from
         its FEN tag or the variant's start position. Each game that does not replay
         gets one line: the first illegal move (ply, move, line and column in the
         file, and why it is not legal), or the syntax error. A game read only by
         assuming something (another square numbering, which of two captures was
         meant) gets a warning line. Then a summary for each file and one in all.
         With a single FILE every game gets a line. Exit code 1 if any game is bad,
         or if a file among several has no game in it (exit code 2 for a single one).
convert  writes every game of FILE to stdout with its squares renamed: numeric (the
         board's English-diagram / FMJD numbering, or the variant's own numbers),
         algebraic (a1...) or short (Russian short notation, ed4, on a1... boards).
         Tags, comments, NAGs and variations are kept; the GameType tag is updated.
         Games that do not replay are reported on stderr (exit code 1).

Files may be UTF-8 (with or without a byte-order mark), UTF-16 (a file without a
byte-order mark is recognised by its NUL bytes, with a warning on stderr), or
Latin-1 / Windows-1252. The variant comes from the Variant tag (Damka's), else the
GameType tag, else --game-type, else International.

  -n, --notation STYLE    convert: numeric, algebraic or short; required
  -g, --game-type N       the GameType of games whose tags name none (21 English...)
      --json              check: one JSON object on stdout instead of lines

Example: damka pdn check games.pdn
         game 1 (Example): OK, 40 plies
         1 game: 1 OK, 0 bad
         damka pdn check --game-type 21 tinsley.pdn more-games/`;

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const { values, positionals } = parseCommandLine('pdn', {
    args,
    allowPositionals: true,
    options: {
      notation: { type: 'string', short: 'n' },
      'game-type': { type: 'string', short: 'g' },
      json: { type: 'boolean' },
    },
  });
  const [action, ...paths] = positionals;
  if (action !== 'check' && action !== 'convert') {
    throw new UsageError(
      action === undefined
        ? 'pdn needs an action: check or convert (see damka help pdn)'
        : `unknown pdn action '${action}': check or convert (see damka help pdn)`,
    );
  }
  if (paths.length === 0) throw new UsageError(`pdn ${action} needs a FILE`);
  const gameType = values['game-type'];
  if (gameType !== undefined) {
    const parsed = parseGameType(gameType);
    const setting = resolveSetting(new Map([['GameType', gameType]]));
    if (!parsed.ok || !setting.ok) {
      throw new UsageError(
        `--game-type '${gameType}': ${!parsed.ok ? parsed.error : setting.ok ? '' : setting.error}`,
      );
    }
  }
  if (action === 'check') {
    if (values.notation !== undefined) throw new UsageError('--notation belongs to pdn convert');
    const files = await listFiles(paths);
    return check(
      files,
      { json: values.json === true, gameType, single: isSingleFile(paths, files) },
      io,
    );
  }
  if (values.json !== undefined) throw new UsageError('--json belongs to pdn check');
  if (paths.length > 1) throw new UsageError(`unexpected argument '${paths[1]}'`);
  const notation = values.notation;
  if (notation !== 'numeric' && notation !== 'algebraic' && notation !== 'short') {
    throw new UsageError(
      notation === undefined
        ? 'pdn convert needs --notation numeric, algebraic or short'
        : `--notation must be numeric, algebraic or short, not '${notation}'`,
    );
  }
  const info = await stat(paths[0]!).catch((error: unknown) => unreadable(paths[0]!, error));
  if (!info.isFile()) throw new UsageError(`${paths[0]} is not a file`);
  const { text, encoding } = await readPdnFile(paths[0]!);
  warnOfEncoding(io, paths[0]!, encoding);
  return convert(text, notation, gameType, io);
});

/** A file that cannot be read is the user's problem (exit 2), said in one line. */
function unreadable(file: string, error: unknown): never {
  const code = (error as { code?: string }).code;
  const reason =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EACCES'
        ? 'permission denied'
        : String(code ?? error);
  throw new UsageError(`cannot read ${file}: ${reason}`);
}

interface PdnFile {
  readonly path: string;
  readonly size: number;
}

/** The files named, and the .pdn files under the folders named (sorted), each once. */
async function listFiles(paths: readonly string[]): Promise<PdnFile[]> {
  const out: PdnFile[] = [];
  const seen = new Set<string>();
  const add = (path: string, size: number) => {
    if (!seen.has(path)) out.push({ path, size });
    seen.add(path);
  };
  for (const path of paths) {
    const info = await stat(path).catch((error: unknown) => unreadable(path, error));
    if (info.isFile()) {
      add(path, info.size);
      continue;
    }
    if (!info.isDirectory()) throw new UsageError(`${path} is not a file`);
    const found: PdnFile[] = [];
    await walk(path, found);
    if (found.length === 0) throw new UsageError(`${path} holds no .pdn file`);
    found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const f of found) add(f.path, f.size);
  }
  return out;
}

async function walk(dir: string, out: PdnFile[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) =>
    unreadable(dir, error),
  );
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path, out);
    else if (entry.isFile() && /\.pdn$/i.test(entry.name)) {
      out.push({ path, size: (await stat(path)).size });
    }
  }
}

function isSingleFile(paths: readonly string[], files: readonly PdnFile[]): boolean {
  return paths.length === 1 && files.length === 1 && files[0]!.path === paths[0];
}

/** The file's text, decoded by what its bytes are; too large a file is refused (exit 2). */
async function readPdnFile(file: string): Promise<{ text: string; encoding: PdnEncoding }> {
  const info = await stat(file).catch((error: unknown) => unreadable(file, error));
  if (info.size > MAX_PDN_LENGTH) {
    throw new UsageError(`${file} is larger than ${MAX_PDN_LENGTH} bytes`);
  }
  const bytes = await readFile(file).catch((error: unknown) => unreadable(file, error));
  return decodePdn(bytes);
}

/** A line on stderr when the file's encoding was a guess (UTF-16 without a byte-order mark). */
function warnOfEncoding(io: Io, file: string, encoding: PdnEncoding): void {
  const warning = encodingWarning(encoding);
  if (warning !== undefined) complain(io, `${file}: ${warning}`);
}

function title(index: number, game?: PdnGame): string {
  const event = game ? getTag(game.tags, 'Event')?.trim() : undefined;
  return `game ${index + 1}${event ? ` (${shown(event, 60)})` : ''}`;
}

function syntaxProblem(error: PdnError): string {
  return `PDN error at line ${error.line}, column ${error.column} near '${shown(error.text)}': ${error.message}`;
}

function replayProblem(error: ReplayError, naming?: SquareNaming): string {
  if (error.kind !== 'move')
    return `${error.kind === 'fen' ? 'FEN tag' : 'tags'}: ${error.message}`;
  const where = error.line !== undefined ? ` at line ${error.line}, column ${error.column}` : '';
  const variation = error.inVariation ? ' in a variation' : '';
  const explained = explain(error, naming);
  const guessed = / \(no GameType tag; .*\)$/.exec(error.message)?.[0] ?? '';
  const reason = explained === undefined ? error.message : explained + guessed;
  return `illegal move${variation}: ply ${error.ply} (${error.label} ${shown(error.text ?? '')})${where}: ${reason}`;
}

interface CheckOptions {
  readonly json: boolean;
  readonly gameType: string | undefined;
  /** One FILE named: every game gets a line, as before folders were read. */
  readonly single: boolean;
}

/** One game's verdict, as the JSON output gives it. */
interface GameReport {
  readonly game: number;
  readonly event?: string;
  readonly ok: boolean;
  readonly plies?: number;
  readonly error?: string;
  readonly line?: number;
  readonly column?: number;
  readonly warnings?: readonly string[];
}

interface FileReport {
  readonly file: string;
  /** Why the file could not be read (too large, unreadable) or has no game; it then counts none. */
  readonly error?: string;
  readonly encoding?: PdnEncoding;
  readonly games: number;
  readonly ok: number;
  readonly bad: number;
  readonly warnings: number;
  readonly results: readonly GameReport[];
}

async function check(files: readonly PdnFile[], options: CheckOptions, io: Io): Promise<number> {
  const progress = new Progress(io, files);
  const reports: FileReport[] = [];
  let unreadableFiles = 0;
  for (const file of files) {
    let decoded: { text: string; encoding: PdnEncoding };
    try {
      decoded = await readPdnFile(file.path);
    } catch (error) {
      // with one file named, the file is the command's whole input: a usage error (exit 2)
      if (options.single || !(error instanceof UsageError)) throw error;
      unreadableFiles++;
      const report = { file: file.path, error: error.message, games: 0, ok: 0, bad: 0 };
      reports.push({ ...report, warnings: 0, results: [] });
      if (!options.json) io.stdout.write(`${oneLine(error.message)}\n`); // names the file
      continue;
    }
    const { text, encoding } = decoded;
    if (encodingWarning(encoding) !== undefined) {
      progress.clear();
      warnOfEncoding(io, file.path, encoding);
    }
    const { games } = parsePdn(text);
    if (games.length === 0) {
      // nothing to check is not a clean check: said like a file that cannot be read
      const message = `${file.path}: no game in it (the file is empty or holds no PDN game)`;
      if (options.single) throw new UsageError(message);
      unreadableFiles++;
      reports.push({
        file: file.path,
        error: message,
        games: 0,
        ok: 0,
        bad: 0,
        warnings: 0,
        results: [],
      });
      if (!options.json) io.stdout.write(`${oneLine(message)}\n`);
      continue;
    }
    const results: GameReport[] = [];
    const readable = games.flatMap((g) =>
      g.ok
        ? [options.gameType === undefined ? g.value : withGameType(g.value, options.gameType)]
        : [],
    );
    const where = games.flatMap((g, i) => (g.ok ? [i] : []));
    const replays = replayGames(readable, (i) => progress.update(file, where[i]!, games.length));
    let next = 0;
    games.forEach((parsed, i) => {
      const read = parsed.ok ? ([readable[next]!, replays[next++]!] as const) : undefined;
      results.push(checkGame(parsed, i, read));
    });
    progress.fileDone(file);
    const ok = results.filter((r) => r.ok).length;
    const report: FileReport = {
      file: file.path,
      encoding,
      games: results.length,
      ok,
      bad: results.length - ok,
      warnings: results.filter((r) => r.warnings !== undefined).length,
      results,
    };
    reports.push(report);
    if (!options.json) {
      progress.clear();
      printFile(report, options.single, io);
    }
  }
  progress.clear();
  const total = {
    files: reports.length,
    unreadable: unreadableFiles,
    games: reports.reduce((n, r) => n + r.games, 0),
    ok: reports.reduce((n, r) => n + r.ok, 0),
    bad: reports.reduce((n, r) => n + r.bad, 0),
    warnings: reports.reduce((n, r) => n + r.warnings, 0),
  };
  if (options.json) {
    io.stdout.write(JSON.stringify({ files: reports, total }) + '\n');
  } else if (!options.single) {
    const files = `${total.files} ${total.files === 1 ? 'file' : 'files'}`;
    const skipped = unreadableFiles > 0 ? ` (${unreadableFiles} not read)` : '';
    io.stdout.write(`total: ${files}${skipped}, ${gamesLine(total)}\n`);
  }
  return total.bad > 0 || unreadableFiles > 0 ? 1 : 0;
}

function checkGame(
  parsed: ReturnType<typeof parsePdn>['games'][number],
  index: number,
  read: readonly [PdnGame, ReturnType<typeof replayGame>] | undefined,
): GameReport {
  if (!parsed.ok || read === undefined) {
    const e = parsed.ok ? undefined : parsed.error;
    return {
      game: index + 1,
      ok: false,
      error: e ? syntaxProblem(e) : 'not read',
      ...(e ? { line: e.line, column: e.column } : {}),
    };
  }
  const [game, replay] = read;
  const event = getTag(game.tags, 'Event')?.trim() || undefined;
  const base = { game: index + 1, ...(event ? { event } : {}) };
  if (!replay.ok) {
    const e = replay.error;
    const untagged =
      getTag(game.tags, 'GameType') === undefined &&
      getTag(game.tags, 'Variant') === undefined &&
      !e.message.includes('no GameType tag');
    const hint = untagged
      ? ' (no GameType tag: read as International, and no standard game fits longer; --game-type names the game)'
      : '';
    return {
      ...base,
      ok: false,
      error: replayProblem(e, namingOf(game)) + hint,
      ...(e.line !== undefined ? { line: e.line, column: e.column } : {}),
    };
  }
  const { moves, warnings } = replay.value;
  return {
    ...base,
    ok: true,
    plies: moves.length,
    ...(warnings.length > 0 ? { warnings: warnings.map(oneLine) } : {}),
  };
}

/** Text from a file may hold line breaks; every message is printed on one line. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}

function gamesLine(t: { games: number; ok: number; bad: number }): string {
  return `${t.games} ${t.games === 1 ? 'game' : 'games'}: ${t.ok} OK, ${t.bad} bad`;
}

function printFile(report: FileReport, single: boolean, io: Io): void {
  const prefix = single ? '' : `${report.file}: `;
  for (const r of report.results) {
    const name = `game ${r.game}${r.event ? ` (${oneLine(r.event)})` : ''}`;
    const warned = r.warnings ? `; warning: ${r.warnings.join('; ')}` : '';
    if (!r.ok) io.stdout.write(`${prefix}${name}: ${oneLine(r.error ?? '')}\n`);
    else if (single || r.warnings) {
      const plies = `${r.plies} ${r.plies === 1 ? 'ply' : 'plies'}`;
      io.stdout.write(`${prefix}${name}: OK, ${plies}${warned}\n`);
    }
  }
  io.stdout.write(`${prefix}${gamesLine(report)}\n`);
}

/**
 * A progress bar on stderr while files are checked, only when stderr is a terminal: the share of
 * bytes done, the file and the game. Redrawn at most ten times a second and erased before any
 * other output, so it never mixes with the results.
 */
class Progress {
  private readonly tty: boolean;
  private readonly total: number;
  private done = 0;
  private last = 0;
  private shown = false;

  constructor(
    private readonly io: Io,
    files: readonly PdnFile[],
  ) {
    this.tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
    this.total = Math.max(
      1,
      files.reduce((n, f) => n + f.size, 0),
    );
  }

  update(file: PdnFile, game: number, games: number): void {
    if (!this.tty) return;
    const now = Date.now();
    if (now - this.last < 100) return;
    this.last = now;
    const share = Math.min(1, (this.done + (file.size * game) / Math.max(1, games)) / this.total);
    const width = 24;
    const filled = Math.round(share * width);
    const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
    const name = file.path.length > 40 ? '…' + file.path.slice(-39) : file.path;
    this.io.stderr.write(
      `\r\x1b[K[${bar}] ${Math.floor(share * 100)}% ${name} game ${game + 1}/${games}`,
    );
    this.shown = true;
  }

  fileDone(file: PdnFile): void {
    this.done += file.size;
  }

  clear(): void {
    if (!this.shown) return;
    this.io.stderr.write('\r\x1b[K');
    this.shown = false;
  }
}

async function convert(
  text: string,
  notation: 'numeric' | 'algebraic' | 'short',
  gameType: string | undefined,
  io: Io,
): Promise<number> {
  const { games } = parsePdn(text);
  let bad = 0;
  let first = true;
  games.forEach((parsed, i) => {
    if (!parsed.ok) {
      bad++;
      io.stderr.write(`${title(i)}: ${oneLine(syntaxProblem(parsed.error))}\n`);
      return;
    }
    const game = gameType === undefined ? parsed.value : withGameType(parsed.value, gameType);
    const converted = convertGame(game, notation);
    if (!converted.ok) {
      bad++;
      io.stderr.write(
        `${title(i, game)}: ${oneLine(replayProblem(converted.error, namingOf(game)))}\n`,
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
    { names: naming.names },
  );
  return explanation.legal ? undefined : explanation.text;
}
