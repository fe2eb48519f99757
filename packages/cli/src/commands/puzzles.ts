/**
 * `damka puzzles`: build a variant's puzzle set (`build`), check a shipped one (`verify`) and
 * measure its puzzles' difficulty again (`rate`, after the rating scale changed).
 *
 * `build` walks real games (PDN files, credited in each puzzle) and then Damka's self-play games,
 * screens every position and keeps the verified ones (see `@damka/engine`'s puzzle generator).
 * The searches run on a worker thread (`@damka/engine/puzzles-node`), so Ctrl-C stops them at
 * once; this thread keeps the set and writes it and a state file after every game, so a stopped
 * build (Ctrl-C, a time limit, a killed process) resumes where it stopped: games already done are
 * skipped, puzzles already found kept. A progress bar on stderr shows games done, puzzles and
 * puzzles per hour.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Variant } from '@damka/rules';
import {
  Engine,
  rateStoredPuzzle,
  verifyPuzzle,
  VERIFY_TT_BITS,
  type PuzzleGame,
  type PuzzlePdnFile,
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
import { startPuzzleBuild } from '@damka/engine/puzzles-node';
import { complain, guard, listenForStop, pathError, UsageError, type Io } from '../command.ts';
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
        'file gametype kind' list; only kind 'games' is read), then self-play games. A
        game that does not read or replay, or a file that cannot be read, is skipped and
        named on stderr with the reason; the count of them comes at the end.
        Resumable: the set (--out) and the progress (--state) are saved after every game;
        Ctrl-C stops it at once, saved (exit code 1; the game in hand is searched again next
        time); run the same command again to go on. Where endgame tables are built (damka
        egdb build), a position they cover is scored by them exactly; the build says whether
        it used them, and the set records their piece count.
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
): { egdb: ReturnType<typeof openEgdb>; dir: string; note: string } {
  const dir = values['egdb-dir'] ?? defaultEgdbDir();
  if (values['no-egdb'])
    return { egdb: undefined, dir, note: 'endgame tables: not used (--no-egdb)' };
  const egdb = openEgdb(variant, dir, limit);
  return {
    egdb,
    dir,
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

/** A usage error with the option it came from in front (`--manifest: cannot read …`). */
function prefixed(option: string, error: unknown): unknown {
  return error instanceof UsageError ? new UsageError(`${option}: ${error.message}`) : error;
}

/** `file → [gametype, kind]` from a manifest, keyed by absolute path. */
function readManifest(file: string): Map<string, [string, string]> {
  const map = new Map<string, [string, string]>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw prefixed('--manifest', pathError('read', file, error));
  }
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [name, gametype, kind] = line.split('\t');
    if (name && gametype && kind) map.set(real(resolve(dirname(file), name)), [gametype, kind]);
  }
  return map;
}

/**
 * The PDN files the builder reads, each with the GameType the manifest gives its games that name
 * none; files the manifest lists as anything but games are left out. A game's key is its file's
 * path from the working folder and its index in the file.
 */
function pdnSources(files: readonly string[], manifest: Map<string, [string, string]>) {
  const out: PuzzlePdnFile[] = [];
  for (const file of files) {
    const listed = manifest.get(real(file));
    if (listed && listed[1] !== 'games') continue;
    out.push({ path: file, name: relative(process.cwd(), file), gameType: listed?.[0] });
  }
  return out;
}

/** The text of a file the build goes on from; undefined when there is none yet. */
function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw pathError('read', path, error);
  }
}

/**
 * The progress a state file holds, for `id`'s build. A file of another variant's build, or one
 * that is not a state file, is refused rather than written over.
 */
function stateOf(path: string, text: string, id: string): BuildState {
  let old: Partial<Record<keyof BuildState, unknown>> | undefined;
  try {
    old = JSON.parse(text) as typeof old;
  } catch {
    old = undefined;
  }
  const counts = ['positions', 'candidates', 'ms', 'cpuMs', 'found', 'depth'] as const;
  if (
    typeof old !== 'object' ||
    old === null ||
    typeof old.variant !== 'string' ||
    !Array.isArray(old.done) ||
    !old.done.every((key) => typeof key === 'string') ||
    !counts.every((k) => old[k] === undefined || (typeof old[k] === 'number' && old[k] >= 0))
  ) {
    throw new UsageError(`--state: '${path}' is not a state file`);
  }
  if (old.variant !== id)
    throw new UsageError(`--state: '${path}' holds the progress of a ${old.variant} build`);
  const state = old as BuildState;
  return {
    ...state,
    positions: state.positions ?? 0,
    candidates: state.candidates ?? 0,
    ms: state.ms ?? 0,
  };
}

