/**
 * `OnlineClient`: one seat's (or a spectator's) side of the protocol, for the browser and for
 * Node alike — it is given a function that opens a WebSocket (the browser's own, or `ws` in Node)
 * and a list of server addresses.
 *
 * It keeps the game's actions in order and never loses one of its own: an action is sent with
 * the ply it expects to have, stays pending until the server acknowledges it, and is sent again
 * with the same ply after a reconnect (the server acknowledges a repeated action again instead of
 * playing it twice). A lost connection is reopened with a growing delay, trying the addresses in
 * turn, and the `hello` carries the number of actions already held, so the server sends exactly
 * what was missed. A `played` message that does not follow the actions held (a gap) asks for a
 * resync the same way, and so does a state (`played` or `update`) whose ply is beyond the
 * actions held.
 */
import {
  PROTOCOL_VERSION,
  parseServerMessage,
  type Action,
  type ClientMessage,
  type GameInfo,
  type LiveState,
  type Seat,
  type ServerMessage,
} from './messages.ts';

/** The part of a WebSocket the client uses (the browser's and `ws`'s share it). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** Close codes after which reconnecting cannot help. */
const FATAL_CLOSE = new Set([4001, 4004, 4005]);

export interface OnlineClientOptions {
  /** WebSocket URLs of the server (several nodes: tried in turn after a failure). */
  readonly urls: readonly string[];
  readonly game: string;
  /** The seat's secret; absent for a spectator. */
  readonly token?: string;
  readonly connect: SocketFactory;
  /** Called after every change of the client's view of the game. */
  readonly onChange?: (client: OnlineClient) => void;
  /** Called for every message received, after the client has applied it. */
  readonly onMessage?: (message: ServerMessage) => void;
  /** Delay before the first reconnection attempt (doubles up to `maxDelay`). */
  readonly minDelay?: number;
  readonly maxDelay?: number;
  /** Ping after this many ms without a message from the server (default 5000). */
  readonly pingEvery?: number;
  /** A ping unanswered for this many ms means the connection is lost (default 5000). */
  readonly answerWithin?: number;
}

export type ConnectionStatus = 'connecting' | 'open' | 'closed' | 'failed';

interface Pending {
  readonly message: ClientMessage & { ply: number };
  readonly resolve: (action: Action) => void;
  readonly reject: (error: Error) => void;
}

/** An error answered by the server to one of our actions. */
export class ActionRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class OnlineClient {
  readonly options: OnlineClientOptions;
  /** Every action of the game in order, as far as this client knows. */
  actions: Action[] = [];
  info: GameInfo | null = null;
  seat: Seat | null = null;
  state: LiveState | null = null;
  status: ConnectionStatus = 'connecting';
  /** The last error the server sent (cleared by the next action sent). */
  lastError: { code: string; message: string } | null = null;
  /** Local time (`Date.now()`) when the last state arrived: clocks count down from there. */
  stateAt = 0;
  /** Reconnections so far. */
  reconnects = 0;
  private socket: SocketLike | null = null;
  private pending: Pending | null = null;
  private stopped = false;
  private urlIndex = 0;
  private delay: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The liveness check's timer, and when the server was last heard and last pinged. */
  private beatTimer: ReturnType<typeof setTimeout> | null = null;
  private heardAt = 0;
  private pingedAt: number | null = null;
  private pings = 0;

  constructor(options: OnlineClientOptions) {
    this.options = options;
    this.delay = options.minDelay ?? 100;
  }

