/**
 * Reading an imported PDN off the page's thread: each read starts a worker (`pdn.worker.ts`)
 * that decodes, parses and replays every game, and resolves with the listing; stopping a read
 * ends its worker at once. Where no worker can start (an old browser, a test without one) the
 * same reading runs on the page, so import always works.
 */
import { readPdnBytes, readPdnGames, type PdnListing } from './game-pdn.ts';

export type PdnReadRequest =
  | { readonly idPrefix: string; readonly bytes: Uint8Array; readonly text?: undefined }
  | { readonly idPrefix: string; readonly text: string; readonly bytes?: undefined };

export type PdnReadAnswer =
  | {
      readonly ok: true;
      readonly text: string;
      readonly games: PdnListing[];
      /** The file's encoding was guessed (UTF-16 without a byte-order mark): say so. */
      readonly guessed: boolean;
    }
  | { readonly ok: false; readonly reason: string };

/** A read in progress: its answer, and a way to stop it (the answer then never comes). */
export interface PdnRead {
  readonly answer: Promise<PdnReadAnswer>;
  stop(): void;
}

function readHere(request: PdnReadRequest): PdnReadAnswer {
  try {
    if (request.bytes !== undefined) {
      return { ok: true, ...readPdnBytes(request.bytes, request.idPrefix) };
    }
    const games = readPdnGames(request.text, request.idPrefix);
    return { ok: true, text: request.text, games, guessed: false };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
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
  if (!worker) return { answer: Promise.resolve(readHere(request)), stop: () => {} };
  const answer = new Promise<PdnReadAnswer>((resolve) => {
    worker.onmessage = (e: MessageEvent<PdnReadAnswer>) => {
      worker.terminate();
      resolve(e.data);
    };
    // a worker that cannot load its script (offline without it kept) reads on the page instead
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      resolve(readHere(request));
    };
    // copied, not transferred: the page may still need the bytes to read them itself
    worker.postMessage(request);
  });
  return { answer, stop: () => worker.terminate() };
}
