/**
 * The puzzle set builder (puzzles/build.ts) in this thread and on a worker thread
 * (puzzles/build-node.ts): the same games and puzzles either way and after a resume, a stop that
 * ends the search in hand (the self-play game's too), and errors that end the build instead of
 * leaving it waiting, and real games' files and moves read as every PDN reader reads them. Its
 * games are written here from self-play, so that it needs no game collection.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { formatMove, getVariant, variantOrThrow, type Position } from '@damka/rules';
import {
  buildPuzzles,
  selfPlayPositions,
  type PuzzleBuildOptions,
  type PuzzleGame,
  type PuzzleSkip,
} from '../src/index.ts';
import { startPuzzleBuild } from '../src/puzzles/build-node.ts';

const dir = mkdtempSync(join(tmpdir(), 'damka-puzzle-build-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** A PDN game of the positions' moves, with credits and (when given) a GameType. */
function pdnOf(positions: readonly Position[], event: string, gameType?: string): string {
  const moves: string[] = [];
  for (let i = 0; i + 1 < positions.length; i++) {
    const p = positions[i]!;
    const move = p.legalMoves().find((m) => p.play(m).fen === positions[i + 1]!.fen)!;
    moves.push(`${i % 2 === 0 ? `${i / 2 + 1}. ` : ''}${formatMove(p, move)}`);
  }
  const type = gameType === undefined ? '' : `[GameType "${gameType}"]\n`;
  return `[Event "${event}"]\n[White "A"]\n[Black "B"]\n${type}\n${moves.join(' ')} *\n\n`;
}

const variant = variantOrThrow('english');
// two English games in one file: the first names its variant, the second takes the file's
const pdn = join(dir, 'games.pdn');
writeFileSync(
  pdn,
  pdnOf(selfPlayPositions(variant, 101), 'First', '21') +
    pdnOf(selfPlayPositions(variant, 102), 'Second'),
);
const OPTIONS: PuzzleBuildOptions = {
  depth: 6,
  target: 1000,
  selfPlay: 2,
  files: [{ path: pdn, name: 'games.pdn', gameType: '21' }],
  done: [],
  known: [],
  puzzles: 0,
  lastSeed: 0,
  deadline: Infinity,
};
const readText = (path: string) => ({ ok: true, value: readFileSync(path, 'utf8') }) as const;

/** `promise`, or a rejection after `ms` milliseconds. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

test('a build on a worker thread reports the games and puzzles of one in this thread; a resumed build goes on alike', async () => {
  const here: PuzzleGame[] = [];
  assert.deepEqual(buildPuzzles(variant, OPTIONS, { readText, onGame: (g) => here.push(g) }), {
    stopped: false,
  });
  assert.deepEqual(
    here.map((g) => g.key),
    ['games.pdn#0', 'games.pdn#1', 'self#1', 'self#2'],
  );
  assert.deepEqual(here[0]!.source, { event: 'First', white: 'A', black: 'B' });
  assert.deepEqual(here[1]!.real, { done: 2, total: 2, path: pdn });
  assert.ok(here.reduce((n, g) => n + g.puzzles.length, 0) > 0, 'no puzzle: this checks nothing');
  assert.ok(here.every((g) => g.positions > 0));

  const there: PuzzleGame[] = [];
  const build = startPuzzleBuild(
    { variant: 'english', variantOptions: {}, options: OPTIONS, egdb: null },
    { onGame: (g) => there.push(g) },
  );
  assert.deepEqual(await build.done, { stopped: false });
  assert.deepEqual(there, here);

  // resumed after the first three games, with their puzzles in the set: the fourth as before
  const before = here.slice(0, 3);
  const known = before.flatMap((g) => g.puzzles.map((p) => p.fen));
  const resumed: PuzzleGame[] = [];
  const options = { ...OPTIONS, done: before.map((g) => g.key), known, puzzles: known.length };
  buildPuzzles(variant, options, { readText, onGame: (g) => resumed.push(g) });
  assert.deepEqual(resumed, here.slice(3));
  // the target and the deadline are read between games
  const none: PuzzleGame[] = [];
  const ended = { ...OPTIONS, deadline: Date.now() - 1 };
  assert.deepEqual(buildPuzzles(variant, ended, { readText, onGame: (g) => none.push(g) }), {
    stopped: false,
  });
  const full = { ...OPTIONS, target: 5, puzzles: 5 };
  buildPuzzles(variant, full, { readText, onGame: (g) => none.push(g) });
  assert.deepEqual(none, []);
});

test('stop ends the search in hand at once and leaves its game unreported', async () => {
  // a game at depth 30 never ends by itself
  const games: PuzzleGame[] = [];
  const job = { variant: 'english', variantOptions: {}, egdb: null };
  const deep = startPuzzleBuild(
    { ...job, options: { ...OPTIONS, files: [], depth: 30 } },
    { onGame: (g) => games.push(g) },
  );
  // searching: a second of this process's CPU (the worker's included) past the start
  const start = process.cpuUsage();
  const cpu = () => {
    const used = process.cpuUsage(start);
    return used.user + used.system;
  };
  while (cpu() < 1e6) await new Promise((resolve) => setTimeout(resolve, 50));
  const asked = Date.now();
  deep.stop();
  assert.deepEqual(await within(deep.done, 5000), { stopped: true });
  const waited = Date.now() - asked;
  assert.ok(waited < 2000, `stopped ${waited} ms after stop()`);
  assert.deepEqual(games, []);
  // in this thread, a flag set before the build stops it before the first game
  const flag = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(flag, 0, 1);
  const none: PuzzleGame[] = [];
  const result = buildPuzzles(variant, OPTIONS, {
    readText,
    onGame: (g) => none.push(g),
    stopFlag: flag,
  });
  assert.deepEqual(result, { stopped: true });
  assert.deepEqual(none, []);
});

test('an error in saving a game, or in the worker, ends the build with that error', async () => {
  const job = { variant: 'english', variantOptions: {}, options: OPTIONS, egdb: null };
  const failing = startPuzzleBuild(job, {
    onGame: () => {
      throw new Error('disk full');
    },
  });
  await assert.rejects(within(failing.done, 60_000), /disk full/);
  const unknown = startPuzzleBuild({ ...job, variant: 'chess' }, { onGame: () => {} });
  await assert.rejects(within(unknown.done, 60_000), /chess/);
});

/**
 * A stop flag that another thread sets `ms` milliseconds after it answers (this thread may then be
 * busy: its searches read the flag, nothing else can set it).
 */
