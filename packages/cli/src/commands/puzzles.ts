/**
 * `damka puzzles`: build a variant's puzzle set (`build`), check a shipped one (`verify`) and
 * measure its puzzles' difficulty again (`rate`, after the rating scale changed).
 *
 * `build` walks real games (PDN files, credited in each puzzle) and then Damka's self-play games,
 * screens every position and keeps the verified ones (see `@damka/engine`'s puzzle generator).
 * It writes the set file and a state file after every game, so a stopped build (Ctrl-C, a time
 * limit, a killed process) resumes where it stopped: games already done are skipped, puzzles
 * already found kept. A progress bar on stderr shows games done, puzzles and puzzles per hour.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import {
  getTag,
  parsePdn,
  type Position,
  playWritten,
  startPosition,
  type SquareNaming,
  resolveSetting,
  type PdnGame,
  type Variant,
} from '@damka/rules';
import {
  Engine,
  puzzlesFromGame,
  puzzlesNearGame,
  rateStoredPuzzle,
  selfPlayPositions,
  sourceOfTags,
  verifyPuzzle,
} from '@damka/engine';
import {
  parsePuzzleSet,
  PUZZLE_FORMAT,
  puzzlesOf,
  type PuzzleRow,
  type PuzzleSetFile,
  type PuzzleSource,
} from '@damka/engine/puzzles';
import { defaultEgdbDir, openEgdb } from '@damka/engine/egdb-node';
import { progressBar } from '@damka/engine/match';
import { writableFolder, writeFileAtomic } from '@damka/engine/files-node';
import { guard, listenForStop, pathError, UsageError, type Io } from '../command.ts';
import { integerFrom, parseCommandLine, variantFrom } from '../args.ts';

export const usage = `Usage: damka puzzles build --variant ID [--pdn PATH]... [--manifest FILE]
                          [--out FILE] [--state FILE] [--depth D] [--target N]
                          [--minutes M] [--self-play N] [--egdb-dir DIR] [--no-egdb] [--quiet]
       damka puzzles verify FILE [--depth D] [--skip N] [--limit N] [--egdb-dir DIR] [--no-egdb]
       damka puzzles rate FILE

build   finds positions where the side to move wins by one line only, verified by search:
        every other first move scores at least 1.5 men less and does not win. Sources: the
        games of every .pdn file under each --pdn PATH whose variant is ID (a game whose
        tags name no variant takes the GameType its file has in --manifest, a tab-separated
        'file gametype kind' list; only kind 'games' is read), then self-play games.
        Resumable: the set (--out) and the progress (--state) are saved after every game;
        run the same command again to go on. Where endgame tables are built (damka egdb
        build), a position they cover is scored by them exactly; the build says whether it
        used them, and the set records their piece count.
verify  re-checks every puzzle of a set file: each move legal, and a search deeper than the
        set's own finds no other first move within the margin. Exit code 1 if one fails.
        --skip N leaves out the first N puzzles (a build appends: check only the new ones).
rate    measures every puzzle's difficulty again (docs/puzzles.md) and rewrites the file.

      --pdn PATH        a PDN file or a folder searched for .pdn files, repeatable
      --manifest FILE   GameType of the files whose games name none (see above)
      --out FILE        the set (default packages/web/public/puzzles/ID.json)
      --state FILE      progress (default .damka-puzzles/ID.state.json)
      --depth D         verification depth (default 10 on 8x8 and smaller boards, 8 on 10x10)
      --target N        stop at N puzzles (default 300; 2000 for international and english)
      --minutes M       stop after M minutes (default: no limit)
      --self-play N     self-play games at most, after the real ones (default 100000)
      --egdb-dir DIR    the endgame table folder (default ${'$'}DAMKA_EGDB_DIR or ~/.cache/damka/egdb)
      --no-egdb         search alone, even where tables are there
      --quiet           no progress bar

Example: damka puzzles build --variant english --pdn ../games --minutes 30`;

/** Table size of the re-verification (the same in `build` and `verify`, so both agree). */
const VERIFY_TT_BITS = 18;

interface BuildState {
  variant: string;
  depth: number;
  /** Keys of the sources already searched: "file#index" or "self#seed". */
  done: string[];
  positions: number;
  candidates: number;
  /** Milliseconds spent searching, over every run. */
  ms: number;
  /** Of those, milliseconds of CPU time (absent in older state files). */
  cpuMs?: number;
  /** Puzzles these runs added (the set may hold older ones). */
  found?: number;
}

