/**
 * The game service: creates games, admits players and spectators, and carries out every action
 * and decision — moves, burns, replays, resignations, draw offers, rematches, flag falls — with
 * the database as the single source of truth.
 *
 * Order of work for anything that changes a game, in the game's queue (`cache.ts`): judge it
 * against the cached `LiveGame`, write it with a conditional write (`store.ts`), and only once the
 * write is committed apply it to the cache — which sends it to this node's connections — and
 * publish it to the other nodes; then answer the caller (so a mover receives `played`, then
 * `ack`). If the write loses a race with another node, nothing was applied: the cache catches up
 * with the database and the request is judged again, which turns a repeated move into an
 * acknowledgement and a move for a ply already played into a `stalePly` refusal.
 *
 * Players' presence (who is connected, since when a player is gone) and the clock timers live
 * here too; `decisions.ts` holds the requests that end or restart a game.
 */
import { Game, type Color } from '@damka/rules';
import {
  CLAIM_AFTER_MS,
  type Action,
  type CreateGameRequest,
  type ErrorCode,
  type LiveState,
  type Seat,
  type ServerMessage,
} from '@damka/protocol';
import { GameCache, type Advance } from './cache.ts';
import type { Connection, Hub } from './hub.ts';
import { LiveGame, startOf, type Request } from './live.ts';
import type { Metrics } from './metrics.ts';
import { initialStatus, type Change, type GameRecord, type GameStatus } from './records.ts';
import { hashSecret, matches, newGameId, newSecret, rematchSecret } from './secrets.ts';
import type { Store } from './store.ts';

/** A refusal with its protocol error code. */
export interface Failure {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly expected?: number;
}

export type Outcome<T> = ({ readonly ok: true } & T) | Failure;

export const fail = (code: ErrorCode, message: string, expected?: number): Failure =>
  expected === undefined ? { ok: false, code, message } : { ok: false, code, message, expected };

/** How many times a change is judged again after losing a write race before giving up. */
const MAX_ATTEMPTS = 5;

export interface ServiceOptions {
  /** The clock (tests may replace it). */
  readonly now?: () => number;
  /** Where measurements go (`METRICS=1`); none by default. */
  readonly metrics?: Metrics;
  /** How long a player must be gone before the opponent may claim (default `CLAIM_AFTER_MS`). */
  readonly claimAfterMs?: number;
  /**
   * Called right after a change is committed, before it is applied or published. For failure
   * tests only (`main.ts` sets it from `DAMKA_FAILPOINT` in test mode alone).
   */
  readonly afterCommit?: (change: Change) => void;
}

export class GameService {
  readonly store: Store;
  readonly hub: Hub;
  readonly cache: GameCache;
  /** The time source (milliseconds since the epoch). */
  readonly now: () => number;
  readonly metrics: Metrics | null;
  readonly claimAfterMs: number;
  private readonly afterCommit: ((change: Change) => void) | null;
  /** Since when each player of a followed game has had no connection (absent = connected). */
  private readonly absentSince = new Map<string, { white?: number; black?: number }>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(store: Store, hub: Hub, options: ServiceOptions = {}) {
    this.store = store;
    this.hub = hub;
    this.cache = new GameCache(store);
    this.now = options.now ?? Date.now;
    this.metrics = options.metrics ?? null;
    this.claimAfterMs = options.claimAfterMs ?? CLAIM_AFTER_MS;
    this.afterCommit = options.afterCommit ?? null;
    this.cache.onAdvance = (live, advance) => this.advanced(live, advance);
    hub.onPresence = (game, seat) => this.presenceChanged(game, seat);
    hub.onRemote = (change) => this.cache.remote(change);
    if (store.kind === 'postgres') this.cache.startPolling(() => hub.games());
  }

  /** Create a game; returns its id and the two seat secrets (shown once, stored hashed). */
  async create(
    request: CreateGameRequest,
    rematchOf: string | null = null,
  ): Promise<Outcome<{ id: string; white: string; black: string }>> {
    const built = this.newGame(request, rematchOf);
    if (!built.ok) return built;
    await this.store.insertGame(built.record);
    return { ok: true, id: built.record.setup.id, white: built.white, black: built.black };
  }

