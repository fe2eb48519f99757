/**
 * The review's worker side: replays the game the page sent (with `record.ts`, as the computer's
 * responder does) and runs `@damka/engine`'s `Reviewer` one position at a time, yielding to the
 * worker's message queue between positions so a "stop" is read at once, and posting the result so
 * far after each position. Kept apart from the worker file so it runs in Node tests too.
 *
 * A review ends at the first burn (huff rules): the engine reviews moves, and a burn changes the
 * position between two of them.
 */
import { defaultReviewDepth, Engine, Reviewer } from '@damka/engine';
import type { Move, Position, Variant } from '@damka/rules';
import { replay } from '../game/record.ts';
import type { FromWorker, ReviewRequest, ReviewStop } from '../computer/protocol.ts';

export interface ReviewRunner {
  receive(message: ReviewRequest | ReviewStop): void;
}

export function createReviewRunner(
  post: (answer: FromWorker) => void,
  options: {
    ttBits?: number;
    yieldTo?: (next: () => void) => void;
    /** Loads the variant's pattern table before the engine is made (the worker: `loadPatterns`). */
    patternsFor?: (variant: Variant) => Promise<boolean>;
  } = {},
): ReviewRunner {
  let running: { id: number; stopped: boolean } | null = null;
  const later = options.yieldTo ?? ((next: () => void) => setTimeout(next, 0));

  const start = (q: ReviewRequest) => {
    if (running) running.stopped = true;
    const job = { id: q.id, stopped: false };
    running = job;
    const game = replay({
      id: 'review',
      setup: q.setup,
      entries: q.entries,
      mode: 'friend',
      computer: null,
      resigned: null,
    });
    const moves: Move[] = [];
    for (const m of game.moves) {
      if (!m) break;
      moves.push(m);
    }
    const positions = game.positions.slice(0, moves.length + 1);
    const variant = game.variant;
    const go = () => review(job, variant, positions, moves, q);
    // a table still loading: the review starts when it is there (or its fetch failed)
    const load = options.patternsFor?.(variant);
    if (load) load.then(go, go);
    else go();
  };

  const review = (
    job: { id: number; stopped: boolean },
    variant: Variant,
    positions: readonly Position[],
    moves: readonly Move[],
    q: ReviewRequest,
  ) => {
    const engine = new Engine(variant, {
      seed: 1,
      ...(options.ttBits !== undefined ? { ttBits: options.ttBits } : {}),
    });
    const reviewer = new Reviewer(
      engine,
      positions,
      moves,
      q.depth ?? defaultReviewDepth(variant.topology.size, variant.id),
    );
    const report = (type: 'review-progress' | 'review-done') =>
      post({
        type,
        id: job.id,
        done: reviewer.done,
        total: reviewer.total,
        result: reviewer.result(),
      });
    const step = () => {
      if (job.stopped) {
        if (running === job) running = null;
        report('review-done');
        return;
      }
      try {
        const more = reviewer.step();
        if (!more) {
          if (running === job) running = null;
          report('review-done');
          return;
        }
        report('review-progress');
      } catch (e) {
        post({ type: 'error', id: job.id, message: e instanceof Error ? e.message : String(e) });
        return;
      }
      later(step);
    };
    later(step);
  };

  return {
    receive(message) {
      if (message.type === 'review') start(message);
      else if (running && running.id === message.id) running.stopped = true;
    },
  };
}