/** A short stable id from the variant and the position. */
function puzzleId(variant: string, fen: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < fen.length; i++) h = Math.imul(h ^ fen.charCodeAt(i), 0x01000193);
  return `${variant.slice(0, 3)}-${(h >>> 0).toString(36)}`;
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
  const oldSet = readIfThere(out);
  if (oldSet !== undefined) {
    const old = parsePuzzleSet(oldSet);
    if (!old.ok) throw new UsageError(`--out: '${out}' is there but ${old.error}`);
    if (old.value.variant !== id)
      throw new UsageError(`--out: '${out}' holds ${old.value.variant} puzzles`);
    set = old.value;
  }
  const oldState = readIfThere(statePath);
  const state: BuildState =
    oldState === undefined
      ? { variant: id, depth, done: [], positions: 0, candidates: 0, ms: 0 }
      : stateOf(statePath, oldState, id);
  const done = new Set(state.done);
  const sources: PuzzleSource[] = [...set.sources];
  const rows: PuzzleRow[] = [...set.puzzles];
  const known = new Set(rows.map((r) => r[1]));
  // a set verified with tables goes on with tables of the same size
  const { egdb, dir: egdbDir, note } = tablesFor(variant, values, set.egdb);
  if (!values.quiet) io.stderr.write(`${note}\n`);
  const setEgdb = egdb ? Math.max(set.egdb ?? 0, egdb.maxPieces) : set.egdb;
  let byTables = 0;
  /** Games of the PDN files left out, and files that could not be read (each said on stderr). */
  const skipped = { games: 0, files: 0 };
  const started = Date.now();
  const msBefore = state.ms;
  const cpuBefore = state.cpuMs ?? 0;
  const cpuStart = cpuMs();

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
    for (const [what, file, text] of [
      ['write the puzzle set to', out, setText(set)],
      ['write the progress to', statePath, JSON.stringify(state) + '\n'],
    ] as const) {
      try {
        writeFileAtomic(file, text);
      } catch (error) {
        throw pathError(what, file, error);
      }
    }
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
  /** A game the builder searched in full: its puzzles join the set, and both files are saved. */
  const onGame = (game: PuzzleGame) => {
    let sourceIndex = -1;
    for (const p of game.puzzles) {
      if (known.has(p.fen)) continue;
      if (p.byTables) byTables++;
      state.found = (state.found ?? 0) + 1;
      if (sourceIndex < 0) {
        sourceIndex = sources.length;
        sources.push(game.source);
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
    done.add(game.key);
    state.positions += game.positions;
    state.candidates += game.candidates;
    save();
    if (game.real) progress(game.real.done, game.real.total, basename(game.real.path));
    else progress(rows.length, target, `self-play game ${game.source.selfPlay}`);
  };

  // the games are searched on a worker thread, real ones first, then self-play after the seeds
  // the set already credits (a set whose state file is lost does not replay them); a signal stops
  // the search in hand at once, and its game is left for the next run
  const build = startPuzzleBuild(
    {
      variant: id,
      variantOptions: variant.options,
      options: {
        depth,
        target,
        selfPlay: selfPlayGames,
        files: pdnSources(files, manifest),
        done: [...done],
        known: [...known],
        puzzles: rows.length,
        lastSeed: Math.max(0, ...sources.map((s) => s.selfPlay ?? 0)),
        deadline: started + minutes * 60_000,
      },
      egdb: egdb ? { dir: egdbDir, limit: set.egdb } : null,
    },
    {
      onGame,
      // said as the games are listed, before the searches; a progress bar's line is ended first
      onSkip: (skip) => {
        if (skip.game === undefined) skipped.files++;
        else skipped.games++;
        if (tty && !values.quiet) io.stderr.write('\n');
        const what = skip.game === undefined ? 'skipped' : `game ${skip.game} skipped`;
        complain(io, `${skip.path}: ${what}: ${skip.reason}`);
      },
    },
  );
  const stop = listenForStop(() => build.stop());
  let stopped: boolean;
  try {
    ({ stopped } = await build.done);
  } finally {
    stop.release();
  }
  save();
  if (tty && !values.quiet) io.stderr.write('\n');
  if (skipped.games + skipped.files > 0) {
    const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
    const parts = [
      ...(skipped.games > 0 ? [`${count(skipped.games, 'game')} that did not read or replay`] : []),
      ...(skipped.files > 0 ? [`${count(skipped.files, 'file')} that could not be read`] : []),
    ];
    complain(io, `skipped ${parts.join(' and ')} (said above)`);
  }
  const found = state.found ?? rows.length;
  const cpuHours = (state.cpuMs ?? state.ms) / 3_600_000;
  io.stdout.write(
    `${id}: ${rows.length} puzzles (target ${target}) in ${out}; ${state.positions} positions screened, ` +
      `${state.candidates} verified, ${(state.ms / 60_000).toFixed(1)} min of search ` +
      `(${((state.cpuMs ?? state.ms) / 60_000).toFixed(1)} min CPU), ${found} found by these runs, ` +
      `${cpuHours > 0 ? Math.round(found / cpuHours) : 0} puzzles per CPU hour\n` +
      `${note}${egdb ? `; ${byTables} puzzles of this run verified by them` : ''}\n` +
      (stopped ? 'stopped, run again to resume\n' : ''),
  );
  return stopped ? 1 : 0;
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
  } catch (error) {
    throw pathError('read', file, error);
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