async function flagSetIn(ms: number): Promise<Int32Array> {
  const flag = new Int32Array(new SharedArrayBuffer(8));
  const code =
    "const { parentPort, workerData: f } = require('node:worker_threads');" +
    `parentPort.postMessage('ready'); Atomics.wait(f, 1, 0, ${ms}); Atomics.store(f, 0, 1);`;
  const worker = new Worker(code, { eval: true, workerData: flag, execArgv: [] });
  await new Promise((resolve) => worker.once('message', resolve));
  worker.unref();
  return flag;
}

test('the stop flag reaches the self-play game: it ends at once, with only moves searched in full', async () => {
  const international = variantOrThrow('international');
  selfPlayPositions(international, 1); // warm
  let started = Date.now();
  const full = selfPlayPositions(international, 2);
  const fullMs = Date.now() - started;
  // a flag not set changes nothing
  const unset = new Int32Array(new SharedArrayBuffer(4));
  assert.deepEqual(
    selfPlayPositions(international, 2, 3, 160, unset).map((p) => p.fen),
    full.map((p) => p.fen),
  );
  // set before: no move is searched
  const set = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(set, 0, 1);
  assert.deepEqual(
    selfPlayPositions(international, 2, 3, 160, set).map((p) => p.fen),
    [full[0]!.fen],
  );
  // set during the game: a start of the same game, well before the game would have ended
  const flag = await flagSetIn(30);
  started = Date.now();
  const cut = selfPlayPositions(international, 2, 3, 160, flag);
  const cutMs = Date.now() - started;
  assert.ok(cut.length < full.length, `${cut.length} of ${full.length} positions`);
  assert.deepEqual(
    cut.map((p) => p.fen),
    full.slice(0, cut.length).map((p) => p.fen),
  );
  assert.ok(cutMs < fullMs / 2, `stopped after ${cutMs} ms of a ${fullMs} ms game`);
});

test('a stop during the self-play game of a build ends the build at once, the game unreported', async () => {
  const international = variantOrThrow('international');
  const options = { ...OPTIONS, files: [], selfPlay: 1 };
  selfPlayPositions(international, 1); // warm
  let started = Date.now();
  selfPlayPositions(international, 1);
  const gameMs = Date.now() - started;
  const games: PuzzleGame[] = [];
  const stopFlag = await flagSetIn(30);
  started = Date.now();
  const result = buildPuzzles(international, options, {
    readText,
    onGame: (g) => games.push(g),
    stopFlag,
  });
  const ms = Date.now() - started;
  assert.deepEqual(result, { stopped: true });
  assert.deepEqual(games, []);
  assert.ok(ms < gameMs / 2, `stopped after ${ms} ms; the game alone takes ${gameMs} ms`);
});

