/**
 * Whole-file writes: a reader sees the old file or the new one, a failed write leaves no part file
 * behind, and part files of runs that were killed are swept by the next write into their folder
 * (those of a process still running are left alone).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeFolder, writeFileAtomic } from '../src/files-node.ts';

const dir = mkdtempSync(join(tmpdir(), 'damka-files-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

test('the file is written whole, its folder made, no part file left', () => {
  const file = join(dir, 'a', 'b', 'table.egdb');
  writeFileAtomic(file, 'first');
  writeFileAtomic(file, new Uint8Array([115, 101, 99, 111, 110, 100]));
  assert.equal(readFileSync(file, 'utf8'), 'second');
  assert.deepEqual(readdirSync(join(dir, 'a', 'b')), ['table.egdb']);
});

test("a killed run's part file is removed by the next write; a running one's is kept", () => {
  const folder = join(dir, 'parts');
  mkdirSync(folder);
  // a process id that is surely gone: a child that has exited
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  assert.ok(gone > 0);
  writeFileSync(join(folder, `w0m2k-b0m1k.egdb.part-${gone}`), 'half a table');
  // this process is running
  const mine = `book.data.ts.part-${process.ppid}`;
  writeFileSync(join(folder, mine), 'being written');
  writeFileAtomic(join(folder, 'other.egdb'), 'x');
  assert.deepEqual(readdirSync(folder).sort(), [mine, 'other.egdb'].sort());
});

test('a write that fails throws and leaves no part file', () => {
  const folder = join(dir, 'fails');
  mkdirSync(folder);
  // the target is a folder: the rename fails after the part file was written
  mkdirSync(join(folder, 'target'));
  writeFileSync(join(folder, 'target', 'inside'), 'x');
  assert.throws(() => writeFileAtomic(join(folder, 'target'), 'data'));
  assert.deepEqual(readdirSync(folder), ['target']);
});

test('a folder and its parents are made; one that cannot be (under /proc) is an error, not a hang', () => {
  const deep = join(dir, 'x', 'y', 'z');
  makeFolder(deep);
  makeFolder(deep);
  assert.deepEqual(readdirSync(join(dir, 'x', 'y')), ['z']);
  // Linux refuses new folders in /proc with ENOENT, where Node's recursive mkdir never returns
  assert.throws(() => makeFolder('/proc/damka-test/egdb'), { code: 'ENOENT' });
  assert.throws(() => writeFileAtomic('/proc/damka-test/book.ts', 'x'), { code: 'ENOENT' });
});
