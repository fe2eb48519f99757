/**
 * Node `worker_threads` entry of the puzzle builder: runs `buildPuzzles` for the job in
 * `workerData` and reports each game to its parent (puzzles/build-node.ts starts it). The build
 * runs here, not on the caller's thread, so that the caller stays free to answer a signal: it sets
 * the shared stop flag, and the search in hand stops at once instead of after the game's searches.
 * The PDN files are read and the endgame tables opened here too: both are the build's work.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { decodePdn, getVariant, type Result } from '@damka/rules';
import { openEgdb } from '../egdb/files-node.ts';
import { buildPuzzles } from './build.ts';
import type { PuzzleBuildJob, PuzzleBuildReport } from './build-node.ts';

if (!parentPort) throw new Error('build-worker-node.ts must run in a worker thread');
const port = parentPort;
const job = workerData as PuzzleBuildJob;
const report = (message: PuzzleBuildReport) => port.postMessage(message);

/**
 * A PDN file's text, decoded as every reader of PDN files decodes it (UTF-8, UTF-16, else
 * Windows-1252); the system's reason when it cannot be read.
 */
function readPdnText(path: string): Result<string, string> {
  try {
    return { ok: true, value: decodePdn(readFileSync(path)).text };
  } catch (error) {
    return {
      ok: false,
      error: `cannot read it: ${error instanceof Error ? error.message : error}`,
    };
  }
}

try {
  const variant = getVariant(job.variant, job.variantOptions);
  if (!variant.ok) throw new Error(variant.error);
  const egdb = job.egdb ? openEgdb(variant.value, job.egdb.dir, job.egdb.limit) : undefined;
  const { stopped } = buildPuzzles(variant.value, job.options, {
    readText: readPdnText,
    egdb,
    onGame: (game) => report({ type: 'game', game }),
    onSkip: (skip) => report({ type: 'skip', skip }),
    stopFlag: job.stopFlag,
  });
  report({ type: 'done', stopped });
} catch (error) {
  report({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
