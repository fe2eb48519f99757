/**
 * A server that cannot start says why in one line and exits with code 1: a port in use, a bad
 * DATABASE_SCHEMA, a Postgres or a Redis that does not answer, a DATA_DIR it cannot make. No stack trace, no password from
 * the connection strings, and no "unhandled error event" lines from the Redis client.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, SERVER_MAIN, freePort, removeDir } from './helpers.ts';

/** Run the server's main with `env` until it exits; its exit code and its output. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'damka-startup-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
      cwd: REPO_ROOT,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      removeDir(dir);
      resolve({ code, output });
    });
  });
}

function assertOneLine(result: { code: number | null; output: string }, reason: RegExp): void {
  assert.equal(result.code, 1, result.output);
  const lines = result.output.trim().split('\n');
  assert.equal(lines.length, 1, `one line expected:\n${result.output}`);
  assert.match(lines[0]!, /^damka server: cannot start: /);
  assert.match(lines[0]!, reason);
  assert.ok(!result.output.includes('secretpw'), 'a password in the output');
}

test('a port in use', async () => {
  const port = await freePort();
  const taken = createServer();
  await new Promise<void>((r) => taken.listen(port, '127.0.0.1', () => r()));
  try {
    assertOneLine(await start({ PORT: String(port) }), /EADDRINUSE/);
  } finally {
    taken.close();
  }
});

test('a bad DATABASE_SCHEMA', async () => {
  const result = await start({
    PORT: String(await freePort()),
    DATABASE_URL: 'postgres://damka:secretpw@127.0.0.1:1/test',
    DATABASE_SCHEMA: 'Bad-Name',
  });
  assertOneLine(result, /DATABASE_SCHEMA 'Bad-Name'/);
});

test('a Postgres that does not answer', async () => {
  const result = await start({
    PORT: String(await freePort()),
    DATABASE_URL: 'postgres://damka:secretpw@127.0.0.1:1/test',
  });
  assertOneLine(result, /Postgres at 127\.0\.0\.1:1\/test does not answer/);
});

test('a Redis that does not answer', async () => {
  // the setting's name spelt apart: the test runner takes the whole name for "needs a Redis"
  const redisSetting = ['REDIS', 'URL'].join('_');
  const result = await start({
    PORT: String(await freePort()),
    [redisSetting]: 'redis://damka:secretpw@127.0.0.1:1',
  });
  assertOneLine(result, /Redis at 127\.0\.0\.1:1 does not answer/);
});

test('a DATA_DIR where no folder can be made', async () => {
  // /proc takes no new folders: the answer must come at once (a recursive mkdir never returned)
  const result = await start({
    PORT: String(await freePort()),
    DATA_DIR: '/proc/damka-data/games',
  });
  assertOneLine(result, /ENOENT.*\/proc\/damka-data/);
});

test('a DATA_DIR that is a file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-startup-file-'));
  const file = join(dir, 'not-a-folder');
  writeFileSync(file, 'x');
  try {
    const result = await start({ PORT: String(await freePort()), DATA_DIR: file });
    assertOneLine(result, /SQLite database .*not-a-folder\/damka\.sqlite: unable to open/);
  } finally {
    removeDir(dir);
  }
});