  /** A new game's record and its two secrets, or why the request cannot be played. */
  newGame(
    request: CreateGameRequest,
    rematchOf: string | null,
  ): Outcome<{ record: GameRecord; white: string; black: string }> {
    const options = request.options ?? {};
    const start = startOf(request.variant, options, request.fen ?? null);
    if (!start.ok) return fail('badMessage', start.error);
    const ended = Game.fromPosition(start.position).outcome;
    if (ended) return fail('badMessage', `the game would be over at once: ${ended.text}`);
    const white = newSecret();
    const black = newSecret();
    const clock = request.clock ?? null;
    const now = this.now();
    const record: GameRecord = {
      setup: {
        id: newGameId(),
        variant: start.position.variant.id,
        options: start.position.variant.options as unknown as Record<string, boolean>,
        fen: request.fen?.trim() ? request.fen.trim() : null,
        clock,
        whiteHash: hashSecret(white),
        blackHash: hashSecret(black),
        createdAt: now,
        rematchOf,
      },
      status: initialStatus(now, clock ? clock.initial * 1000 : 0),
    };
    return { ok: true, record, white, black };
  }

  /**
   * The game as stored now, for reading (in turn with the game's other work); cached only while
   * connections here follow it.
   */
  snapshot(id: string): Promise<LiveGame | null> {
    return this.cache.serial(id, async () => {
      const live = await this.cache.current(id, this.hub.watchers(id) > 0);
      return live && (await this.settleFlag(live));
    });
  }

  /**
   * The game with a fallen flag recorded: a clock runs out with no connection, so no timer, on
   * any node; the first reader or joiner ends it rather than showing it still running.
   */
  private async settleFlag(live: LiveGame): Promise<LiveGame | null> {
    if (!live.flagFallen(this.now())) return live;
    await this.flag(live);
    return this.cache.peek(live.id) ?? (await this.cache.current(live.id, false));
  }

  /** Which seat a secret opens (spectator without one); null when it opens none. */
  seatOf(live: LiveGame, token: string | undefined): Seat | null {
    if (token === undefined) return 'spectator';
    if (matches(token, live.setup.whiteHash)) return 'white';
    if (matches(token, live.setup.blackHash)) return 'black';
    return null;
  }

  /**
   * Admit a connection: its seat, and the welcome message with every action from `since` on.
   * `attach` runs in the game's queue, so the connection receives every later change. A seat's
   * first visit is recorded (the waiting screen of the other player ends).
   */
  async join(
    id: string,
    token: string | undefined,
    since: number,
    attach: (seat: Seat, welcome: ServerMessage, rematch: ServerMessage | null) => void,
  ): Promise<Outcome<{ seat: Seat }>> {
    return this.cache.serial(id, async () => {
      let live = await this.cache.current(id);
      if (live) live = await this.settleFlag(live);
      if (!live) return fail('notFound', 'there is no such game');
      const seat = this.seatOf(live, token);
      if (!seat) return fail('unauthorized', 'this link does not open a seat of this game');
      if (seat !== 'spectator') {
        // a player arriving to find the opponent gone starts the opponent's absence from now;
        // with other nodes it shows only once they could have answered that the opponent is there
        const other: Color = seat === 'white' ? 'black' : 'white';
        if (!this.hub.knownPresent(id, other)) this.markAbsent(id, other);
        const joined = seat === 'white' ? 'joinedWhite' : 'joinedBlack';
        if (!live.status[joined]) {
          const changed = await this.change(live, (status) => ({ ...status, [joined]: true }));
          live = changed.ok ? changed.live : (this.cache.peek(id) ?? live);
        }
      }
      attach(seat, this.welcome(live, seat, since), await this.missedRematch(live, seat, token));
      this.arm(live);
      return { ok: true, seat };
    });
  }

  /** The `welcome` for `seat` with the actions from `since` on. */
  private welcome(live: LiveGame, seat: Seat, since: number): ServerMessage {
    const from = Math.min(since, live.ply);
    return {
      type: 'welcome',
      v: 1,
      game: live.info,
      seat,
      from,
      actions: live.actions.slice(from),
      state: this.state(live),
    };
  }