/** The CPU time of this process so far, in milliseconds. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * The endgame tables of `--egdb-dir` unless `--no-egdb` (at most `limit` pieces: a set is
 * re-verified with the tables it was verified with), and a line saying what is used.
 */
function tablesFor(
  variant: Variant,
  values: { 'egdb-dir'?: string | undefined; 'no-egdb'?: boolean | undefined },
  limit?: number,
): { egdb: ReturnType<typeof openEgdb>; note: string } {
  if (values['no-egdb']) return { egdb: undefined, note: 'endgame tables: not used (--no-egdb)' };
  const dir = values['egdb-dir'] ?? defaultEgdbDir();
  const egdb = openEgdb(variant, dir, limit);
  return {
    egdb,
    note: egdb
      ? `endgame tables: up to ${egdb.maxPieces} pieces from ${dir}`
      : `endgame tables: none for ${variant.id} in ${dir} (search alone)`,
  };
}

export const run = guard(async (args: string[], io: Io): Promise<number> => {
  const [sub, ...rest] = args;
  if (sub === 'build') return build(rest, io);
  if (sub === 'verify') return verify(rest, io);
  if (sub === 'rate') return rerate(rest, io);
  throw new UsageError(
    `puzzles wants 'build', 'verify' or 'rate', not '${sub ?? ''}' (see damka help puzzles)`,
  );
});

function defaultDepth(variant: Variant): number {
  return variant.topology.size > 32 ? 8 : 10;
}

/** Every .pdn file under `path` (or `path` itself), sorted. */
function pdnFiles(path: string): string[] {
  if (!existsSync(path)) throw new UsageError(`--pdn: no such file or folder '${path}'`);
  if (!statSync(path).isDirectory()) return [path];
  const out: string[] = [];
  for (const name of readdirSync(path).sort()) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) out.push(...pdnFiles(full));
    else if (/\.pdn$/i.test(name)) out.push(full);
  }
  return out;
}

/** The path with links resolved (a manifest and --pdn may reach the files by different links). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** `file → [gametype, kind]` from a manifest, keyed by absolute path. */
function readManifest(file: string): Map<string, [string, string]> {
  const map = new Map<string, [string, string]>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`--manifest: cannot read '${file}'`);
  }
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [name, gametype, kind] = line.split('\t');
    if (name && gametype && kind) map.set(real(resolve(dirname(file), name)), [gametype, kind]);
  }
  return map;
}

/** The games of `file` played under `variant`, each with its replayed positions. */
function* gamesOf(
  file: string,
  variant: Variant,
  manifest: Map<string, [string, string]>,
): Generator<{ index: number; game: PdnGame; positions: readonly Position[] }> {
  const listed = manifest.get(real(file));
  if (listed && listed[1] !== 'games') return;
  let text: string;
  try {
    text = readFileSync(file, 'latin1');
    if (!/[\x80-\xff]/.test(text) || isUtf8(file)) text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const parsed = parsePdn(text);
  let index = -1;
  for (const result of parsed.games) {
    index++;
    if (!result.ok) continue;
    let game = result.value;
    if (
      listed &&
      getTag(game.tags, 'GameType') === undefined &&
      getTag(game.tags, 'Variant') === undefined
    ) {
      game = { ...game, tags: new Map([...game.tags, ['GameType', listed[0]]]) };
    }
    const setting = resolveSetting(game.tags);
    if (!setting.ok || setting.value.variant.id !== variant.id) continue;
    const positions = mainLine(game, setting.value.naming, variant);
    if (positions) yield { index, game, positions };
  }
}

/**
 * The positions of a game's main line. Old English files often write a plain move with `x`
 * (`10x14`); such a move is read as a step here, since a puzzle needs only the positions.
 */
function mainLine(game: PdnGame, naming: SquareNaming, variant: Variant): Position[] | undefined {
  const start = startPosition(game, variant, naming);
  if (!start.ok) return undefined;
  let p = start.value;
  const positions = [p];
  for (const written of game.moves.moves) {
    let move = playWritten(p, written.text, naming);
    if (!move.ok && /^\d+x\d+$/.test(written.text)) {
      move = playWritten(p, written.text.replace('x', '-'), naming);
    }
    if (!move.ok) return undefined;
    p = p.play(move.value);
    positions.push(p);
  }
  return positions;
}

function isUtf8(file: string): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
    return true;
  } catch {
    return false;
  }
}