  /** Open the connection (and keep it open until `stop`). */
  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Close for good; a pending action is rejected. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopBeat();
    this.status = 'closed';
    this.socket?.close(1000, 'bye');
    this.socket = null;
    this.pending?.reject(new Error('client stopped'));
    this.pending = null;
  }

  /** The ply the next action carries. */
  get ply(): number {
    return this.actions.length;
  }

  /** Whether an action of ours awaits its acknowledgement. */
  get busy(): boolean {
    return this.pending !== null;
  }

  /** Play a move (in the variant's notation); resolves once the server has stored it. */
  move(text: string): Promise<Action> {
    return this.act({ type: 'move', ply: this.ply, move: text });
  }

  /** Burn the opponent's piece on `square` (huff rules). */
  burn(square: string): Promise<Action> {
    return this.act({ type: 'burn', ply: this.ply, square });
  }

  /** Dhamet souffle: make the opponent take back his move and replay a longest capture. */
  demandReplay(): Promise<Action> {
    return this.act({ type: 'replay', ply: this.ply });
  }

  resign(): void {
    this.send({ type: 'resign' });
  }

  draw(action: 'offer' | 'accept' | 'decline'): void {
    this.send({ type: 'draw', action });
  }

  rematch(): void {
    this.send({ type: 'rematch' });
  }

  /** End the game without a result (only at its very start). */
  abort(): void {
    this.send({ type: 'abort' });
  }

  /** Claim the win or a draw: the opponent has left the game. */
  claim(result: 'win' | 'draw'): void {
    this.send({ type: 'claim', result });
  }

  /** Send anything (tests use this to send what a well-behaved client never would). */
  sendRaw(text: string): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(text);
  }

  private act(message: ClientMessage & { ply: number }): Promise<Action> {
    if (this.pending) return Promise.reject(new Error('another action is pending'));
    this.lastError = null;
    return new Promise<Action>((resolve, reject) => {
      this.pending = { message, resolve, reject };
      this.send(message);
    });
  }

  private send(message: ClientMessage): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private open(): void {
    if (this.stopped) return;
    this.status = 'connecting';
    const urls = this.options.urls;
    const url = urls[this.urlIndex % urls.length]!;
    let socket: SocketLike;
    try {
      socket = this.options.connect(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.send({
        type: 'hello',
        v: PROTOCOL_VERSION,
        game: this.options.game,
        ...(this.options.token ? { token: this.options.token } : {}),
        since: this.actions.length,
      });
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.heardAt = Date.now();
      const text = typeof event.data === 'string' ? event.data : String(event.data);
      const parsed = parseServerMessage(text);
      if (!parsed.ok) return; // a server speaking another protocol: ignore the message
      this.handle(parsed.value);
    };
    socket.onerror = () => {
      // onclose follows and reconnects
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.stopBeat();
      if (this.stopped) return;
      if (FATAL_CLOSE.has(event.code)) {
        this.status = 'failed';
        this.pending?.reject(new ActionRefused('closed', event.reason ?? 'closed'));
        this.pending = null;
        this.changed();
        return;
      }
      this.urlIndex++;
      this.scheduleReconnect();
    };
  }

  /** Check the open connection's liveness every half interval (see the module comment). */
  private beat(socket: SocketLike): void {
    this.stopBeat();
    const pingEvery = this.options.pingEvery ?? 5000;
    const answerWithin = this.options.answerWithin ?? 5000;
    const tick = () => {
      this.beatTimer = null;
      if (socket !== this.socket || this.stopped) return;
      const now = Date.now();
      const unanswered = this.pingedAt !== null && this.heardAt < this.pingedAt;
      if (unanswered && now - this.pingedAt! >= answerWithin) {
        this.lost(socket);
        return;
      }
      if (!unanswered && now - this.heardAt >= pingEvery) {
        this.pingedAt = now;
        this.pings = (this.pings + 1) & 0x7fffffff;
        this.send({ type: 'ping', n: this.pings });
      }
      this.beatTimer = setTimeout(tick, Math.min(pingEvery, answerWithin) / 2);
      // in Node, the check alone does not keep the process running
      (this.beatTimer as { unref?: () => void }).unref?.();
    };
    this.heardAt = Date.now();
    this.pingedAt = null;
    tick();
  }

  private stopBeat(): void {
    if (this.beatTimer) clearTimeout(this.beatTimer);
    this.beatTimer = null;
  }

  /** The server stopped answering on `socket`: drop it and reconnect as after a close. */
  private lost(socket: SocketLike): void {
    this.socket = null;
    try {
      socket.close(4000, 'no answer');
    } catch {
      // a socket that cannot even close is dropped all the same
    }
    this.urlIndex++;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.status = 'connecting';
    this.changed();
    const max = this.options.maxDelay ?? 2000;
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(max, this.delay * 2);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.reconnects++;
      this.open();
    }, wait);
  }

  private handle(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome': {
        if (this.status !== 'open' && this.socket) this.beat(this.socket);
        this.status = 'open';
        this.delay = this.options.minDelay ?? 100;
        this.info = message.game;
        this.seat = message.seat;
        this.actions = [...this.actions.slice(0, message.from), ...message.actions];
        this.setState(message.state);
        this.settlePending();
        // an action sent before the connection dropped: send it again, same ply
        if (this.pending && this.pending.message.ply === this.actions.length && !this.over) {
          this.send(this.pending.message);
        }
        break;
      }
      case 'ack': {
        this.append(message.action);
        this.settlePending();
        break;
      }
      case 'played': {
        const ply = message.action.ply;
        if (ply > this.actions.length) {
          this.resync();
          return;
        }
        this.append(message.action);
        this.setState(message.state);
        this.settlePending();
        if (message.state.ply > this.actions.length) this.resync();
        break;
      }
      case 'update':
        this.setState(message.state);
        if (this.over) this.settlePending();
        // the game is ahead of the actions held: some were missed
        if (message.state.ply > this.actions.length) this.resync();
        break;
      case 'error': {
        this.lastError = { code: message.code, message: message.message };
        const pending = this.pending;
        const aboutAction = [
          'stalePly',
          'futurePly',
          'illegalMove',
          'notYourTurn',
          'gameOver',
          'spectator',
          'notJoined',
          'unauthorized',
        ].includes(message.code);
        if (pending && aboutAction) {
          this.pending = null;
          pending.reject(new ActionRefused(message.code, message.message));
        }
        break;
      }
      case 'pong':
        // only a sign of life (`heardAt`): nothing the game screen shows has changed
        this.options.onMessage?.(message);
        return;
      default:
        break;
    }
    this.options.onMessage?.(message);
    this.changed();
  }

  /** Whether the game is over as far as this client knows. */
  get over(): boolean {
    return this.state?.outcome != null;
  }

  private append(action: Action): void {
    if (action.ply === this.actions.length) this.actions.push(action);
  }

  /** Resolve the pending action once the actions hold it; reject it once the game is over. */
  private settlePending(): void {
    const pending = this.pending;
    if (!pending) return;
    const action = this.actions[pending.message.ply];
    if (action) {
      this.pending = null;
      const mine = this.seat === action.color;
      if (mine) pending.resolve(action);
      else pending.reject(new ActionRefused('stalePly', 'the opponent played at that ply'));
    } else if (this.over) {
      this.pending = null;
      pending.reject(new ActionRefused('gameOver', 'the game is over'));
    }
  }

  private setState(state: LiveState): void {
    this.state = state;
    this.stateAt = Date.now();
  }

  /** Ask the server for everything after the actions held. */
  resync(): void {
    this.send({
      type: 'hello',
      v: PROTOCOL_VERSION,
      game: this.options.game,
      ...(this.options.token ? { token: this.options.token } : {}),
      since: this.actions.length,
    });
  }

  /** Milliseconds left on `color`'s clock now, or null without a clock. */
  timeLeft(color: 'white' | 'black'): number | null {
    const clock = this.state?.clock;
    if (!clock) return null;
    const base = clock[color];
    if (clock.running !== color || this.over) return base;
    return Math.max(0, base - (Date.now() - this.stateAt));
  }

  private changed(): void {
    this.options.onChange?.(this);
  }
}
