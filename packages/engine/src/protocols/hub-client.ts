/**
 * `HubClient`: Damka's side of a Hub-2 conversation with an external engine process — for
 * matches against other Hub engines (Scan and its kin) and for testing `damka hub` end to end.
 *
 * It spawns the engine's command, performs the handshake (`hub` … `wait`, `set-param`, `init` …
 * `ready`), then plays positions: `pos` + `level` + `go think`, collecting `info` lines until the
 * one `done`. The engine's move is read against the position's legal moves, so a caller only ever
 * receives a legal `Move`; anything else — an illegal move, a silent engine, an engine that dies —
 * rejects with an `Error` saying what happened. Every wait has a time limit, and `close` ends the
 * process for certain (`quit`, then a kill if it does not exit).
 *
 * It also speaks the first Hub protocol, the one of Scan 2.0 (2015): `name`/`author` lines instead of
 * `id`, `set <name> <value>`, `pos <w|b><50 squares>` then one `move` line per move played, `time`
 * (ms per move) / `level moves time inc` / `depth`, and `go` answered by `move <move> [<reply>]`
 * after positional `info` lines. The dialect is recognised from the engine's answer to `hub`, so a
 * caller never chooses it. That protocol only knows 10x10 boards numbered 1–50.
 *
 * `node:child_process` is loaded on first use, so importing `@damka/engine` stays Node-free.
 */
import type { ChildProcess } from 'node:child_process';
import type { Move, Position } from '@damka/rules';
import type { SearchLimits } from '../search.ts';
import {
  formatHubLine,
  formatHubMove,
  formatHubPosition,
  hubNumbering,
  parseHubLine,
  parseHubMove,
} from './hub.ts';

/** A parameter the engine announced during the handshake. */
export interface HubParam {
  readonly name: string;
  readonly value: string | undefined;
  readonly type: string | undefined;
  readonly min?: string;
  readonly max?: string;
  readonly values?: readonly string[];
}

/** Progress the engine reported with an `info` line (fields as given, numbers parsed). */
export interface HubInfo {
  readonly depth?: number;
  readonly score?: number;
  readonly nodes?: number;
  /** Seconds. */
  readonly time?: number;
  readonly nps?: number;
  readonly pv?: string;
}

/** Which Hub protocol the engine speaks: Hub-2 (Scan 3, Damka) or the first one (Scan 2.0). */
export type HubDialect = 'hub2' | 'hub1';

/** The engine's answer to `go think`. */
export interface HubThinkResult {
  readonly move: Move;
  /** The move as the engine wrote it. */
  readonly text: string;
  /** The reply it expects, as written, if it gave one. */
  readonly ponder?: string;
  readonly info: readonly HubInfo[];
}

export interface HubClientOptions {
  /** The engine's executable and arguments (Scan: `['scan', 'hub']`). */
  readonly command: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
  /** Parameters sent with `set-param` before `init`, e.g. `{ variant: 'normal' }`. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Milliseconds to wait for the handshake and for answers to `ping` (default 15000). */
  readonly timeout?: number;
  /** Every line sent (`>`) and received (`<`), for logs. */
  readonly onLine?: (direction: '>' | '<', line: string) => void;
}

/** What one request waits for: called with each line until it returns true. */
type Waiter = {
  readonly take: (line: string) => boolean;
  readonly fail: (error: Error) => void;
};

export class HubClient {
  private readonly child: ChildProcess;
  private readonly options: HubClientOptions;
  private readonly waiters: Waiter[] = [];
  private readonly exited: Promise<number | null>;
  private exitCode: number | null | undefined;
  private stderrTail = '';
  private engineId: Readonly<Record<string, string>> = {};
  private engineParams: HubParam[] = [];
  private engineDialect: HubDialect = 'hub2';