test("a game's moves are read as the rules read them: x for a step, but never a capture read as a step", () => {
  // captures optional, so a king's step and two captures all go from 24 to 35
  const free = getVariant('international', { noForcedCapture: true });
  assert.ok(free.ok);
  const fen = 'W:WK24:BK19,K29,K12,K22,K25,K33,K31,K27,K40,K38';
  const path = join(dir, 'dialects.pdn');
  writeFileSync(
    path,
    // an old file's x for a plain step: read
    '[Event "Step"]\n[GameType "20"]\n\n1. 32x28 19x23 *\n\n' +
      // 24x35 is one of two captures (24x8x17x28x44x35, 24x8x21x32x49x35), not the step 24-35
      `[Event "Ambiguous"]\n[GameType "20"]\n[FEN "${fen}"]\n\n1. 24x35 *\n\n` +
      // the step written as one
      `[Event "Plain"]\n[GameType "20"]\n[FEN "${fen}"]\n\n1. 24-35 *\n`,
  );
  const games: PuzzleGame[] = [];
  const skips: PuzzleSkip[] = [];
  const options = { ...OPTIONS, depth: 4, selfPlay: 0, files: [{ path, name: 'dialects.pdn' }] };
  buildPuzzles(free.value, options, {
    readText,
    onGame: (g) => games.push(g),
    onSkip: (skip) => skips.push(skip),
  });
  assert.deepEqual(
    games.map((g) => [g.key, g.positions]),
    [
      ['dialects.pdn#0', 3],
      ['dialects.pdn#2', 2],
    ],
  );
  // the ambiguous game is left out, and said to be, once
  assert.equal(skips.length, 1);
  assert.equal(skips[0]!.path, path);
  assert.equal(skips[0]!.game, 2);
  assert.match(skips[0]!.reason, /^ply 1 \(24x35\): /);
});

test('the files and games left out are reported with the reason, from the worker too', async () => {
  const path = join(dir, 'skips.pdn');
  writeFileSync(
    path,
    // an illegal move, a tag that names no game, a syntax error, a game of another variant
    '[Event "Illegal"]\n[GameType "21"]\n\n1. 11-15 11-15 *\n\n' +
      '[Event "Unknown"]\n[GameType "999"]\n\n1. 11-15 *\n\n' +
      '[Event "Broken\n\n1. 11-15 *\n\n' +
      '[Event "Russian"]\n[GameType "25"]\n\n1. c3-d4 *\n',
  );
  const missing = join(dir, 'missing.pdn');
  const options = {
    ...OPTIONS,
    depth: 4,
    selfPlay: 0,
    files: [
      { path, name: 'skips.pdn' },
      { path: missing, name: 'missing.pdn' },
    ],
  };
  const skips: PuzzleSkip[] = [];
  const build = startPuzzleBuild(
    { variant: 'english', variantOptions: {}, options, egdb: null },
    { onGame: () => {}, onSkip: (skip) => skips.push(skip) },
  );
  assert.deepEqual(await within(build.done, 60_000), { stopped: false });
  assert.deepEqual(
    skips.map((k) => [k.path, k.game]),
    [
      [path, 1],
      [path, 2],
      [path, 3],
      [missing, undefined],
    ],
  );
  assert.match(skips[0]!.reason, /^ply 2 \(11-15\): /);
  assert.match(skips[1]!.reason, /^tags: .*999/);
  assert.match(skips[2]!.reason, /^PDN error at line \d+, column \d+: /);
  assert.match(skips[3]!.reason, /^cannot read it: ENOENT/);
});

test('the worker reads a PDN file in UTF-16 with a mark, as every reader of PDN files does', async () => {
  const utf16 = join(dir, 'utf16.pdn');
  const text = readFileSync(pdn, 'utf8');
  writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
  const games: PuzzleGame[] = [];
  const options = {
    ...OPTIONS,
    depth: 4,
    selfPlay: 0,
    files: [{ path: utf16, name: 'u.pdn', gameType: '21' }],
  };
  const build = startPuzzleBuild(
    { variant: 'english', variantOptions: {}, options, egdb: null },
    { onGame: (g) => games.push(g) },
  );
  assert.deepEqual(await within(build.done, 60_000), { stopped: false });
  assert.deepEqual(
    games.map((g) => g.key),
    ['u.pdn#0', 'u.pdn#1'],
  );
});
