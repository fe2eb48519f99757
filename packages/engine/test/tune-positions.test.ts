/**
 * `npm run tune -- positions` as its user runs it, then stopped the hard way: its game workers
 * must not play on for nobody once the run that started them is killed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TUNE = fileURLToPath(new URL('../tune/tune.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(status(pid));
const status = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
};

test('killing a positions run ends its game workers', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-tune-'));
  const out = join(dir, 'positions.txt');
  const run = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      TUNE,
      'positions',
      '--variant',
      'english',
      '--games',
      '10000',
      '--nodes',
      '200-300',
      '--procs',
      '2',
      '--seed',
      '7',
      '--out',
      out,
    ],
    { stdio: 'ignore' },
  );
  try {
    // wait until both workers write positions (a cold start transpiles the engine: seconds)
    let workers: number[] = [];
    for (let i = 0; i < 900; i++) {
      await sleep(100);
      workers = childrenOf(run.pid!);
      if (workers.length === 2 && existsSync(out) && readFileSync(out, 'utf8').length > 0) break;
    }
    assert.equal(workers.length, 2, 'two workers started');
    assert.ok(readFileSync(out, 'utf8').length > 0, 'positions written');
    run.kill('SIGKILL');
    for (let i = 0; i < 150 && workers.some(alive); i++) await sleep(100);
    assert.deepEqual(workers.filter(alive), [], 'no worker plays on');
  } finally {
    run.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The game workers among the children of `pid` (Linux; tsx may have a transpiler child too). */
function childrenOf(pid: number): number[] {
  let pids: number[];
  try {
    pids = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return pids.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').includes('play');
    } catch {
      return false;
    }
  });
}
