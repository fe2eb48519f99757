/**
 * The Hub-2 engine: Damka as a Hub engine for draughts GUIs (the protocol of Scan and of the
 * tools built around it). It reads one command line at a time and writes answer lines; where the
 * lines come from and go to is the caller's business (`hub-stdio.ts` connects it to a process's
 * standard streams), so every behaviour is tested in-process with a scripted backend.
 *
 * The search runs in a backend (normally `NodeEngineClient`, a worker thread with a shared stop
 * flag), never on the thread that reads commands: while it searches, `ping`, `stop`, `ponder-hit`
 * and `quit` are still read and answered at once. Every `go` ends with exactly one `done` line,
 * and no line, however malformed, throws: it is ignored (unknown commands, as Hub requires) or
 * answered with `error message="…"`.
 */
import {
  Position,
  VARIANTS,
  getVariant,
  parseOptions,
  variantOrThrow,
  type Move,
  type Options,
  type Variant,
} from '@damka/rules';
import type { ClientSearch } from '../client-node.ts';
import type { WireInfo, WireMove, WireResult } from '../protocol.ts';
import type { SearchLimits } from '../search.ts';
import { MAX_THREADS } from '../threads.ts';
import {
  formatHubLine,
  formatHubMove,
  parseHubLine,
  parseHubMove,
  parseHubPosition,
  type HubLine,
} from './hub.ts';

/** What the Hub engine needs of a search backend; `NodeEngineClient` is one. */
export interface HubBackend {
  search(request: ClientSearch): Promise<WireResult>;
  /** Stop the running search; it then resolves with its best move so far. */
  stop(): void;
  newGame(): void;
  close(): Promise<void>;
}

export interface HubEngineOptions {
  /** Write one answer line (without its newline). */
  readonly send: (line: string) => void;
  /** Start a search backend; called at `init` (or at the first `go` without one). */
  readonly createBackend: (settings: {
    readonly ttBits: number;
    /** Levels 6–8 play from the opening book (the `book` parameter, default true). */
    readonly book: boolean;
    /** Threads a search bounded by time runs on (the `threads` parameter, default 1). */
    readonly threads: number;
  }) => HubBackend;
  readonly name?: string;
  readonly version?: string;
  readonly author?: string;
}

/**
 * Variant names that Scan's `variant` parameter uses, read as the Damka variant they are (Scan's
 * `frisian` and `killer` are Damka's ids already).
 */
const SCAN_VARIANT_NAMES: Readonly<Record<string, string>> = {
  normal: 'international',
  losing: 'antidraughts',
  bt: 'breakthrough',
};

/** Time allotted after `ponder-hit` when the level gives none (the engine's own default). */
const DEFAULT_MOVE_TIME = 1000;

type Mode = 'think' | 'ponder' | 'analyze';

interface RunningSearch {
  mode: Mode;
  readonly variant: Variant;
  /** Limits of the move once the search plays for real (`go think`, or after `ponder-hit`). */
  readonly thinkLimits: SearchLimits | undefined;
  /** The result, held back while the GUI has not yet asked for it (ponder, analyze, infinite). */
  result: WireResult | undefined;
  /** `done` may be written as soon as the result is known. */
  released: boolean;
  stopping: boolean;
  last: WireInfo | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Repeats the stop request until the result arrives (see `stopSearch`). */
  stopTimer: ReturnType<typeof setInterval> | undefined;
  /** Resolves once `done` is written. */
  readonly finished: Promise<void>;
  readonly finish: () => void;
}

/** A Hub-2 engine session. Feed it lines with `handle`; `end` at end of input. */
export class HubEngine {
  private readonly options: HubEngineOptions;
  private variantId = 'international';
  private optionsText = '';
  private variant: Variant;
  private strength = 8;
  private ttBits = 20;
  private book = true;
  private threads = 1;
  private backend: HubBackend | undefined;
  private start: Position | undefined;
  /** Set by a refused `pos`: `go` must not play the position before it. */
  private badPosition: string | undefined;
  private moves: Move[] = [];
  private limits: SearchLimits | undefined;
  private search: RunningSearch | undefined;
  private quitting: Promise<void> | undefined;
  private quitted = false;
  private markClosed: () => void = () => {};
  /** Resolves once the session has ended (`quit` or end of input) and its backend is closed. */
  readonly closed: Promise<void> = new Promise((resolve) => (this.markClosed = resolve));

  constructor(options: HubEngineOptions) {
    this.options = options;
    this.variant = variantOrThrow('international');
  }

