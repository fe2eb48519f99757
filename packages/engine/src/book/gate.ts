/**
 * Loading books without reordering answers: hosts answer messages synchronously, but a book
 * arrives asynchronously (load.ts). `bookGate` wraps a host's message handler: a message that
 * needs a variant's book not yet known waits for it, and every message after it waits its turn,
 * so answers still come in the order of the questions. Messages that need no book pass at once.
 */
import type { Variant } from '@damka/rules';
import type { OpeningBook } from './book.ts';

export interface BookGateOptions<M> {
  /** The variant whose book `message` needs and that is not known yet, else undefined. */
  readonly needs: (message: M) => Variant | undefined;
  readonly load: (variant: Variant) => Promise<OpeningBook | null>;
  /** Told each loaded book (null: none) before the message that asked for it is handled. */
  readonly loaded: (variant: Variant, book: OpeningBook | null) => void;
  readonly handle: (message: M) => void;
}

/** The gated handler. */
export function bookGate<M>(options: BookGateOptions<M>): (message: M) => void {
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
    const release = (book: OpeningBook | null) => {
      options.loaded(variant, book);
      const queue = held ?? [];
      held = null;
      for (const m of queue) gate(m);
    };
    options.load(variant).then(release, () => release(null));
  };
  return gate;
}