/** A short stable id from the variant and the position. */
function puzzleId(variant: string, fen: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < fen.length; i++) h = Math.imul(h ^ fen.charCodeAt(i), 0x01000193);
  return `${variant.slice(0, 3)}-${(h >>> 0).toString(36)}`;
}

/** Let the event loop run (a signal's handler, between two games). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The set as text: one puzzle row a line, so diffs stay readable and the file compact. */
function setText(set: PuzzleSetFile): string {
  const rows = set.puzzles.map((r) => JSON.stringify(r)).join(',\n');
  const egdb = set.egdb !== undefined ? `,"egdb":${set.egdb}` : '';
  return (
    `{"format":${set.format},"variant":${JSON.stringify(set.variant)},"depth":${set.depth}${egdb},\n` +
    `"sources":${JSON.stringify(set.sources)},\n"puzzles":[\n${rows}\n]}\n`
  );
}

async function build(args: string[], io: Io): Promise<number> {
  const { values } = parseCommandLine('puzzles', {
    args,
    options: {
      variant: { type: 'string', short: 'v' },
      option: { type: 'string', short: 'o', multiple: true },
      pdn: { type: 'string', multiple: true },
      manifest: { type: 'string' },
      out: { type: 'string' },
      state: { type: 'string' },
      depth: { type: 'string' },
      target: { type: 'string' },
      minutes: { type: 'string' },
      'self-play': { type: 'string' },
      'egdb-dir': { type: 'string' },
      'no-egdb': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
    },
  });
  const variant = variantFrom(values);
  const id = variant.id;
  const depth =
    values.depth === undefined ? defaultDepth(variant) : integerFrom('depth', values.depth, 2, 30);
  const target =
    values.target === undefined
      ? id === 'international' || id === 'english'
        ? 2000
        : 300
      : integerFrom('target', values.target, 1, 1_000_000);
  const minutes =
    values.minutes === undefined ? Infinity : integerFrom('minutes', values.minutes, 1, 100_000);
  const selfPlayGames =
    values['self-play'] === undefined
      ? 100_000
      : integerFrom('self-play', values['self-play'], 0, 10_000_000);
  const out = values.out ?? join('packages', 'web', 'public', 'puzzles', `${id}.json`);
  const statePath = values.state ?? join('.damka-puzzles', `${id}.state.json`);
  const manifest = values.manifest
    ? readManifest(values.manifest)
    : new Map<string, [string, string]>();
  const files = (values.pdn ?? []).flatMap(pdnFiles);
  for (const [what, file] of [
    ['write the puzzle set to', out],
    ['write the progress to', statePath],
  ] as const) {
    try {
      writableFolder(dirname(file));
    } catch (error) {
      throw pathError(what, file, error);
    }
  }

  // resume: the set and the state as they were left
  let set: PuzzleSetFile = { format: PUZZLE_FORMAT, variant: id, depth, sources: [], puzzles: [] };
  if (existsSync(out)) {
    const old = parsePuzzleSet(readFileSync(out, 'utf8'));
    if (!old.ok) throw new UsageError(`--out: '${out}' is there but ${old.error}`);
    if (old.value.variant !== id)
      throw new UsageError(`--out: '${out}' holds ${old.value.variant} puzzles`);
    set = old.value;
  }
  let state: BuildState = { variant: id, depth, done: [], positions: 0, candidates: 0, ms: 0 };
  if (existsSync(statePath)) {
    try {
      const old = JSON.parse(readFileSync(statePath, 'utf8')) as BuildState;
      if (old.variant === id && Array.isArray(old.done)) state = old;
    } catch {
      throw new UsageError(`--state: '${statePath}' is not a state file`);
    }
  }
  const done = new Set(state.done);
  const sources: PuzzleSource[] = [...set.sources];
  const rows: PuzzleRow[] = [...set.puzzles];
  const known = new Set(rows.map((r) => r[1]));
  // a set verified with tables goes on with tables of the same size
  const { egdb, note } = tablesFor(variant, values, set.egdb);
  if (!values.quiet) io.stderr.write(`${note}\n`);
  const engine = new Engine(variant, { ttBits: 20, seed: 1, egdb: egdb ?? null });
  const verifier = new Engine(variant, { ttBits: VERIFY_TT_BITS, seed: 1, egdb: egdb ?? null });
  // the difficulty is measured with a fresh table, on an engine of its own so that the finder's
  // table survives from one candidate to the next; without tables, as Damka's levels play
  const rater = new Engine(variant, { ttBits: 16, seed: 1 });
  const findOptions = { depth, rater, known, egdb };
  const setEgdb = egdb ? Math.max(set.egdb ?? 0, egdb.maxPieces) : set.egdb;
  let byTables = 0;
  const started = Date.now();
  const msBefore = state.ms;
  const cpuBefore = state.cpuMs ?? 0;
  const cpuStart = cpuMs();
  const deadline = started + minutes * 60_000;
  // a signal stops after the game in hand (it is saved)
  const stop = listenForStop();

  const save = () => {
    state.ms = msBefore + (Date.now() - started);
    state.cpuMs = Math.round(cpuBefore + (cpuMs() - cpuStart));
    state.done = [...done];
    set = {
      format: PUZZLE_FORMAT,
      variant: id,
      depth: set.depth,
      ...(setEgdb !== undefined ? { egdb: setEgdb } : {}),
      sources,
      puzzles: rows,
    };
    writeFileAtomic(out, setText(set));
    writeFileAtomic(statePath, JSON.stringify(state) + '\n');
  };
  const perHour = () => {
    const ms = msBefore + (Date.now() - started);
    return ms > 0 ? Math.round((rows.length * 3_600_000) / ms) : 0;
  };
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  let lastLine = 0;
  const progress = (doneCount: number, total: number, label: string) => {
    if (values.quiet) return;
    const text = `${progressBar(doneCount, total)} ${label}  ${rows.length} puzzles  ${perHour()}/h`;
    if (tty) io.stderr.write(`\r${text}   `);
    else if (Date.now() - lastLine > 10_000 || doneCount === total) {
      io.stderr.write(`${text}\n`);
      lastLine = Date.now();
    }
  };
  const finished = () => stop.requested || rows.length >= target || Date.now() >= deadline;
  const add = (found: ReturnType<typeof puzzlesFromGame>, source: PuzzleSource) => {
    let sourceIndex = -1;
    for (const p of found) {
      if (known.has(p.fen)) continue;
      // the check the slow suite repeats: one ply deeper, a fresh table
      if (verifyPuzzle(verifier, p.fen, p.line, depth + 1, egdb) !== undefined) continue;
      if (p.byTables) byTables++;
      state.found = (state.found ?? 0) + 1;
      if (sourceIndex < 0) {
        sourceIndex = sources.length;
        sources.push(source);
      }
      known.add(p.fen);
      rows.push([
        puzzleId(id, p.fen),
        p.fen,
        p.line.join(' '),
        p.rating,
        p.themes.join(' '),
        sourceIndex,
        p.ply,
      ]);
    }
  };
  const stats = { positions: 0, candidates: 0 };

  // real games first
  const real: Array<{ key: string; file: string; index: number }> = [];
  for (const file of files) {
    for (const g of gamesOf(file, variant, manifest)) {
      real.push({ key: `${relative(process.cwd(), file)}#${g.index}`, file, index: g.index });
    }
  }
  let count = real.filter((r) => done.has(r.key)).length;
  let currentFile = '';
  let cache: Map<number, { game: PdnGame; positions: readonly Position[] }> = new Map();
  for (const r of real) {
    if (finished()) break;
    if (done.has(r.key)) continue;
    if (r.file !== currentFile) {
      currentFile = r.file;
      cache = new Map([...gamesOf(r.file, variant, manifest)].map((g) => [g.index, g]));
    }
    const g = cache.get(r.index);
    if (g) add(puzzlesFromGame(engine, g.positions, findOptions, stats), sourceOfTags(g.game.tags));
    done.add(r.key);
    count++;
    state.positions += stats.positions;
    state.candidates += stats.candidates;
    stats.positions = stats.candidates = 0;
    save();
    progress(count, real.length, `${basename(r.file)}`);
    await nextTurn();
  }
  // then self-play, after the seeds the set already credits (a set whose state file is lost
  // does not replay them)
  const lastSeed = Math.max(0, ...sources.map((s) => s.selfPlay ?? 0));
  for (let seed = lastSeed + 1; seed <= selfPlayGames && !finished(); seed++) {
    const key = `self#${seed}`;
    if (done.has(key)) continue;
    const positions = selfPlayPositions(variant, seed);
    add(puzzlesNearGame(engine, positions, findOptions, stats), { selfPlay: seed });
    done.add(key);
    state.positions += stats.positions;
    state.candidates += stats.candidates;
    stats.positions = stats.candidates = 0;
    save();
    progress(rows.length, target, `self-play game ${seed}`);
    await nextTurn();
  }
  save();
  stop.release();
  if (tty && !values.quiet) io.stderr.write('\n');
  const found = state.found ?? rows.length;
  const cpuHours = (state.cpuMs ?? state.ms) / 3_600_000;
  io.stdout.write(
    `${id}: ${rows.length} puzzles (target ${target}) in ${out}; ${state.positions} positions screened, ` +
      `${state.candidates} verified, ${(state.ms / 60_000).toFixed(1)} min of search ` +
      `(${((state.cpuMs ?? state.ms) / 60_000).toFixed(1)} min CPU), ${found} found by these runs, ` +
      `${cpuHours > 0 ? Math.round(found / cpuHours) : 0} puzzles per CPU hour\n` +
      `${note}${egdb ? `; ${byTables} puzzles of this run verified by them` : ''}\n`,
  );
  return 0;
}