  /** Handle one input line. Never throws. */
  handle(text: string): void {
    if (this.quitting) return;
    try {
      this.dispatch(text);
    } catch (e) {
      this.error(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** End of input, or `quit`: stop any search, close the backend. Resolves when all is closed. */
  end(): Promise<void> {
    if (!this.quitting) this.quitting = this.shutdown();
    return this.quitting;
  }

  private async shutdown(): Promise<void> {
    const running = this.search;
    if (running) {
      this.stopSearch();
      await running.finished;
    }
    await this.backend?.close();
    this.backend = undefined;
    this.quitted = true;
    this.markClosed();
  }

  private send(line: string): void {
    if (!this.quitted) this.options.send(line);
  }

  private error(message: string): void {
    this.send(formatHubLine('error', [['message', message]]));
  }

  private dispatch(text: string): void {
    if (text.trim() === '') return;
    const parsed = parseHubLine(text);
    if (!parsed.ok) return this.error(parsed.error);
    const line = parsed.value;
    if (this.search) {
      switch (line.command) {
        case 'ping':
          return this.send('pong');
        case 'stop':
          return this.stopSearch();
        case 'ponder-hit':
          return this.ponderHit();
        case 'quit':
          void this.end();
          return;
        default:
          return this.error(`'${line.command}' is not accepted during a search`);
      }
    }
    switch (line.command) {
      case 'hub':
        return this.identify();
      case 'set-param':
        return this.setParam(line);
      case 'init':
        this.ensureBackend();
        return this.send('ready');
      case 'new-game':
        this.backend?.newGame();
        this.start = undefined;
        this.badPosition = undefined;
        this.moves = [];
        return;
      case 'pos':
        return this.setPosition(line);
      case 'level':
        return this.setLevel(line);
      case 'go':
        return this.go(line);
      case 'ping':
        return this.send('pong');
      case 'stop':
      case 'ponder-hit':
        return; // nothing to stop: a late command after `done`
      case 'quit':
        void this.end();
        return;
      default:
        return; // Hub: unknown commands are ignored
    }
  }

  private identify(): void {
    const o = this.options;
    this.send(
      formatHubLine('id', [
        ['name', o.name ?? 'Damka'],
        ['version', o.version ?? '0.1.0'],
        ['author', o.author ?? 'Damka contributors'],
      ]),
    );
    const ids = VARIANTS.map((r) => r.id).join(' ');
    this.send(
      formatHubLine('param', [
        ['name', 'variant'],
        ['value', this.variantId],
        ['type', 'enum'],
        ['values', ids],
      ]),
    );
    this.send(
      formatHubLine('param', [
        ['name', 'options'],
        ['value', this.optionsText],
        ['type', 'string'],
      ]),
    );
    this.send(
      formatHubLine('param', [
        ['name', 'strength'],
        ['value', this.strength],
        ['type', 'int'],
        ['min', 1],
        ['max', 8],
      ]),
    );
    this.send(
      formatHubLine('param', [
        ['name', 'tt-bits'],
        ['value', this.ttBits],
        ['type', 'int'],
        ['min', 10],
        ['max', 26],
      ]),
    );
    this.send(
      formatHubLine('param', [
        ['name', 'threads'],
        ['value', this.threads],
        ['type', 'int'],
        ['min', 1],
        ['max', MAX_THREADS],
      ]),
    );
    this.send(
      formatHubLine('param', [
        ['name', 'book'],
        ['value', String(this.book)],
        ['type', 'bool'],
      ]),
    );
    this.send('wait');
  }

  private setParam(line: HubLine): void {
    const name = line.args.get('name');
    const value = line.args.get('value');
    if (name === undefined || value === undefined) {
      return this.error('set-param needs name= and value=');
    }
    switch (name) {
      case 'variant':
        return this.chooseVariant(SCAN_VARIANT_NAMES[value] ?? value, this.optionsText);
      case 'options':
        return this.chooseVariant(this.variantId, value);
      case 'strength': {
        const n = integer(value, 1, 8);
        if (n === undefined)
          return this.error(`strength must be a whole number 1-8, not '${value}'`);
        this.strength = n;
        return;
      }
      case 'tt-bits': {
        const n = integer(value, 10, 26);
        if (n === undefined)
          return this.error(`tt-bits must be a whole number 10-26, not '${value}'`);
        this.ttBits = n;
        return;
      }
      case 'threads': {
        const n = integer(value, 1, MAX_THREADS);
        if (n === undefined)
          return this.error(`threads must be a whole number 1-${MAX_THREADS}, not '${value}'`);
        this.threads = n;
        return;
      }
      case 'book':
        if (value !== 'true' && value !== 'false')
          return this.error(`book must be true or false, not '${value}'`);
        this.book = value === 'true';
        return;
      default:
        return; // unknown parameters are ignored (Scan's bb-size, … mean nothing here)
    }
  }

  private chooseVariant(id: string, optionsText: string): void {
    const pairs = optionsText.split(/[\s,]+/).filter((p) => p !== '');
    const options = parseOptions(pairs);
    if (!options.ok) return this.error(options.error);
    const variant = getVariant(id, options.value as Options);
    if (!variant.ok) return this.error(variant.error);
    this.variantId = id;
    this.optionsText = optionsText;
    this.variant = variant.value;
    this.start = undefined;
    this.badPosition = undefined;
    this.moves = [];
    this.limits = undefined;
  }

  private ensureBackend(): HubBackend {
    this.backend ??= this.options.createBackend({
      ttBits: this.ttBits,
      book: this.book,
      threads: this.threads,
    });
    return this.backend;
  }

  private setPosition(line: HubLine): void {
    this.badPosition = 'the last pos was refused';
    const text = line.args.get('pos');
    let start: Position;
    if (text === undefined) start = Position.start(this.variant);
    else {
      const parsed = parseHubPosition(this.variant, text);
      if (!parsed.ok) return this.error(parsed.error);
      start = parsed.value;
    }
    const moves: Move[] = [];
    let position = start;
    for (const word of (line.args.get('moves') ?? '').split(/\s+/).filter((w) => w !== '')) {
      const move = parseHubMove(position, word);
      if (!move.ok) return this.error(`pos: ${move.error} after ${moves.length} moves`);
      moves.push(move.value);
      position = position.play(move.value);
    }
    this.start = start;
    this.moves = moves;
    this.badPosition = undefined;
    this.limits = undefined; // Hub: a new position resets the limits
  }

  private setLevel(line: HubLine): void {
    if (line.args.has('infinite')) {
      this.limits = { infinite: true };
      return;
    }
    const read = (key: string, min: number): number | undefined | null => {
      const text = line.args.get(key);
      if (text === undefined) return undefined;
      const value = /^\s*\d+(\.\d*)?\s*$|^\s*\.\d+\s*$/.test(text) ? Number(text) : NaN;
      return Number.isFinite(value) && value >= min ? value : null;
    };
    const depth = read('depth', 1);
    const nodes = read('nodes', 1);
    const moveTime = read('move-time', 0);
    const time = read('time', 0);
    const inc = read('inc', 0);
    const moves = read('moves', 0);
    for (const [key, value] of Object.entries({
      depth,
      nodes,
      'move-time': moveTime,
      time,
      inc,
      moves,
    })) {
      if (value === null) return this.error(`level: bad ${key}='${line.args.get(key)}'`);
    }
    const limits: {
      depth?: number;
      nodes?: number;
      moveTime?: number;
      clock?: { time: number; increment?: number; movesToGo?: number };
    } = {};
    if (depth != null) limits.depth = Math.min(Math.floor(depth), 100);
    if (nodes != null) limits.nodes = Math.floor(nodes);
    if (moveTime != null) limits.moveTime = Math.max(1, Math.round(moveTime * 1000));
    if (time != null) {
      limits.clock = {
        time: Math.round(time * 1000),
        ...(inc != null ? { increment: Math.round(inc * 1000) } : {}),
        ...(moves != null && moves > 0 ? { movesToGo: Math.floor(moves) } : {}),
      };
    }
    if (Object.keys(limits).length === 0) return this.error('level: no limit given');
    this.limits = limits;
  }

  private go(line: HubLine): void {
    const mode: Mode = line.args.has('ponder')
      ? 'ponder'
      : line.args.has('analyze') || line.args.has('analyse')
        ? 'analyze'
        : 'think';
    if (this.badPosition !== undefined) {
      this.error(`no position to search: ${this.badPosition}`);
      return this.send('done');
    }
    const variant = this.variant;
    const start = this.start ?? Position.start(variant);
    let position = start;
    for (const move of this.moves) position = position.play(move);
    if (position.legalMoves().length === 0) {
      this.error('no legal move in this position');
      return this.send('done');
    }
    const backend = this.ensureBackend();
    const infinite = this.limits?.infinite === true;
    const limits: SearchLimits | undefined =
      mode === 'think' && !infinite ? this.limits : { infinite: true };
    const request: ClientSearch = {
      game: {
        variant: variant.id,
        options: variant.options,
        fen: start.fen,
        moves: this.moves.map(wireMove),
      },
      ...(limits ? { limits } : {}),
      ...(mode === 'analyze' ? {} : { level: this.strength }),
      analyse: mode !== 'think' || infinite,
      onInfo: (info) => this.onInfo(info),
    };
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const running: RunningSearch = {
      mode,
      variant,
      thinkLimits: this.limits,
      result: undefined,
      released: mode === 'think' && !infinite,
      stopping: false,
      last: undefined,
      timer: undefined,
      stopTimer: undefined,
      finished,
      finish,
    };
    this.search = running;
    backend.search(request).then(
      (result) => {
        running.result = result;
        if (running.released || running.stopping) this.done(running);
        // else: held until `stop` or `ponder-hit` asks for it
      },
      (e: unknown) => {
        this.error(`search failed: ${e instanceof Error ? e.message : String(e)}`);
        running.result = undefined;
        this.done(running);
      },
    );
  }

  private onInfo(info: WireInfo): void {
    const running = this.search;
    if (!running) return;
    running.last = info;
    const pv = info.pv.map((m) => formatHubMove(running.variant, m)).join(' ');
    this.send(
      formatHubLine('info', [
        ['depth', info.depth],
        ['score', info.score],
        ['nodes', info.nodes],
        ['time', (info.time / 1000).toFixed(3)],
        ['nps', info.nps],
        ['pv', pv],
      ]),
    );
    if (running.mode === 'think' && running.released) this.checkLimits(running);
  }

  /** After `ponder-hit`: stop once the move's own depth or node limit is reached. */
  private checkLimits(running: RunningSearch): void {
    const limits = running.thinkLimits;
    const last = running.last;
    if (!limits || !last || running.stopping) return;
    if (
      (limits.depth !== undefined && last.depth >= limits.depth) ||
      (limits.nodes !== undefined && last.nodes >= limits.nodes)
    ) {
      this.stopSearch();
    }
  }

  /**
   * Stop the search. The request is repeated every 2 ms until the result arrives: a stop sent in
   * the same tick as `go` reaches `NodeEngineClient` before its search has started, and the
   * client clears the stop flag when the search starts, so a single request could be lost.
   */
  private stopSearch(): void {
    const running = this.search;
    if (!running) return;
    running.stopping = true;
    if (running.result !== undefined) return this.done(running);
    this.backend?.stop();
    running.stopTimer ??= setInterval(() => this.backend?.stop(), 2);
  }

  private ponderHit(): void {
    const running = this.search;
    if (!running || running.mode !== 'ponder') return;
    running.mode = 'think';
    const limits = running.thinkLimits;
    if (limits?.infinite) return; // plays when told to stop
    running.released = true;
    if (running.result !== undefined) return this.done(running);
    if (limits?.depth !== undefined || limits?.nodes !== undefined) this.checkLimits(running);
    const budget = moveBudget(limits);
    if (budget !== undefined) {
      running.timer = setTimeout(() => this.stopSearch(), budget);
    }
  }

  /** Write the one `done` line of a search and make the engine idle again. */
  private done(running: RunningSearch): void {
    if (this.search !== running) return;
    if (running.timer !== undefined) clearTimeout(running.timer);
    if (running.stopTimer !== undefined) clearInterval(running.stopTimer);
    this.search = undefined;
    const result = running.result;
    const args: Array<[string, string]> = [];
    if (result?.move) {
      args.push(['move', formatHubMove(running.variant, result.move)]);
      const [first, second] = result.pv;
      if (first && second && sameWireMove(first, result.move)) {
        args.push(['ponder', formatHubMove(running.variant, second)]);
      }
    }
    this.send(formatHubLine('done', args));
    running.finish();
  }
}

/** Milliseconds to think after `ponder-hit` for the level's time limits; undefined for none. */
function moveBudget(limits: SearchLimits | undefined): number | undefined {
  if (!limits) return DEFAULT_MOVE_TIME;
  if (limits.moveTime !== undefined) return limits.moveTime;
  if (limits.clock) {
    const { time, increment = 0, movesToGo } = limits.clock;
    const share = time / Math.max(1, movesToGo ?? 30) + increment * 0.8;
    return Math.max(1, Math.min(share, time * 0.5));
  }
  if (limits.depth !== undefined || limits.nodes !== undefined) return undefined;
  return DEFAULT_MOVE_TIME;
}

function wireMove(move: Move): WireMove {
  if (move.kind === 'split') return { from: move.from, to: move.to, split: true };
  return move.kind === 'capture'
    ? { from: move.from, to: move.to, captures: move.captures }
    : { from: move.from, to: move.to };
}

function sameWireMove(a: Move, b: Move): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.captures.length === b.captures.length &&
    a.captures.every((sq) => b.captures.includes(sq))
  );
}

function integer(text: string, min: number, max: number): number | undefined {
  if (!/^\s*-?\d+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}