  /** The state as sent to clients now. */
  state(live: LiveGame): LiveState {
    return live.state(this.now(), this.absent(live.id));
  }

  /**
   * The rematch a player comes back to: when the game has one and the player has not opened
   * their seat in it yet (they were away when it was made), its link with their derived secret.
   */
  private async missedRematch(
    live: LiveGame,
    seat: Seat,
    token: string | undefined,
  ): Promise<ServerMessage | null> {
    const next = live.status.rematchGame;
    if (!next || seat === 'spectator' || token === undefined) return null;
    const newSeat: Seat = seat === 'white' ? 'black' : 'white';
    const status = await this.store.status(next);
    if (!status || status[newSeat === 'white' ? 'joinedWhite' : 'joinedBlack']) return null;
    return { type: 'rematch', game: next, seat: newSeat, token: rematchSecret(token, live.id) };
  }

  /**
   * Commit a change without an action (in the game's queue), judging it again after each lost
   * race. `edit` returns the new status (its version is set here), or a failure to give up.
   */
  async change(
    live: LiveGame,
    edit: (status: GameStatus, live: LiveGame) => GameStatus | Failure,
  ): Promise<Outcome<{ live: LiveGame }>> {
    let current: LiveGame | null = live;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && current; attempt++) {
      const edited = edit(current.status, current);
      if ('ok' in edited) return edited;
      const status = { ...edited, version: current.version + 1 };
      if (await this.store.updateStatus(current.id, current.version, status)) {
        this.commit(current, { game: current.id, status, action: null });
        return { ok: true, live: current };
      }
      current = await this.cache.catchUp(current);
    }
    return fail('internal', 'the game is busy: try again');
  }

  /** A change is committed: apply it here (which tells this node's connections), then publish. */
  commit(live: LiveGame, change: Change): void {
    this.afterCommit?.(change);
    this.cache.committed(live, change);
    this.hub.publish(change);
  }

  /** Carry out a move, burn or replay by `seat`. */
  async act(
    id: string,
    seat: Seat,
    request: Request,
  ): Promise<Outcome<{ action: Action; duplicate: boolean }>> {
    if (seat === 'spectator') return fail('spectator', 'spectators cannot play');
    return this.cache.serial(id, async () => {
      let live = await this.cache.load(id);
      if (!live) return fail('notFound', 'there is no such game');
      for (let attempt = 0; attempt < MAX_ATTEMPTS && live; attempt++) {
        const now = this.now();
        const checked = live.check(seat, request, now);
        if (checked.kind === 'duplicate') {
          return { ok: true, action: checked.action, duplicate: true };
        }
        if (checked.kind === 'refused') {
          const { code, message } = checked.refusal;
          if (code === 'futurePly' && attempt === 0) {
            // the client may have seen, through another node, what this copy has not yet
            live = await this.cache.catchUp(live);
            continue;
          }
          if (code === 'gameOver' && live.flagFallen(now)) await this.flag(live);
          const expected = code === 'stalePly' || code === 'futurePly' ? live.ply : undefined;
          return fail(code, message, expected);
        }
        const action = checked.action;
        const status = live.statusAfter(action, checked.outcome);
        const writeStart = performance.now();
        const written = await this.store.recordAction(id, live.version, status, action);
        this.metrics?.write(performance.now() - writeStart);
        if (written) {
          this.commit(live, { game: id, status, action });
          return { ok: true, action, duplicate: false };
        }
        // another node wrote first: judge the request again on what it committed
        live = await this.cache.catchUp(live);
      }
      return fail('internal', 'the game is busy: try again');
    });
  }

  /** Record a flag fall if the side to move is out of time. */
  async flag(live: LiveGame): Promise<void> {
    await this.change(live, (status, current) => {
      const now = this.now();
      if (status.outcome || !current.flagFallen(now)) return fail('notOver', 'no flag has fallen');
      return endedStatus(status, current, current.timeoutOutcome(), now);
    });
  }

  /** Check the clock of a game (a timer fired). */
  async checkFlag(id: string): Promise<void> {
    if (this.closed) return;
    await this.cache.serial(id, async () => {
      const live = await this.cache.current(id);
      if (live && live.flagFallen(this.now())) await this.flag(live);
      else if (live) this.arm(live);
    });
  }

  /** A cached game advanced: send the change to this node's connections, re-arm the clock. */
  private advanced(live: LiveGame, advance: Advance): void {
    const connections = this.hub.connections(live.id);
    if (advance.kind === 'jump') {
      // several actions at once (caught up from the database): the whole stretch again
      for (const c of connections) c.send(this.welcome(live, c.seat, advance.fromPly));
    } else {
      const state = this.state(live);
      const action = advance.change.action;
      const message: ServerMessage = action
        ? { type: 'played', action, state }
        : { type: 'update', state };
      for (const c of connections) c.send(message);
    }
    const next = live.status.rematchGame;
    if (next && advance.before?.rematchGame !== next) {
      for (const c of connections) {
        const message = rematchMessage(live.id, next, c);
        if (message) c.send(message);
      }
    }
    this.arm(live);
  }

  /** Keep a timer for the running clock while this node has connections to the game. */
  arm(live: LiveGame): void {
    const id = live.id;
    const old = this.timers.get(id);
    if (old) clearTimeout(old);
    this.timers.delete(id);
    if (this.closed || this.hub.watchers(id) === 0) return;
    const running = live.clockRunning();
    if (!running) return;
    const wait = Math.max(0, live.timeLeft(running, this.now())) + 5;
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        this.checkFlag(id).catch(() => {});
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    timer.unref?.();
    this.timers.set(id, timer);
  }

  /** A connection left: forget the game when nobody here watches it any more. */
  released(id: string): void {
    if (this.hub.watchers(id) > 0) return;
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
    this.cache.drop(id);
    this.absentSince.delete(id);
  }

  /** Each player's absence as this node knows it (null: connected, or not known here). */
  absent(id: string): LiveState['absent'] {
    const since = this.absentSince.get(id);
    const of = (seat: Color) => (this.hub.present(id, seat) ? null : (since?.[seat] ?? null));
    return { white: of('white'), black: of('black') };
  }

  /**
   * Note that `seat` has no connection from now on, unless an earlier time is known: every arrival
   * clears the time, so a time still here is that of an absence never ended (as seen here).
   */
  private markAbsent(id: string, seat: Color): void {
    let since = this.absentSince.get(id);
    if (!since) this.absentSince.set(id, (since = {}));
    since[seat] ??= this.now();
  }

  /** A player's first connection opened or last one closed (here or on another node). */
  private presenceChanged(id: string, seat: Color): void {
    if (this.hub.present(id, seat)) delete this.absentSince.get(id)?.[seat];
    else this.markAbsent(id, seat);
    const live = this.cache.peek(id);
    if (!live || live.status.outcome) return;
    const message: ServerMessage = { type: 'update', state: this.state(live) };
    for (const connection of this.hub.connections(id)) connection.send(message);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cache.stop();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.cache.settled();
    this.metrics?.close();
  }
}

/** The `rematch` message for one connection of game `game`, whose rematch is `next`. */
function rematchMessage(game: string, next: string, connection: Connection): ServerMessage | null {
  if (connection.seat === 'spectator') return { type: 'rematch', game: next, seat: 'spectator' };
  if (connection.token === undefined) return null;
  const seat: Seat = connection.seat === 'white' ? 'black' : 'white';
  return { type: 'rematch', game: next, seat, token: rematchSecret(connection.token, game) };
}

/** The status of a game ended with `outcome` at `now`, clocks stopped where they stood. */
export function endedStatus(
  status: GameStatus,
  live: LiveGame,
  outcome: NonNullable<GameStatus['outcome']>,
  now: number,
): GameStatus {
  const next = { ...status, outcome, endedAt: now, drawOffer: null };
  const running = live.clockRunning();
  if (!running) return next;
  const left = Math.max(0, Math.round(live.timeLeft(running, now)));
  return running === 'white'
    ? { ...next, whiteMs: left, lastAt: now }
    : { ...next, blackMs: left, lastAt: now };
}