  private constructor(child: ChildProcess, options: HubClientOptions) {
    this.child = child;
    this.options = options;
    this.exited = new Promise((resolve) => {
      child.on('exit', (code) => {
        this.exitCode = code;
        this.failAll(new Error(`engine exited (code ${code})${this.stderrNote()}`));
        resolve(code);
      });
      child.on('error', (e) => {
        this.exitCode ??= null;
        this.failAll(new Error(`engine could not run: ${e.message}`));
        resolve(null);
      });
    });
    let pending = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      pending += chunk;
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline).replace(/\r$/, '');
        pending = pending.slice(newline + 1);
        this.receive(line);
      }
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    // a write after the engine died must not take the caller's process down
    child.stdin!.on('error', () => {});
  }

  /** Start the engine and complete the handshake; rejects (and ends the process) on failure. */
  static async start(options: HubClientOptions): Promise<HubClient> {
    const { spawn } = await import('node:child_process');
    const child = spawn(options.command, [...(options.args ?? [])], {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    });
    const client = new HubClient(child, options);
    try {
      await client.handshake();
      return client;
    } catch (e) {
      await client.close();
      throw e;
    }
  }

  /** The engine's `id` line: name, version, author, country. */
  get id(): Readonly<Record<string, string>> {
    return this.engineId;
  }

  /** The protocol the engine answered `hub` in. */
  get dialect(): HubDialect {
    return this.engineDialect;
  }

  /** The parameters the engine announced. */
  get params(): readonly HubParam[] {
    return this.engineParams;
  }

  private get timeout(): number {
    return this.options.timeout ?? 15_000;
  }

  private async handshake(): Promise<void> {
    this.send('hub');
    const firstHubIds: Record<string, string> = {};
    await this.expect(
      (line) => {
        // the first protocol identifies itself with bare `name Scan 2.0`, `author …` lines
        const bare = /^(name|version|author|country)\s+(.+)$/.exec(line.trim());
        if (bare) {
          this.engineDialect = 'hub1';
          firstHubIds[bare[1]!] = bare[2]!;
          this.engineId = { ...firstHubIds };
          return false;
        }
        const parsed = parseHubLine(line);
        if (!parsed.ok) return false;
        const { command, args } = parsed.value;
        if (command === 'id') {
          this.engineId = Object.fromEntries(
            [...args].filter(([, v]) => v !== undefined) as Array<[string, string]>,
          );
        } else if (command === 'param') {
          const values = args.get('values');
          this.engineParams.push({
            name: args.get('name') ?? '',
            value: args.get('value'),
            type: args.get('type'),
            ...(args.get('min') !== undefined ? { min: args.get('min')! } : {}),
            ...(args.get('max') !== undefined ? { max: args.get('max')! } : {}),
            ...(values !== undefined ? { values: values.split(/\s+/) } : {}),
          });
        }
        return command === 'wait';
      },
      this.timeout,
      'wait',
    );
    for (const [name, value] of Object.entries(this.options.params ?? {})) {
      if (this.engineDialect === 'hub1') {
        this.send(`set ${name} ${value}`);
        continue;
      }
      this.send(
        formatHubLine('set-param', [
          ['name', name],
          ['value', value],
        ]),
      );
    }
    this.send('init');
    await this.expect((line) => line.trim() === 'ready', this.timeout, 'ready');
  }

  /** Tell the engine a new game starts. */
  newGame(): void {
    this.send(this.engineDialect === 'hub1' ? 'new' : 'new-game');
  }

  /** `ping`; resolves at the engine's `pong`. */
  async ping(): Promise<void> {
    this.send('ping');
    await this.expect((line) => line.trim() === 'pong', this.timeout, 'pong');
  }

  /**
   * Ask for a move: the game from `start` through `moves`, searched within `limits` (Hub's
   * `level`). `timeout` (ms) bounds the wait for `done` (default: the time limit plus the client's
   * timeout, or the client's timeout for depth and node limits).
   */
  async think(
    start: Position,
    moves: readonly Move[],
    limits: SearchLimits,
    options: { timeout?: number; onInfo?: (info: HubInfo) => void } = {},
  ): Promise<HubThinkResult> {
    if (this.engineDialect === 'hub1') return this.thinkFirstHub(start, moves, limits, options);
    let position = start;
    const words: string[] = [];
    for (const move of moves) {
      words.push(formatHubMove(position.variant, move));
      position = position.play(move);
    }
    const pos: Array<[string, string]> = [['pos', formatHubPosition(start)]];
    if (words.length > 0) pos.push(['moves', words.join(' ')]);
    this.send(formatHubLine('pos', pos));
    this.send(levelLine(limits));
    this.send('go think');
    const info: HubInfo[] = [];
    let done: { move?: string; ponder?: string } | undefined;
    const budget =
      options.timeout ?? (limits.moveTime ?? (limits.clock ? limits.clock.time : 0)) + this.timeout;
    await this.expect(
      (line) => {
        const parsed = parseHubLine(line);
        if (!parsed.ok) return false;
        const { command, args } = parsed.value;
        if (command === 'info') {
          const entry = readInfo(args);
          info.push(entry);
          options.onInfo?.(entry);
          return false;
        }
        if (command !== 'done') return false;
        done = {
          ...(args.get('move') !== undefined ? { move: args.get('move')! } : {}),
          ...(args.get('ponder') !== undefined ? { ponder: args.get('ponder')! } : {}),
        };
        return true;
      },
      budget,
      'done',
    );
    const text = done?.move;
    if (text === undefined) throw new Error('engine answered done without a move');
    const move = parseHubMove(position, text);
    if (!move.ok) throw new Error(`engine played '${text}': ${move.error}`);
    return {
      move: move.value,
      text,
      ...(done?.ponder !== undefined ? { ponder: done.ponder } : {}),
      info,
    };
  }

  /** `think` in the first Hub protocol (Scan 2.0). */
  private async thinkFirstHub(
    start: Position,
    moves: readonly Move[],
    limits: SearchLimits,
    options: { timeout?: number; onInfo?: (info: HubInfo) => void },
  ): Promise<HubThinkResult> {
    if (hubNumbering(start.variant).squares.length !== 50) {
      throw new Error(
        `this engine speaks the first Hub protocol, which knows 10x10 boards only (not ${start.variant.id})`,
      );
    }
    // `pos` resets the engine's time settings, so the limits come after the moves
    const pos = formatHubPosition(start);
    this.send(`pos ${pos[0]!.toLowerCase()}${pos.slice(1)}`);
    let position = start;
    for (const move of moves) {
      this.send(`move ${formatHubMove(position.variant, move)}`);
      position = position.play(move);
    }
    for (const line of firstHubLimitLines(limits)) this.send(line);
    this.send('go');
    const info: HubInfo[] = [];
    let answer: string[] | undefined;
    let refused: string | undefined;
    const budget =
      options.timeout ?? (limits.moveTime ?? (limits.clock ? limits.clock.time : 0)) + this.timeout;
    await this.expect(
      (line) => {
        const words = line.trim().split(/\s+/);
        if (words[0] === 'error') {
          refused ??= line.trim();
          return false;
        }
        if (words[0] === 'info') {
          const entry = readFirstHubInfo(words.slice(1));
          info.push(entry);
          options.onInfo?.(entry);
          return false;
        }
        if (words[0] !== 'move') return false;
        answer = words.slice(1);
        return true;
      },
      budget,
      'move',
    );
    const text = answer?.[0];
    if (text === undefined) {
      throw new Error(`engine answered go without a move${refused ? ` (${refused})` : ''}`);
    }
    const move = parseHubMove(position, text);
    if (!move.ok) {
      throw new Error(`engine played '${text}': ${move.error}${refused ? ` (${refused})` : ''}`);
    }
    const ponder = answer?.[1];
    return { move: move.value, text, ...(ponder !== undefined ? { ponder } : {}), info };
  }

  /** Send `stop` (ends a running `go` early; its `think` then resolves with the move). */
  stop(): void {
    this.send('stop');
  }

  /** Send one raw line (for commands this class has no method for). */
  send(line: string): void {
    if (this.exitCode !== undefined || !this.child.stdin!.writable) return;
    this.options.onLine?.('>', line);
    this.child.stdin!.write(`${line}\n`);
  }

  /**
   * End the engine: `quit`, then wait up to `grace` ms for it to exit, then kill it. Resolves with
   * its exit code (null when killed).
   */
  async close(grace = 2000): Promise<number | null> {
    if (this.exitCode === undefined) {
      this.send('quit');
      this.child.stdin!.end();
      const timer = setTimeout(() => this.child.kill('SIGKILL'), grace);
      await this.exited;
      clearTimeout(timer);
    }
    return this.exitCode ?? null;
  }

  private receive(line: string): void {
    this.options.onLine?.('<', line);
    const waiter = this.waiters[0];
    if (waiter && waiter.take(line)) this.waiters.shift();
  }

  private expect(take: (line: string) => boolean, timeout: number, what: string): Promise<void> {
    if (this.exitCode !== undefined) {
      return Promise.reject(new Error(`engine has exited (code ${this.exitCode})`));
    }
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(new Error(`engine did not answer '${what}' within ${timeout} ms`));
      }, timeout);
      const waiter: Waiter = {
        take: (line) => {
          if (!take(line)) return false;
          clearTimeout(timer);
          resolve();
          return true;
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.push(waiter);
    });
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.fail(error);
  }

  private stderrNote(): string {
    const tail = this.stderrTail.trim().split('\n').slice(-1)[0];
    return tail ? `: ${tail}` : '';
  }
}

