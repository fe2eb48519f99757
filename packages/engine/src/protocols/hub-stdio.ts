/**
 * `runHubEngine`: the Hub engine on a byte stream pair — normally a process's stdin and stdout, so
 * `damka hub` can be started by any Hub GUI. It splits the input into lines, feeds them to a
 * `HubEngine` and ends the session at `quit` or at the end of the input.
 *
 * The search runs in a worker thread (`NodeEngineClient`), loaded on first use so that importing
 * `@damka/engine` starts and requires nothing Node-specific.
 */
import { HubEngine, type HubBackend } from './hub-engine.ts';
import { MAX_HUB_LINE } from './hub.ts';

/** The part of a readable stream the runner uses (`process.stdin`, a socket, a PassThrough). */
export interface LineSource {
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'end' | 'close', listener: () => void): unknown;
  pause(): unknown;
}

export interface HubRunOptions {
  readonly input: LineSource;
  readonly output: { write(text: string): unknown };
  /** Seed of the levels' randomness (tests); default random. */
  readonly seed?: number;
  /** Another search backend (tests); default: a worker thread. */
  readonly createBackend?: (settings: {
    readonly ttBits: number;
    readonly book: boolean;
    readonly threads: number;
  }) => HubBackend;
}

/** Run a Hub session until `quit` or the end of `input`; resolves when everything is closed. */
export async function runHubEngine(options: HubRunOptions): Promise<void> {
  let createBackend = options.createBackend;
  if (!createBackend) {
    const { NodeEngineClient } = await import('../client-node.ts');
    createBackend = ({ ttBits, book, threads }) =>
      new NodeEngineClient({
        ttBits,
        book,
        threads,
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
      });
  }
  const engine = new HubEngine({
    send: (line) => options.output.write(`${line}\n`),
    createBackend,
  });
  const { input } = options;
  const decoder = new TextDecoder();
  let pending = '';
  let skipping = false;
  const onData = (chunk: Buffer | string) => {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (skipping) skipping = false;
      else engine.handle(line);
    }
    if (pending.length > MAX_HUB_LINE) {
      // an endless line: drop it up to its newline rather than hold it in memory
      options.output.write(`error message="line too long"\n`);
      pending = '';
      skipping = true;
    }
  };
  const onEnd = () => {
    if (pending !== '' && !skipping) engine.handle(pending);
    pending = '';
    void engine.end();
  };
  input.on('data', onData);
  input.on('end', onEnd);
  input.on('close', onEnd);
  await engine.closed;
  input.off('data', onData);
  input.off('end', onEnd);
  input.off('close', onEnd);
  input.pause();
}
