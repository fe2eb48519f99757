/**
 * Reading an imported PDN off the page's thread: each read starts a worker (`pdn.worker.ts`)
 * that decodes, parses and replays every game, and resolves with the listing; stopping a read
 * ends its worker at once. Where no worker can start (an old browser, a test without one) the
 * same reading runs on the page, so import always works.
 */
import { answerPdnRead, type PdnReadAnswer, type PdnReadRequest } from './game-pdn.ts';

export type { PdnReadAnswer, PdnReadRequest };

/** A read in progress: its answer, and a way to stop it (the answer then never comes). */
export interface PdnRead {
  readonly answer: Promise<PdnReadAnswer>;
  stop(): void;
}

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./pdn.worker.ts', import.meta.url), {
      type: 'module',
      name: 'damka-pdn',
    });
  } catch {
    return null;
  }
}

/** Starts reading `request` in a worker (or on the page when no worker starts). */
export function readPdnOffThread(request: PdnReadRequest): PdnRead {
  const worker = typeof Worker === 'undefined' ? null : startWorker();
  if (!worker) return { answer: Promise.resolve(answerPdnRead(request)), stop: () => {} };
  const answer = new Promise<PdnReadAnswer>((resolve) => {
    worker.onmessage = (e: MessageEvent<PdnReadAnswer>) => {
      worker.terminate();
      resolve(e.data);
    };
    // a worker that cannot load its script (offline without it kept) reads on the page instead
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      resolve(answerPdnRead(request));
    };
    // copied, not transferred: the page may still need the bytes to read them itself
    worker.postMessage(request);
  });
  return { answer, stop: () => worker.terminate() };
}
