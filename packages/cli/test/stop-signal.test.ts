/**
 * Long commands stop gracefully: the first Ctrl-C (SIGINT) or SIGTERM stops `damka book build` and
 * `damka puzzles build` at once, even in the middle of a search of minutes, and saves what they
 * built, and stops `damka match` between two moves with its finished games scored and written
 * (run on the real executable, since signals are what a user sends to a process); a second one
 * exits at once with code 130.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePuzzleSet } from '@damka/engine/puzzles';
import { parsePdn } from '@damka/rules';
import { listenForStop } from '../src/command.ts';
import { damka } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'damka-stop-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/**
 * Starts a book build that would run for minutes (searches of `depth`); resolves once its first
 * save is on disk, or at once when `saved` is false.
 */
async function startBuild(out: string, depth = 5, saved = true) {
  const child = spawn(
    process.execPath,
    [
      'packages/cli/bin/damka.cjs',
      'book',
      'build',
      '--variant',
      'english',
      '--positions',
      '100000',
      '--depth',
      String(depth),
      '--plies',
      '40',
      '--out',
      out,
    ],
    { cwd: ROOT },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (saved && !existsSync(out)) {
    assert.ok(Date.now() < deadline, 'the build saved nothing within a minute');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, exited, stdout: () => stdout };
}

/** CPU seconds a process has used (user and system, from /proc/PID/stat). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // fields 14 and 15 of stat(5) (utime, stime), counted from the state, field 3
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

test('the first SIGINT stops a book build, saved', async () => {
  const out = join(dir, 'first.data.ts');
  const build = await startBuild(out);
  build.child.kill('SIGINT');
  const code = await build.exited;
  assert.equal(code, 1, 'a stopped build exits with 1 (not complete)');
  assert.match(build.stdout(), /stopped, run again to resume/);
  assert.ok(existsSync(out));
});

test('a signal stops a search of minutes at once', async () => {
  // depth 30 from the start: the first position alone would take far longer than the test
  const out = join(dir, 'deep.data.ts');
  const build = await startBuild(out, 30, false);
  // searching: a second of CPU is past the command's start (Linux's /proc, as on CI)
  while (cpuSeconds(build.child.pid!) < 1) await new Promise((r) => setTimeout(r, 50));
  const sent = Date.now();
  build.child.kill('SIGINT');
  assert.equal(await build.exited, 1);
  const waited = Date.now() - sent;
  assert.ok(waited < 5000, `stopped ${waited} ms after the signal`);
  assert.match(build.stdout(), /0 positions \(0 searched now\).*stopped, run again to resume/);
  assert.ok(existsSync(out), 'the (empty) book was saved');
});

test('SIGTERM stops it the same way', async () => {
  const out = join(dir, 'term.data.ts');
  const build = await startBuild(out);
  build.child.kill('SIGTERM');
  assert.equal(await build.exited, 1);
  assert.match(build.stdout(), /stopped, run again to resume/);
});

test('a second signal exits at once with code 130, and release stops listening', (t) => {
  const exit = t.mock.method(process, 'exit', () => undefined as never);
  const before = process.listenerCount('SIGINT');
  const stop = listenForStop();
  assert.equal(stop.requested, false);
  process.emit('SIGINT');
  assert.equal(stop.requested, true);
  assert.equal(exit.mock.callCount(), 0);
  process.emit('SIGTERM');
  assert.deepEqual(exit.mock.calls[0]?.arguments, [130]);
  stop.release();
  assert.equal(process.listenerCount('SIGINT'), before);
});

/** `damka ...args` on the real executable, its output gathered as it comes. */
function startDamka(args: string[]) {
  const child = spawn(process.execPath, ['packages/cli/bin/damka.cjs', ...args], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** `damka puzzles build ...args` on the real executable. */
const startPuzzles = (args: string[]) => startDamka(['puzzles', 'build', ...args]);

/** The exit code of `run`; a failure, the process killed, when it runs `ms` milliseconds more. */
async function exitWithin(run: ReturnType<typeof startPuzzles>, ms: number): Promise<number> {
  const timer = setTimeout(() => run.child.kill('SIGKILL'), ms);
  const code = await run.exited;
  clearTimeout(timer);
  assert.ok(code !== null, `still running ${ms} ms later, or killed by a signal`);
  return code;
}

/** Until the process has used a second of CPU: past its start, searching. */
async function searching(pid: number) {
  while (cpuSeconds(pid) < 1) await new Promise((r) => setTimeout(r, 50));
}

test('a signal stops a puzzle build in the middle of a game; its files stay good and the next run resumes', async () => {
  const out = join(dir, 'english.json');
  const statePath = join(dir, 'english.state.json');
  const args = (depth: number, games: number) => [
    ...['--variant', 'english', '--out', out, '--state', statePath, '--depth', String(depth)],
    ...['--self-play', String(games), '--egdb-dir', join(dir, 'no-tables'), '--quiet'],
  ];
  const files = () => {
    const set = parsePuzzleSet(readFileSync(out, 'utf8'));
    assert.ok(set.ok, 'the set file reads');
    const state = JSON.parse(readFileSync(statePath, 'utf8')) as { done: string[]; ms: number };
    return { puzzles: set.value.puzzles, state };
  };
  const first = startPuzzles(args(6, 1));
  assert.equal(await exitWithin(first, 120_000), 0, first.stderr());
  const saved = files();
  assert.deepEqual(saved.state.done, ['self#1']);

  // the same set gone on with at depth 30: the next game would take hours
  const deep = startPuzzles(args(30, 100_000));
  await searching(deep.child.pid!);
  const sent = Date.now();
  deep.child.kill('SIGINT');
  assert.equal(await exitWithin(deep, 20_000), 1, 'a stopped build exits with 1');
  const waited = Date.now() - sent;
  assert.ok(waited < 3000, `stopped ${waited} ms after the signal`);
  assert.match(
    deep.stdout(),
    /^english: .* puzzles per CPU hour\n.*\nstopped, run again to resume\n$/,
  );
  const stopped = files();
  assert.deepEqual(stopped.puzzles, saved.puzzles);
  assert.deepEqual(stopped.state.done, ['self#1'], 'the game in hand is left for the next run');
  assert.ok(stopped.state.ms > saved.state.ms, 'the time searched was saved');

  // two signals at once: the files are saved whole or left as they were
  const twice = startPuzzles(args(30, 100_000));
  await searching(twice.child.pid!);
  twice.child.kill('SIGINT');
  twice.child.kill('SIGINT');
  const code = await exitWithin(twice, 20_000);
  assert.ok(code === 1 || code === 130, `exit code ${code}`);
  assert.deepEqual(files().puzzles, saved.puzzles);
  assert.deepEqual(files().state.done, ['self#1']);

  // the next run goes on from there: only the second game is new
  const resumed = startPuzzles(args(6, 2));
  assert.equal(await exitWithin(resumed, 120_000), 0, resumed.stderr());
  const last = files();
  assert.deepEqual(last.state.done, ['self#1', 'self#2']);
  assert.deepEqual(last.puzzles.slice(0, saved.puzzles.length), saved.puzzles);
});

test('a signal stops a match between two moves: the finished games are scored and written, exit 130', async () => {
  const pdn = join(dir, 'match.pdn');
  const run = startDamka([
    'match',
    ...['--variant', 'english', '--level', '2', '--opponent-level', '1'],
    ...['--games', '20', '--time', '20', '--pdn', pdn],
  ]);
  const { child, exited } = run;
  const deadline = Date.now() + 60_000;
  while (!/ game 1: /.test(run.stdout())) {
    assert.ok(Date.now() < deadline, `no game finished within a minute: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const sent = Date.now();
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await exited;
  clearTimeout(timer);
  const stdout = run.stdout();
  assert.equal(code, 130, `${stdout}\n${run.stderr()}`);
  const waited = Date.now() - sent;
  assert.ok(waited < 5000, `stopped ${waited} ms after the signal`);
  const played = stdout.split('\n').filter((l) => / game \d+: Damka /.test(l)).length;
  assert.ok(played >= 1 && played < 20, stdout);
  assert.match(stdout, /^Damka level 2, 20 ms\/move vs Damka level 1, 20 ms\/move$/m);
  assert.match(stdout, /^Damka \+\d+ =\d+ -\d+: /m);
  assert.match(
    stdout,
    new RegExp(
      `\nstopped after ${played} of 20 games \\(SIGINT; the game in progress is not counted\\)\n$`,
    ),
  );
  // the file holds exactly the games reported, each complete and legal
  const games = parsePdn(readFileSync(pdn, 'utf8')).games;
  assert.equal(games.length, played);
  assert.ok(games.every((g) => g.ok && g.value.result !== '*'));
  const checked = await damka('pdn', 'check', pdn);
  assert.equal(checked.code, 0, checked.stdout);
  assert.match(checked.stdout, new RegExp(`^${played} games?: ${played} OK, 0 bad$`, 'm'));
});
