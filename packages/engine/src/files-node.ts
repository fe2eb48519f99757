/**
 * Writing a file so that no reader ever sees half of it: the bytes go to `NAME.part-PID` beside it
 * first, and a rename makes them the file at once. A write that fails (a full disk, a folder that
 * cannot be written) removes its part file; a run killed in the middle leaves one, and the next
 * write into that folder removes every part file whose process is gone. The one home of this for
 * the endgame-database builder, the opening-book builder and the puzzle sets (Node only).
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const PART = /\.part-(\d+)$/;

/** Write `data` to `path` (its folder made if needed) all at once, as the module comment says. */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
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