async function verify(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandLine('puzzles', {
    args,
    allowPositionals: true,
    options: {
      depth: { type: 'string' },
      limit: { type: 'string' },
      skip: { type: 'string' },
      'egdb-dir': { type: 'string' },
      'no-egdb': { type: 'boolean', default: false },
    },
  });
  const { set } = readSetFile(positionals, 'verify');
  const variant = variantFrom({ variant: set.variant });
  const depth =
    values.depth === undefined ? set.depth + 1 : integerFrom('depth', values.depth, 2, 30);
  const limit =
    values.limit === undefined ? Infinity : integerFrom('limit', values.limit, 1, 10_000_000);
  const skip = values.skip === undefined ? 0 : integerFrom('skip', values.skip, 0, 10_000_000);
  const wanted = set.egdb;
  const { egdb, note } = tablesFor(variant, values, wanted);
  io.stdout.write(`${note}\n`);
  if (wanted !== undefined && (egdb?.maxPieces ?? 0) < wanted) {
    io.stdout.write(
      `the set was verified with tables of up to ${wanted} pieces; without them its won endings ` +
        `may fail (damka egdb build --variant ${variant.id} --pieces ${wanted})\n`,
    );
  }
  const engine = new Engine(variant, { ttBits: VERIFY_TT_BITS, seed: 1, egdb: egdb ?? null });
  let bad = 0;
  let checked = 0;
  for (const puzzle of puzzlesOf(set).slice(skip)) {
    if (checked >= limit) break;
    checked++;
    const fault = verifyPuzzle(engine, puzzle.fen, puzzle.line, depth, egdb);
    if (fault) {
      bad++;
      io.stdout.write(`${puzzle.id}: ${fault}\n`);
    }
  }
  io.stdout.write(
    `${checked} puzzles checked at depth ${depth}: ${checked - bad} good, ${bad} failed\n`,
  );
  return bad > 0 ? 1 : 0;
}

