/**
 * A DXP connection as records: bytes from any transport (a TCP socket in `dxp-net.ts`, a pair of
 * in-memory pipes in tests) are cut into records and parsed; records go out formatted. Kept apart
 * from the games (`dxp-session.ts`) so that each stays short. Every wait has a time limit (or is
 * explicitly unbounded), and a refused record arrives as a value, never as a throw.
 */
import { DxpFramer, dxpBytes, formatDxp, parseDxp, type DxpMessage } from './dxp.ts';

/** What arrives from the peer: a message, a refused record, or the end of the connection. */
export type DxpIncoming =
  | { readonly kind: 'message'; readonly message: DxpMessage; readonly text: string }
  | { readonly kind: 'malformed'; readonly error: string; readonly text?: string }
  | { readonly kind: 'closed' }
  | { readonly kind: 'timeout' };

/** The byte transport under a DXP session (a TCP socket, or a pair of in-memory pipes in tests). */
export interface DxpTransport {
  write(bytes: Uint8Array): void;
  /** Close the connection (after pending writes). */
  end(): void;
}

/**
 * A DXP connection: records in, records out. Feed received bytes with `receive` and the end of
 * the stream with `closed`; read incoming records in order with `next`.
 */
export class DxpChannel {
  private readonly transport: DxpTransport;
  private readonly framer = new DxpFramer();
  private readonly queue: DxpIncoming[] = [];
  private waiting: ((incoming: DxpIncoming) => void) | undefined;
  private ended = false;
  /** Every record sent (`>`) and received (`<`), for logs. */
  onRecord: ((direction: '>' | '<', text: string) => void) | undefined;

  constructor(transport: DxpTransport) {
    this.transport = transport;
  }

  /** Bytes from the peer. */
  receive(chunk: Uint8Array): void {
    for (const frame of this.framer.push(chunk)) {
      if (!frame.ok) {
        this.onRecord?.('<', `(refused: ${frame.error})`);
        this.deliver({ kind: 'malformed', error: frame.error });
        continue;
      }
      this.onRecord?.('<', frame.text);
      const parsed = parseDxp(frame.text);
      this.deliver(
        parsed.ok
          ? { kind: 'message', message: parsed.value, text: frame.text }
          : { kind: 'malformed', error: parsed.error, text: frame.text },
      );
    }
  }

  /** The peer closed the connection (or it broke). */
  closed(): void {
    if (this.ended) return;
    this.ended = true;
    this.deliver({ kind: 'closed' });
  }

  get isClosed(): boolean {
    return this.ended;
  }

  send(message: DxpMessage): void {
    if (this.ended) return;
    const text = formatDxp(message);
    this.onRecord?.('>', text);
    this.transport.write(dxpBytes(text));
  }

  /** Close our side. */
  close(): void {
    if (!this.ended) this.transport.end();
    this.ended = true;
  }

  /** The next incoming record; `timeout` ms without one gives `{ kind: 'timeout' }`. */
  next(timeout: number): Promise<DxpIncoming> {
    const first = this.queue.shift();
    if (first) return Promise.resolve(first);
    if (this.ended) return Promise.resolve({ kind: 'closed' });
    return new Promise((resolve) => {
      const timer =
        timeout === Infinity
          ? undefined
          : setTimeout(() => {
              this.waiting = undefined;
              resolve({ kind: 'timeout' });
            }, timeout);
      this.waiting = (incoming) => {
        if (timer !== undefined) clearTimeout(timer);
        resolve(incoming);
      };
    });
  }

  private deliver(incoming: DxpIncoming): void {
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting(incoming);
    } else this.queue.push(incoming);
  }
}
