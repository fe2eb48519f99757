/**
 * The computer's Web Worker: connects `responder.ts` (the engine of `@damka/engine` answering
 * questions about the game) to the worker's messages, so the page never freezes while it searches.
 * The engine and its tables live only in this worker's chunk, loaded when first needed; a
 * variant's opening book and its pattern table are chunks of their own, loaded when a game (or a
 * review) of that variant first needs them.
 */
import { loadBook, loadPatterns } from '@damka/engine';
import { startBrowserHelpers } from '@damka/engine/threads-browser';
import { createResponder } from './responder.ts';
import { createReviewRunner } from '../review/runner.ts';
import type { FromWorker, ToReviewWorker, ToWorker } from './protocol.ts';

/** The part of a dedicated worker's global scope used here (no DOM worker types needed). */
interface WorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: { data: ToWorker | ToReviewWorker }) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const responder = createResponder((answer) => scope.postMessage(answer), {
  bookFor: loadBook,
  patternsFor: loadPatterns,
  helpersFor: (variant, threads) => startBrowserHelpers(variant, { threads }),
});
const reviews = createReviewRunner((answer) => scope.postMessage(answer), {
  patternsFor: loadPatterns,
});

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    responder.setStopFlag(new Int32Array(message.stopBuffer));
    responder.setThreads(message.threads ?? 1);
  } else if (message.type === 'review' || message.type === 'review-stop') reviews.receive(message);
  else responder.answer(message);
};