/** The `level` line for `limits` (Hub times are in seconds). */
export function levelLine(limits: SearchLimits): string {
  if (limits.infinite) return 'level infinite';
  const args: Array<[string, string | number]> = [];
  if (limits.depth !== undefined) args.push(['depth', limits.depth]);
  if (limits.nodes !== undefined) args.push(['nodes', limits.nodes]);
  if (limits.moveTime !== undefined) args.push(['move-time', seconds(limits.moveTime)]);
  if (limits.clock) {
    if (limits.clock.movesToGo !== undefined) args.push(['moves', limits.clock.movesToGo]);
    args.push(['time', seconds(limits.clock.time)]);
    if (limits.clock.increment !== undefined) args.push(['inc', seconds(limits.clock.increment)]);
  }
  return formatHubLine('level', args);
}

/**
 * The first Hub protocol's limit lines: `depth <n>`, `time <ms>` (per move) or
 * `level <moves> <ms> <inc ms>`. An endless search is a very long fixed time (ended by `stop`).
 */
export function firstHubLimitLines(limits: SearchLimits): string[] {
  if (limits.infinite) return ['time 1000000000'];
  const lines: string[] = [];
  if (limits.depth !== undefined) lines.push(`depth ${Math.round(limits.depth)}`);
  if (limits.moveTime !== undefined) lines.push(`time ${Math.round(limits.moveTime)}`);
  else if (limits.clock) {
    const { movesToGo = 0, time, increment = 0 } = limits.clock;
    lines.push(`level ${movesToGo} ${Math.round(time)} ${Math.round(increment)}`);
  }
  return lines;
}

