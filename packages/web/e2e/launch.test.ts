/**
 * The browser tests' own limits: a browser that is not executable fails at once with the reason,
 * one that starts but never answers fails at the launch time limit (and is killed, so nothing is
 * left to keep the test process alive), and without the system's Chromium the one that an npm dev
 * dependency carries is unpacked and drives the app — so that path is exercised on every run, on
 * machines that have a system Chromium too.
 */
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startHarness } from './harness.ts';

const KEYS = ['CHROMIUM_PATH', 'DAMKA_TEST_SYSTEM_CHROMIUM', 'DAMKA_TEST_LAUNCH_TIMEOUT_MS'];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
const dir = mkdtempSync(join(tmpdir(), 'damka-launch-'));

afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** A program at `name` in the temporary folder with the given shell body and mode. */
function program(name: string, body: string, mode: number): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, mode);
  return path;
}

/** The commands of this process's living children. */
function children(): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === process.pid && state !== 'Z') out.push(comm);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

test('a browser that is not executable fails at once, saying so', async () => {
  process.env.CHROMIUM_PATH = program('not-executable', 'exit 0', 0o644);
  const started = Date.now();
  await assert.rejects(startHarness(), /CHROMIUM_PATH: .*not-executable is not executable/);
  assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
});

test('a browser that never answers fails at the launch time limit', async () => {
  process.env.CHROMIUM_PATH = program('silent', 'exec sleep 600', 0o755);
  process.env.DAMKA_TEST_LAUNCH_TIMEOUT_MS = '2000';
  const started = Date.now();
  await assert.rejects(startHarness(), /silent \(CHROMIUM_PATH\) did not start: .*Timeout 2000ms/);
  assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms`);
  // Killed (SIGKILL takes effect a moment later): no `sleep` child within a second.
  for (let i = 0; i < 20 && children().includes('sleep'); i++) await delay(50);
  assert.ok(!children().includes('sleep'), 'the browser that did not answer is killed');
});

test('without the system Chromium, the one from npm runs the app', async () => {
  delete process.env.CHROMIUM_PATH;
  process.env.DAMKA_TEST_SYSTEM_CHROMIUM = '0';
  const h = await startHarness();
  try {
    assert.match(h.browserSource, /^@sparticuz\/chromium /);
    assert.match(h.browser.version(), /^\d+\./);
    const { page, errors } = await h.page({ width: 390, height: 844 });
    await page.goto(h.url);
    await page.getByTestId('menu').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await h.close();
  }
});
