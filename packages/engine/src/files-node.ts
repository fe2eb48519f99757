/**
 * Writing a file so that no reader ever sees half of it: the bytes go to `NAME.part-PID` beside it
 * first, and a rename makes them the file at once. A write that fails (a full disk, a folder that
 * cannot be written) removes its part file; a run killed in the middle leaves one, and the next
 * write into that folder removes every part file whose process is gone. The one home of this for
 * the endgame-database builder, the opening-book builder and the puzzle sets (Node only), and of
 * making a folder with its parents (`makeFolder`, also the server's for its SQLite folder) and of
 * checking, before hours of work, that the result can be written there (`writableFolder`).
 */
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const PART = /\.part-(\d+)$/;

/** Write `data` to `path` (its folder made if needed) all at once, as the module comment says. */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const folder = dirname(path);
  makeFolder(folder);
  removeStaleParts(folder);
  const temp = join(folder, `${basename(path)}.part-${process.pid}`);
  try {
    writeFileSync(temp, data);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Remove the part files in `folder` left by processes that are no longer running. */
export function removeStaleParts(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = PART.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || running(Number(pid))) continue;
    rmSync(join(folder, name), { force: true });
  }
}

/** Whether a process with this id exists (one of another user's counts). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Make `path` and its missing parents, one at a time. Node's own recursive `mkdirSync` never
 * returns where a parent exists but refuses new folders with ENOENT (anywhere under /proc): it
 * tries that parent again and again. Here such a refusal is thrown like any other.
 */
export function makeFolder(path: string): void {
  const missing: string[] = [];
  for (let at = resolve(path); !existsSync(at);) {
    missing.push(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Make `folder` (with its parents) and check that files can be written in it: throws the reason
 * (no permission, a file of that name, a place that takes no folders), for a command to say before
 * any work rather than after it.
 */
export function writableFolder(folder: string): void {
  makeFolder(folder);
  accessSync(folder, constants.W_OK);
}