/** `info <depth> <average ply> <score> <nodes> <seconds> <M nodes/s> <pv…>` (Scan 2.0). */
function readFirstHubInfo(words: readonly string[]): HubInfo {
  const number = (i: number): number | undefined => {
    const value = words[i] === undefined ? NaN : Number(words[i]);
    return Number.isFinite(value) ? value : undefined;
  };
  const out: Record<string, number | string> = {};
  const fields: Array<[string, number | undefined]> = [
    ['depth', number(0)],
    ['score', number(2)],
    ['nodes', number(3)],
    ['time', number(4)],
    ['nps', number(5) === undefined ? undefined : number(5)! * 1e6],
  ];
  for (const [key, value] of fields) if (value !== undefined) out[key] = value;
  if (words.length > 6) out.pv = words.slice(6).join(' ');
  return out as HubInfo;
}

function seconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}

function readInfo(args: ReadonlyMap<string, string | undefined>): HubInfo {
  const number = (key: string): number | undefined => {
    const text = args.get(key);
    const value = text === undefined ? NaN : Number(text);
    return Number.isFinite(value) ? value : undefined;
  };
  const out: Record<string, number | string> = {};
  for (const key of ['depth', 'score', 'nodes', 'time', 'nps']) {
    const value = number(key);
    if (value !== undefined) out[key] = value;
  }
  const pv = args.get('pv');
  if (pv !== undefined) out.pv = pv;
  return out as HubInfo;
}
