/**
 * Loading a variant's data without reordering answers: hosts answer messages synchronously, but
 * a book (load.ts) or, in the web app, a pattern table (patterns.ts, `loadPatterns`) arrives
 * asynchronously. `bookGate` wraps a host's message handler: a message that needs something of a
 * variant not yet known waits for it, and every message after it waits its turn, so answers still
 * come in the order of the questions. Messages that need nothing pass at once.
 */
import type { Variant } from '@damka/rules';
import type { OpeningBook } from './book.ts';

export interface BookGateOptions<M, T = OpeningBook | null> {
  /** The variant whose data `message` needs and that is not known yet, else undefined. */
  readonly needs: (message: M) => Variant | undefined;
  readonly load: (variant: Variant) => Promise<T>;
  /**
   * Told each variant's loaded data (null: the load failed) before the message that asked for it
   * is handled.
   */
  readonly loaded: (variant: Variant, value: T | null) => void;
  readonly handle: (message: M) => void;
}

/** The gated handler. */
export function bookGate<M, T = OpeningBook | null>(
  options: BookGateOptions<M, T>,
): (message: M) => void {
  let held: M[] | null = null;
  const gate = (message: M): void => {
    if (held) {
      held.push(message);
      return;
    }
    const variant = options.needs(message);
    if (!variant) {
      options.handle(message);
      return;
    }
    held = [message];
    const release = (value: T | null) => {
      options.loaded(variant, value);
      const queue = held ?? [];
      held = null;
      for (const m of queue) gate(m);
    };
    options.load(variant).then(release, () => release(null));
  };
  return gate;
}
