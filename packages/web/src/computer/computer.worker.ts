/**
 * The computer player's Web Worker: answers `think` requests (protocol.ts) off the page's thread so
 * the board never freezes while it searches.
 */
import type { ThinkRequest, WorkerAnswer } from './protocol.ts';
import { chooseEntry } from './search.ts';
import { replay } from '../game/record.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ThinkRequest>) => void) | null;
  postMessage(answer: WorkerAnswer): void;
};

scope.onmessage = (e) => {
  const req = e.data;
  if (req.type !== 'think') return;
  try {
    const game = replay({
      id: 'worker',
      setup: req.setup,
      entries: req.entries,
      mode: 'computer',
      computer: null,
      resigned: null,
    });
    const position = game.positions[game.positions.length - 1]!;
    const entry = chooseEntry(position);
    if (!entry) scope.postMessage({ type: 'error', id: req.id, message: 'no legal move' });
    else scope.postMessage({ type: 'entry', id: req.id, entry });
  } catch (err) {
    scope.postMessage({ type: 'error', id: req.id, message: String(err) });
  }
};