/** The set file named first on the command line of `puzzles <command>`, read and parsed; a usage
 * error when it is missing or bad. */
function readSetFile(
  positionals: readonly string[],
  command: string,
): { file: string; set: PuzzleSetFile } {
  const file = positionals[0];
  if (file === undefined) throw new UsageError(`puzzles ${command} wants a set file`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read '${file}'`);
  }
  const parsed = parsePuzzleSet(text);
  if (!parsed.ok) throw new UsageError(`'${file}': ${parsed.error}`);
  return { file, set: parsed.value };
}

async function rerate(args: string[], io: Io): Promise<number> {
  const { positionals } = parseCommandLine('puzzles', {
    args,
    allowPositionals: true,
    options: {},
  });
  const { file, set } = readSetFile(positionals, 'rate');
  const engine = new Engine(variantFrom({ variant: set.variant }), { ttBits: 16, seed: 1 });
  let changed = 0;
  const puzzles = set.puzzles.map((row): PuzzleRow => {
    const line = row[2].split(' ').filter((m) => m !== '');
    const themes = row[4].split(' ').filter((t) => t !== '');
    const rating = rateStoredPuzzle(engine, row[1], line, themes, set.depth) ?? row[3];
    if (rating !== row[3]) changed++;
    return [row[0], row[1], row[2], rating, row[4], row[5], row[6]];
  });
  writeFileAtomic(file, setText({ ...set, puzzles }));
  io.stdout.write(`${set.variant}: ${puzzles.length} puzzles rated, ${changed} ratings changed\n`);
  return 0;
}
