/**
 * The game service: creates games, admits players and spectators, and carries out every action
 * and decision — moves, burns, replays, resignations, draw offers, rematches, flag falls — with
 * the database as the single source of truth.
 *
 * Order of work for anything that changes a game: check it against the cached `LiveGame`, write
 * it to the database with a conditional write (`store.ts`), then apply it to the cache, then
 * answer the caller and publish the event. If the write loses a race with another node, the game
 * is re-read and the request checked again — which turns a repeated move into an
 * acknowledgement and a move from an outdated client into a stale-ply refusal.
 *
 * Requests on one game are serialised within a node (a promise chain per game), so the cache is
 * never changed by two requests at once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Game, type Color } from '@damka/rules';
import {
  ABORT_BEFORE_PLY,
  CLAIM_AFTER_MS,
  type LiveState,
  type Action,
  type CreateGameRequest,
  type ErrorCode,
  type OutcomeInfo,
  type Seat,
  type ServerMessage,
} from '@damka/protocol';
import type { GamesTable } from './db.ts';
import { Hub, type Connection, type GameEvent, type PublicRow } from './hub.ts';
import { LiveGame, capitalized, startOf, type Request } from './live.ts';
import type { Metrics } from './metrics.ts';
import type { Store } from './store.ts';

/** A refusal with its protocol error code. */
export interface Failure {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly expected?: number;
}

export type Outcome<T> = ({ readonly ok: true } & T) | Failure;

const fail = (code: ErrorCode, message: string, expected?: number): Failure =>
  expected === undefined ? { ok: false, code, message } : { ok: false, code, message, expected };

