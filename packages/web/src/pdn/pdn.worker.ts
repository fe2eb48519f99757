/**
 * The PDN reader's Web Worker: reads an imported file (its bytes, decoded by what they are) or a
 * pasted text with `game-pdn.ts` and posts back every game, opened or refused with its reason.
 * A big file (Tinsley's 724 games are 1.5 MB of moves to replay) takes seconds on a phone; here it
 * never freezes the page, and the dialog can stop it by ending the worker.
 */
import { answerPdnRead, type PdnReadAnswer, type PdnReadRequest } from './game-pdn.ts';

/** The part of a dedicated worker's global scope used here (no DOM worker types needed). */
interface WorkerScope {
  postMessage(message: PdnReadAnswer): void;
  onmessage: ((event: { data: PdnReadRequest }) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  scope.postMessage(answerPdnRead(data));
};