/** sha256 of a secret, hex: what the database keeps instead of the secret. */
export function hashSecret(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new 128-bit secret, base64url. */
export function newSecret(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The secret a player holds in the rematch of game `gameId`: derived from the player's secret in
 * that game (HMAC-SHA256 keyed by it, 128 bits), so only that player can have it, and the server
 * can give it again to the player coming back with the old link while storing only its hash.
 */
export function rematchSecret(token: string, gameId: string): string {
  return createHmac('sha256', token)
    .update(`damka rematch of ${gameId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** A new public game id: 72 random bits, base64url (12 characters). */
export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}

/** Constant-time comparison of a presented secret with a stored hash. */
function matches(token: string, hash: string): boolean {
  const a = createHash('sha256').update(token, 'utf8').digest();
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const MAX_ATTEMPTS = 5;

export interface ServiceOptions {
  /** The clock (tests may replace it). */
  readonly now?: () => number;
  /** Where measurements go (`METRICS=1`); none by default. */
  readonly metrics?: Metrics;
  /** How long a player must be gone before the opponent may claim (default `CLAIM_AFTER_MS`). */
  readonly claimAfterMs?: number;
}

export class GameService {
  readonly store: Store;
  readonly hub: Hub;
  /** The time source (milliseconds since the epoch). */
  readonly now: () => number;
  readonly metrics: Metrics | null;
  readonly claimAfterMs: number;
  /** Since when each player of a followed game has had no connection (absent = connected). */
  private readonly absentSince = new Map<string, { white?: number; black?: number }>();
  private readonly cache = new Map<string, LiveGame>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(store: Store, hub: Hub, options: ServiceOptions = {}) {
    this.store = store;
    this.hub = hub;
    this.now = options.now ?? Date.now;
    this.metrics = options.metrics ?? null;
    this.claimAfterMs = options.claimAfterMs ?? CLAIM_AFTER_MS;
    hub.onPresence = (game, seat) => this.presenceChanged(game, seat);
    hub.render = (event, connection) => this.render(event, connection);
    hub.onRemote = (event) => this.onRemote(event);
  }

  /** Create a game; returns its id and the two seat secrets (shown once, stored hashed). */
  async create(
    request: CreateGameRequest,
    rematchOf: string | null = null,
  ): Promise<Outcome<{ id: string; white: string; black: string }>> {
    const built = this.newRow(request, rematchOf);
    if (!built.ok) return built;
    await this.store.insertGame(built.row);
    return { ok: true, id: built.row.id, white: built.white, black: built.black };
  }

  private newRow(
    request: CreateGameRequest,
    rematchOf: string | null,
  ): Outcome<{ row: GamesTable; white: string; black: string }> {
    const options = request.options ?? {};
    const start = startOf(request.variant, options, request.fen ?? null);
    if (!start.ok) return fail('badMessage', start.error);
    const ended = Game.fromPosition(start.position).outcome;
    if (ended) return fail('badMessage', `the game would be over at once: ${ended.text}`);
    const white = newSecret();
    const black = newSecret();
    const clock = request.clock ?? null;
    const ms = clock ? clock.initial * 1000 : 0;
    const now = this.now();
    const row: GamesTable = {
      id: newGameId(),
      variant: start.position.variant.id,
      options: JSON.stringify(start.position.variant.options),
      fen: request.fen?.trim() ? request.fen.trim() : null,
      clock_initial: clock ? clock.initial : null,
      clock_increment: clock ? clock.increment : null,
      white_hash: hashSecret(white),
      black_hash: hashSecret(black),
      created_at: now,
      ply: 0,
      version: 0,
      white_ms: ms,
      black_ms: ms,
      last_at: now,
      outcome: null,
      ended_at: null,
      draw_offer: null,
      rematch_white: 0,
      rematch_black: 0,
      rematch_game: null,
      rematch_of: rematchOf,
      joined_white: 0,
      joined_black: 0,
      rematch_white_hash: null,
      rematch_black_hash: null,
    };
    return { ok: true, row, white, black };
  }

  /** The cached game, loaded from the database if needed; null when there is no such game. */
  async load(id: string): Promise<LiveGame | null> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const row = await this.store.row(id);
    if (!row) return null;
    const actions = await this.store.actions(id);
    const again = this.cache.get(id); // loaded meanwhile by another request
    if (again) return again;
    const live = new LiveGame(row, actions);
    this.cache.set(id, live);
    return live;
  }

  /** Bring the cached game up to date with the database (another node may have written). */
  async refresh(id: string): Promise<LiveGame | null> {
    const live = await this.load(id);
    if (!live) return null;
    const row = await this.store.row(id);
    if (!row) return null;
    if (row.version === live.version) return live;
    if (row.ply >= live.ply) {
      const actions = await this.store.actions(id, live.ply);
      try {
        for (const action of actions) if (action.ply === live.ply) live.replayAction(action);
        if (live.ply === row.ply) {
          live.row = row;
          return live;
        }
      } catch {
        // fall through to a full reload
      }
    }
    this.cache.delete(id);
    return this.load(id);
  }

  /** The game as stored now, for reading (in turn with the game's other requests). */
  snapshot(id: string): Promise<LiveGame | null> {
    return this.serial(id, () => (this.hub.shared ? this.refresh(id) : this.load(id)));
  }

  /** Run `task` after every earlier task on the same game. */
  private serial<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(id, settled);
    settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return next;
  }

  /** Which seat a secret opens (spectator without one). */
  async seatOf(live: LiveGame, token: string | undefined): Promise<Seat | null> {
    if (token === undefined) return 'spectator';
    const white = matches(token, live.row.white_hash);
    const black = matches(token, live.row.black_hash);
    if (white) return 'white';
    if (black) return 'black';
    return null;
  }

  /**
   * Admit a connection: its seat, and the welcome message with every action from `since` on.
   * A seat's first visit is recorded (the waiting screen of the other player ends).
   */
  async join(
    id: string,
    token: string | undefined,
    since: number,
    attach: (seat: Seat, welcome: ServerMessage, rematch: ServerMessage | null) => void,
  ): Promise<Outcome<{ seat: Seat }>> {
    return this.serial(id, async () => {
      const live = this.hub.shared ? await this.refresh(id) : await this.load(id);
      if (!live) return fail('notFound', 'there is no such game');
      const seat = await this.seatOf(live, token);
      if (!seat) return fail('unauthorized', 'this link does not open a seat of this game');
      // a player arriving to find the opponent gone starts the opponent's absence from now
      if (seat !== 'spectator') {
        const other: Color = seat === 'white' ? 'black' : 'white';
        if (!this.hub.present(id, other)) this.markAbsent(id, other, false);
      }
      if (seat !== 'spectator') {
        const key = seat === 'white' ? 'joined_white' : 'joined_black';
        if (live.row[key] === 0) {
          await this.change(live, (row) => ({ ...row, [key]: 1 }));
        }
      }
      const current = this.cache.get(id) ?? live;
      const from = Math.min(since, current.ply);
      const welcome: ServerMessage = {
        type: 'welcome',
        v: 1,
        game: current.info,
        seat,
        from,
        actions: current.actions.slice(from),
        state: current.state(this.now(), this.absent(id)),
      };
      attach(seat, welcome, await this.missedRematch(current, seat, token));
      this.arm(current);
      return { ok: true, seat };
    });
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
    const next = live.row.rematch_game;
    if (!next || seat === 'spectator' || token === undefined) return null;
    const newSeat: Seat = seat === 'white' ? 'black' : 'white';
    const row = await this.store.row(next);
    if (!row || row[newSeat === 'white' ? 'joined_white' : 'joined_black'] === 1) return null;
    return { type: 'rematch', game: next, seat: newSeat, token: rematchSecret(token, live.id) };
  }

  /**
   * Write a change of the row (no action) with retries; publishes an update. `edit` returns the
   * new row, or a failure to give up.
   */
  private async change(
    live: LiveGame,
    edit: (row: GamesTable, live: LiveGame) => GamesTable | Failure,
  ): Promise<Outcome<{ live: LiveGame }>> {
    let current: LiveGame | null = live;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && current; attempt++) {
      const edited = edit(current.row, current);
      if ('ok' in edited) return edited;
      const row = { ...edited, version: current.version + 1 };
      if (await this.store.updateRow(row, current.version)) {
        current.row = row;
        this.hub.publish({ t: 'update', game: row.id, row: publicRow(row) });
        this.arm(current);
        return { ok: true, live: current };
      }
      current = await this.refresh(live.id);
    }
    return fail('internal', 'the game is busy: try again');
  }

  /** Carry out a move, burn or replay by `seat`. */
  async act(
    id: string,
    seat: Seat,
    request: Request,
  ): Promise<Outcome<{ action: Action; duplicate: boolean }>> {
    if (seat === 'spectator') return fail('spectator', 'spectators cannot play');
    return this.serial(id, async () => {
      let live = await this.load(id);
      for (let attempt = 0; attempt < MAX_ATTEMPTS && live; attempt++) {
        const now = this.now();
        const checked = live.check(seat, request, now);
        if (checked.kind === 'duplicate') {
          return { ok: true, action: checked.action, duplicate: true };
        }
        if (checked.kind === 'refused') {
          if (checked.refusal.code === 'gameOver' && live.flagFallen(now)) {
            await this.flag(live);
          }
          const { code, message } = checked.refusal;
          const expected = code === 'stalePly' || code === 'futurePly' ? live.ply : undefined;
          return fail(code, message, expected);
        }
        const action = checked.action;
        const row = live.rowAfter(action, checked.outcome);
        let written = false;
        const writeStart = performance.now();
        try {
          written = await this.store.recordAction(id, action, row, live.version);
        } finally {
          if (!written) live.rollback();
        }
        this.metrics?.write(performance.now() - writeStart);
        if (written) {
          live.commit(action, row);
          this.hub.publish({ t: 'played', game: id, action, row: publicRow(row) });
          this.arm(live);
          return { ok: true, action, duplicate: false };
        }
        live = await this.refresh(id);
      }
      return fail('internal', 'the game is busy: try again');
    });
  }

  /** `seat` resigns. */
  async resign(id: string, seat: Seat): Promise<Outcome<object>> {
    if (seat === 'spectator') return fail('spectator', 'spectators cannot resign');
    return this.serial(id, async () => {
      const live = await this.load(id);
      if (!live) return fail('notFound', 'there is no such game');
      return this.end(live, () => live.endOutcome({ kind: 'resign', color: seat }));
    });
  }

  /** Offer, accept or decline a draw. */
  async draw(
    id: string,
    seat: Seat,
    what: 'offer' | 'accept' | 'decline',
  ): Promise<Outcome<object>> {
    if (seat === 'spectator') return fail('spectator', 'spectators cannot offer draws');
    return this.serial(id, async () => {
      const live = await this.load(id);
      if (!live) return fail('notFound', 'there is no such game');
      const other: Color = seat === 'white' ? 'black' : 'white';
      const standing = live.row.draw_offer;
      if (live.row.outcome) return fail('gameOver', 'the game is over');
      if (what === 'accept' || (what === 'offer' && standing === other)) {
        if (standing !== other) return fail('noDrawOffer', 'there is no draw offer to accept');
        return this.end(live, (current) =>
          current.row.draw_offer === other
            ? current.endOutcome({ kind: 'agreement' })
            : fail('noDrawOffer', 'the draw offer was withdrawn'),
        );
      }
      if (what === 'decline') {
        if (standing !== other) return fail('noDrawOffer', 'there is no draw offer to decline');
        return this.change(live, (row) => ({ ...row, draw_offer: null }));
      }
      if (standing === seat) return { ok: true };
      return this.change(live, (row) =>
        row.outcome ? fail('gameOver', 'the game is over') : { ...row, draw_offer: seat },
      );
    });
  }

  /** End the game with an outcome computed from the current state (resignation, agreement). */
  private async end(
    live: LiveGame,
    outcome: (live: LiveGame) => OutcomeInfo | Failure,
  ): Promise<Outcome<object>> {
    const result = await this.change(live, (row, current) => {
      if (row.outcome) return fail('gameOver', 'the game is over');
      const now = this.now();
      if (current.flagFallen(now)) return ended(row, current, current.timeoutOutcome(), now);
      const decided = outcome(current);
      if ('ok' in decided) return decided;
      return ended(row, current, decided, now);
    });
    return result.ok ? { ok: true } : result;
  }

  /** Record a flag fall if the side to move is out of time. */
  private async flag(live: LiveGame): Promise<void> {
    await this.change(live, (row, current) => {
      const now = this.now();
      if (row.outcome || !current.flagFallen(now)) return fail('notOver', 'no flag has fallen');
      return ended(row, current, current.timeoutOutcome(), now);
    });
  }

  /** Check the clock of a game (a timer fired). */
  async checkFlag(id: string): Promise<void> {
    if (this.closed) return;
    await this.serial(id, async () => {
      const live = this.hub.shared ? await this.refresh(id) : await this.load(id);
      if (live && live.flagFallen(this.now())) await this.flag(live);
      else if (live) this.arm(live);
    });
  }

  /** Ask for a rematch; when both players have, the new game is created (colours swapped). */
  async rematch(id: string, seat: Seat, token: string | undefined): Promise<Outcome<object>> {
    if (seat === 'spectator' || token === undefined) {
      return fail('spectator', 'spectators cannot ask for a rematch');
    }
    return this.serial(id, async () => {
      let live = await this.load(id);
      for (let attempt = 0; attempt < MAX_ATTEMPTS && live; attempt++) {
        const row = live.row;
        if (!row.outcome) return fail('notOver', 'a rematch can be asked only after the end');
        if (row.rematch_game) return { ok: true };
        const key = seat === 'white' ? 'rematch_white' : 'rematch_black';
        const next = {
          ...row,
          [key]: 1,
          [`${key}_hash`]: hashSecret(rematchSecret(token, id)),
          version: row.version + 1,
        };
        if (next.rematch_white === 1 && next.rematch_black === 1) {
          const built = this.newRow(
            {
              variant: live.info.variant,
              options: live.info.options,
              ...(live.info.fen ? { fen: live.info.fen } : {}),
              clock: live.info.clock,
            },
            id,
          );
          if (!built.ok) return built;
          // the old White plays Black: each seat opens with the secret its player derives
          built.row.white_hash = next.rematch_black_hash!;
          built.row.black_hash = next.rematch_white_hash!;
          next.rematch_game = built.row.id;
          if (await this.store.insertRematch(built.row, next, row.version)) {
            live.row = next;
            this.hub.publish({ t: 'update', game: id, row: publicRow(next) });
            this.hub.publish({ t: 'rematch', game: id, next: built.row.id });
            return { ok: true };
          }
        } else if (await this.store.updateRow(next, row.version)) {
          live.row = next;
          this.hub.publish({ t: 'update', game: id, row: publicRow(next) });
          return { ok: true };
        }
        live = await this.refresh(id);
      }
      return fail('internal', 'the game is busy: try again');
    });
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
    if (!this.queues.has(id)) this.cache.delete(id);
    this.absentSince.delete(id);
  }

  /** Each player's absence as the state reports it (null: connected, or not known here). */
  absent(id: string): LiveState['absent'] {
    const since = this.absentSince.get(id);
    const of = (seat: Color) => (this.hub.present(id, seat) ? null : (since?.[seat] ?? null));
    return { white: of('white'), black: of('black') };
  }

  /** Note that `seat` has no connection from now on (unless an earlier time is known). */
  private markAbsent(id: string, seat: Color, overwrite: boolean): void {
    let since = this.absentSince.get(id);
    if (!since) this.absentSince.set(id, (since = {}));
    if (overwrite || since[seat] === undefined) since[seat] = this.now();
  }

  /** A player's first connection opened or last one closed (here or on another node). */
  private presenceChanged(id: string, seat: Color): void {
    if (this.hub.present(id, seat)) delete this.absentSince.get(id)?.[seat];
    else this.markAbsent(id, seat, true);
    const live = this.cache.get(id);
    if (!live || live.row.outcome) return;
    const message: ServerMessage = {
      type: 'update',
      state: live.state(this.now(), this.absent(id)),
    };
    for (const connection of this.hub.connections(id)) connection.send(message);
  }

  /** `seat` aborts the game: it ends without a result, only before `ABORT_BEFORE_PLY` actions. */
  async abort(id: string, seat: Seat): Promise<Outcome<object>> {
    if (seat === 'spectator') return fail('spectator', 'spectators cannot abort games');
    return this.serial(id, async () => {
      const live = this.hub.shared ? await this.refresh(id) : await this.load(id);
      if (!live) return fail('notFound', 'there is no such game');
      return this.end(live, (current) =>
        current.ply >= ABORT_BEFORE_PLY
          ? fail('cannotAbort', `a game can be aborted only before ${ABORT_BEFORE_PLY} moves`)
          : {
              winner: null,
              reason: 'aborted',
              side: seat,
              text: `Aborted by ${capitalized(seat)}: no result`,
            },
      );
    });
  }

  /**
   * `seat` claims the win or a draw because the opponent has had no connection to the game for
   * `claimAfterMs` (at least, as this node knows: a player this node has not seen leave counts from
   * when the claimant arrived). A game that has hardly begun is aborted instead.
   */
  async claim(id: string, seat: Seat, result: 'win' | 'draw'): Promise<Outcome<object>> {
    if (seat === 'spectator') return fail('spectator', 'spectators cannot claim');
    return this.serial(id, async () => {
      const live = this.hub.shared ? await this.refresh(id) : await this.load(id);
      if (!live) return fail('notFound', 'there is no such game');
      const other: Color = seat === 'white' ? 'black' : 'white';
      return this.end(live, (current) => {
        if (current.ply < ABORT_BEFORE_PLY) {
          return fail('cannotClaim', 'the game has hardly begun: abort it instead');
        }
        const since = this.absent(id)[other];
        if (since === null) return fail('cannotClaim', 'your opponent is connected');
        const wait = since + this.claimAfterMs - this.now();
        if (wait > 0) {
          return fail(
            'cannotClaim',
            `your opponent left ${Math.round((this.now() - since) / 1000)} s ago: you may claim in ${Math.ceil(wait / 1000)} s`,
          );
        }
        const left = `${capitalized(other)} left the game`;
        return result === 'win'
          ? {
              winner: seat,
              reason: 'abandoned',
              side: other,
              text: `${capitalized(seat)} wins: ${left}`,
            }
          : { winner: null, reason: 'abandoned', side: other, text: `Draw: ${left}` };
      });
    });
  }

  /** An event from another node: bring the cache along, or drop it to be re-read. */
  private onRemote(event: GameEvent): void {
    const live = this.cache.get(event.game);
    if (!live || event.t === 'rematch' || event.t === 'presence') return;
    const row = { ...event.row, white_hash: live.row.white_hash, black_hash: live.row.black_hash };
    if (row.version <= live.version) return;
    try {
      if (
        event.t === 'played' &&
        row.version === live.version + 1 &&
        event.action.ply === live.ply
      ) {
        live.commit(event.action, row);
      } else if (event.t === 'update' && row.version === live.version + 1 && row.ply === live.ply) {
        live.row = row;
      } else {
        this.cache.delete(event.game);
        this.resyncLater(event.game);
        return;
      }
    } catch {
      this.cache.delete(event.game);
      this.resyncLater(event.game);
      return;
    }
    this.arm(live);
  }

  /** After the cache was dropped: send this node's connections to the game everything again. */
  private resyncLater(game: string): void {
    for (const connection of this.hub.connections(game)) connection.resync();
  }

  /** The message an event becomes for one connection. */
  private render(event: GameEvent, connection: Connection): ServerMessage | null {
    const now = this.now();
    if (event.t === 'rematch') {
      if (connection.seat === 'spectator') {
        return { type: 'rematch', game: event.next, seat: 'spectator' };
      }
      const seat: Seat = connection.seat === 'white' ? 'black' : 'white';
      if (connection.token === undefined) return null;
      return {
        type: 'rematch',
        game: event.next,
        seat,
        token: rematchSecret(connection.token, event.game),
      };
    }
    if (event.t === 'presence') return null;
    const live = this.cache.get(event.game);
    if (!live || live.version !== event.row.version) return null;
    const state = live.state(now, this.absent(event.game));
    if (event.t === 'played') return { type: 'played', action: event.action, state };
    return { type: 'update', state };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.queues.values()]);
    this.metrics?.close();
  }
}

/** The row of a game ended with `outcome` at `now`, clocks stopped where they stood. */
function ended(row: GamesTable, live: LiveGame, outcome: OutcomeInfo, now: number): GamesTable {
  const next: GamesTable = {
    ...row,
    outcome: JSON.stringify(outcome),
    ended_at: now,
    draw_offer: null,
  };
  const running = live.clockRunning();
  if (running) {
    const key = running === 'white' ? 'white_ms' : 'black_ms';
    next[key] = Math.max(0, Math.round(live.timeLeft(running, now)));
    next.last_at = now;
  }
  return next;
}

function publicRow(row: GamesTable): PublicRow {
  const { white_hash: _w, black_hash: _b, ...rest } = row;
  return rest;
}
