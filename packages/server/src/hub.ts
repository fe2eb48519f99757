/**
 * The hub: which connections of this node watch which game, and the messages between nodes over
 * Redis pub/sub when `REDIS_URL` is set. A node publishes each change it committed (the new
 * status and the action, if any); the other nodes hand it to their game cache, which applies it
 * in turn with the game's other work and sends it to their connections. So a player may be
 * connected to any node (no sticky sessions).
 *
 * Redis only makes delivery fast: a change is published after it is committed, and a node that
 * misses one (a Redis hiccup, a writer that died between its commit and its publish) finds it in
 * the database, which each node polls for the games its connections follow (`cache.ts`).
 *
 * The hub also knows whether each player is connected (to any node): nodes announce when a seat's
 * first connection to a game opens and its last one closes, and a node that starts following a
 * game asks the others to announce theirs again. Until the answers can have come
 * (`ASK_WINDOW_MS`), a player this node does not see is not known to be gone, so a player joining
 * a node that did not follow the game yet never sees a connected opponent flash as "left". A node that dies announces nothing, so its players still
 * count as present elsewhere: the error is on the side of refusing a claim. When such a player
 * leaves another node, the nodes that still count them through a second node ask again who holds
 * them, so a dead node's word lasts only until its players have come back and gone.
 *
 * Redis may also hang without closing anything (a stopped or overloaded server): each node
 * publishes a heartbeat every `HEARTBEAT_MS` and counts Redis as not answering when its own
 * heartbeat has not come back through the channel for `REDIS_TIMEOUT_MS`, as when a connection
 * fails; claims are refused meanwhile. When its heartbeat comes back after any outage, a node
 * sends its roster (every seat it holds, possibly none) and asks the others for theirs; each
 * roster replaces what the receivers believed about its sender, so a player who left a node
 * during the outage is gone everywhere, and one who stayed connected elsewhere is present.
 *
 * Messages carry the sending process's instance id (`NODE_ID` and a random part), so two
 * processes given the same `NODE_ID` still hear each other; each warns once about the other.
 */
import { randomBytes } from 'node:crypto';
import type { Seat, ServerMessage } from '@damka/protocol';
import type { Change, Color } from './records.ts';

/**
 * How long, after this node starts following a game and asks the other nodes who is connected,
 * their answers may take: meanwhile a player not seen here counts as present.
 */
export const ASK_WINDOW_MS = 1000;

/** How often a node publishes its heartbeat (its own proof that Redis carries messages). */
export const HEARTBEAT_MS = 1000;

/** A node whose own heartbeat has not come back for this long counts Redis as not answering. */
export const REDIS_TIMEOUT_MS = 3000;

/** Seats per roster message (a node holding more sends several, the last one marked). */
const ROSTER_CHUNK = 500;

/** What nodes tell each other. */
export type GameEvent =
  | { readonly t: 'change'; readonly game: string; readonly change: Change }
  | {
      /** A seat's first connection on node `node` opened (`present`) or its last one closed. */
      readonly t: 'presence';
      readonly game: string;
      readonly seat: Color;
      readonly present: boolean;
      /** Set by a node that just started following the game: the others announce themselves. */
      readonly ask: boolean;
    }
  | {
      /** A heartbeat: its sender sees Redis answer when it comes back through the channel. */
      readonly t: 'beat';
    }
  | {
      /**
       * Every seat the sender holds (sent in parts after an outage, `last` on the final one):
       * the receivers replace what they believed about the sender with it. With `ask`, they send
       * theirs back.
       */
      readonly t: 'roster';
      readonly round: number;
      readonly seats: ReadonlyArray<readonly [string, Color]>;
      readonly last: boolean;
      readonly ask: boolean;
    };

/** A message on the channel: the sending instance, its `NODE_ID`, and the event. */
interface Envelope {
  readonly node: string;
  readonly name?: string;
  readonly event: GameEvent;
}

/** One WebSocket connection, as the hub sees it. */
export interface Connection {
  readonly seat: Seat;
  /** The secret the connection presented (kept on the node that holds it; never published). */
  readonly token?: string;
  send(message: ServerMessage): void;
}

/** The minimum of ioredis the hub uses. */
interface RedisLike {
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready' | 'close', listener: () => void): unknown;
  quit(): Promise<unknown>;
  disconnect(): void;
}

export class Hub {
  private readonly rooms = new Map<string, Set<Connection>>();
  private pub: RedisLike | null = null;
  private sub: RedisLike | null = null;
  private channel = '';
  /** This node's name (`NODE_ID`), shown in `/api/health`. */
  readonly nodeId: string;
  /** This process on the channel: the name and a random part, so two processes never share it. */
  readonly instance: string;
  /** Players connected through other nodes: game → seat → instance ids. */
  private readonly remote = new Map<string, Map<Color, Set<string>>>();
  /** Called for every change another node committed (the game cache applies it). */
  onRemote: (change: Change) => void = () => {};
  /** Called when a player's presence (on any node) may have changed. */
  onPresence: (game: string, seat: Color) => void = () => {};
  /** Told when Redis stops answering (once per outage) and when it is back (the server logs it). */
  onRedisStatus: (up: boolean, message: string) => void = () => {};
  /** Told of a problem in the deployment that this node cannot fix (the server logs it). */
  onWarning: (message: string) => void = () => {};
  /** Why Redis does not answer, while it does not (from the clients' events or the heartbeat). */
  private redisError: string | null = null;
  /** Games whose other nodes were just asked who is connected, with the end of their window. */
  private readonly asking = new Map<string, ReturnType<typeof setTimeout>>();
  /** Whether the subscriber lost Redis since it last listened (its 'ready' then listens again). */
  private subscriberLost = false;
  /** Set by `close`: the connections to Redis end on purpose. */
  private closing = false;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** When this node's own heartbeat last came back, and when the heartbeat timer last ran. */
  private beatSeen = 0;
  private lastTick = 0;
  /** Until when, after an outage, the other nodes' rosters may still be on their way. */
  private settlingUntil = 0;
  /** Rosters being received, by sending instance. */
  private readonly rosters = new Map<string, { round: number; seats: Set<string> }>();
  private rosterRound = 0;
  /** Other instances seen using this node's `NODE_ID` (each is warned about once). */
  private readonly namesakeSet = new Set<string>();

  constructor(nodeId: string) {
    this.nodeId = nodeId;
    this.instance = `${nodeId}#${randomBytes(4).toString('hex')}`;
  }

  /** Connect to Redis and listen to the other nodes. */
  async connectRedis(url: string, channel: string): Promise<void> {
    const { Redis } = await import('ioredis');
    const options = { maxRetriesPerRequest: 2, enableAutoPipelining: true };
    this.pub = new Redis(url, options) as unknown as RedisLike;
    this.sub = new Redis(url, options) as unknown as RedisLike;
    this.channel = channel;
    for (const client of [this.pub, this.sub]) {
      // without a listener ioredis prints every failed reconnection to stderr as "unhandled"
      client.on('error', (error) => {
        if (client === this.sub) this.subscriberLost = true;
        this.lost(error.message || String(error), true);
      });
      // a connection dropped and made again at once gives no error, yet what was published
      // meanwhile never reached the subscriber: the same outage, only shorter
      client.on('close', () => {
        if (client === this.sub) this.subscriberLost = true;
        if (!this.closing) this.lost('the connection closed', false);
      });
      client.on('ready', () => {
        // Redis counts as answering again once this node's heartbeat comes back through it
        if (client === this.sub && this.subscriberLost) {
          this.subscriberLost = false;
          this.sub.subscribe(this.channel).then(
            () => this.beat(),
            () => {
              // Redis went away again: the next 'ready' tries once more
            },
          );
        } else this.beat();
      });
    }
    this.sub.on('message', (_channel, text) => {
      let data: Envelope;
      try {
        data = JSON.parse(text) as Envelope;
      } catch {
        return;
      }
      if (data.node === this.instance) {
        if (data.event.t === 'beat') this.beatCame();
        return;
      }
      if ((data.name ?? data.node) === this.nodeId && !this.namesakeSet.has(data.node)) {
        this.namesakeSet.add(data.node);
        this.onWarning(
          `another node uses NODE_ID ${this.nodeId} (this one is ${this.instance}, the other ${data.node}): give each node its own NODE_ID`,
        );
      }
      if (data.event.t === 'presence') this.remotePresence(data.node, data.event);
      else if (data.event.t === 'change') this.onRemote(data.event.change);
      else if (data.event.t === 'roster') this.remoteRoster(data.node, data.event);
    });
    try {
      await this.sub.subscribe(channel);
    } catch (e) {
      const why = this.redisError ?? (e instanceof Error ? e.message : String(e));
      this.closing = true;
      this.pub.disconnect();
      this.sub.disconnect();
      this.pub = this.sub = null;
      throw new Error(`Redis at ${redisAddress(url)} does not answer: ${why}`, { cause: e });
    }
    this.beatSeen = this.lastTick = performance.now();
    this.heartbeat = setInterval(() => this.tick(), HEARTBEAT_MS);
    this.heartbeat.unref?.();
    this.beat();
  }

  /** Redis stopped answering (`why`): say so once per outage. */
  private lost(why: string, overwrite: boolean): void {
    if (this.redisError === null) {
      this.onRedisStatus(
        false,
        `Redis does not answer (${why}); nodes see each other's changes by polling until it is back`,
      );
    }
    if (overwrite || this.redisError === null) this.redisError = why;
  }

  /** Each `HEARTBEAT_MS`: publish a heartbeat, and count Redis as lost when none came back. */
  private tick(): void {
    const now = performance.now();
    // a timer this late means this process itself was held (not Redis): give Redis a new window
    if (now - this.lastTick > REDIS_TIMEOUT_MS) this.beatSeen = now;
    this.lastTick = now;
    if (now - this.beatSeen > REDIS_TIMEOUT_MS) {
      this.lost(`no answer for ${Math.round((now - this.beatSeen) / 1000)} s`, false);
    }
    this.beat();
  }

  private beat(): void {
    if (!this.closing) this.send({ t: 'beat' });
  }

  /**
   * This node's heartbeat came back: Redis carries messages both ways. After an outage, what was
   * said meanwhile may never have arrived: send this node's roster and ask the others for theirs.
   */
  private beatCame(): void {
    this.beatSeen = performance.now();
    if (this.redisError === null) return;
    this.redisError = null;
    this.settlingUntil = this.beatSeen + ASK_WINDOW_MS;
    this.onRedisStatus(true, 'Redis answers again');
    this.sendRoster(true);
  }

  /** The other processes seen using this node's `NODE_ID`, by instance id. */
  get namesakes(): string[] {
    return [...this.namesakeSet];
  }

  get shared(): boolean {
    return this.pub !== null;
  }

  /**
   * Does Redis answer now, and has it long enough for the other nodes' rosters to have come
   * after an outage? Otherwise other nodes' players are not known here.
   */
  get redisAnswering(): boolean {
    if (this.pub === null || this.redisError !== null) return false;
    const now = performance.now();
    return now - this.beatSeen <= REDIS_TIMEOUT_MS && now >= this.settlingUntil;
  }

  join(game: string, connection: Connection): void {
    let room = this.rooms.get(game);
    const first = !room;
    if (!room) this.rooms.set(game, (room = new Set()));
    const seat = connection.seat;
    const arrives = seat !== 'spectator' && !this.hereLocally(game, seat);
    room.add(connection);
    if (first && this.pub) this.awaitAnswers(game);
    if (arrives) this.announce(game, seat, true, first);
    else if (first) this.ask(game);
  }

  /**
   * Open the window in which the other nodes' answers about `game` may still come; when it
   * closes, each seat's presence is told again, so a player nobody reported is gone from then.
   */
  private awaitAnswers(game: string): void {
    clearTimeout(this.asking.get(game));
    const timer = setTimeout(() => {
      this.asking.delete(game);
      if (!this.rooms.has(game)) return;
      for (const seat of ['white', 'black'] as const) {
        if (!this.present(game, seat)) this.onPresence(game, seat);
      }
    }, ASK_WINDOW_MS);
    timer.unref?.();
    this.asking.set(game, timer);
  }

  leave(game: string, connection: Connection): void {
    const room = this.rooms.get(game);
    if (!room || !room.delete(connection)) return;
    if (room.size === 0) {
      this.rooms.delete(game);
      this.remote.delete(game);
      clearTimeout(this.asking.get(game));
      this.asking.delete(game);
    }
    const seat = connection.seat;
    if (seat !== 'spectator' && !this.hereLocally(game, seat)) this.announce(game, seat, false);
  }

  /**
   * Is `seat` connected to `game` on this node or (as far as this node knows) on another? With
   * other nodes, a player of a game this node does not follow yet, or asked about less than
   * `ASK_WINDOW_MS` ago, is not known to be gone and counts as present.
   */
  present(game: string, seat: Color): boolean {
    if (this.knownPresent(game, seat)) return true;
    return this.pub !== null && (!this.rooms.has(game) || this.asking.has(game));
  }

  /** Is `seat` connected to `game` on this node, or on another that said so? */
  knownPresent(game: string, seat: Color): boolean {
    return this.hereLocally(game, seat) || (this.remote.get(game)?.get(seat)?.size ?? 0) > 0;
  }

  private hereLocally(game: string, seat: Color): boolean {
    for (const connection of this.rooms.get(game) ?? []) if (connection.seat === seat) return true;
    return false;
  }

  /** Tell the other nodes (and this node's service) that `seat` arrived or left here. */
  private announce(game: string, seat: Color, present: boolean, ask = false): void {
    this.onPresence(game, seat);
    if (this.pub) this.send({ t: 'presence', game, seat, present, ask });
  }

  /**
   * After a Redis outage: tell the other nodes every seat held here (in parts of `ROSTER_CHUNK`),
   * possibly none, so that they forget the players who left this node meanwhile; with `ask`, they
   * answer with theirs, so a player who stayed connected elsewhere is not counted absent (and
   * claimed against) because the announcements of the outage never arrived.
   */
  private sendRoster(ask: boolean): void {
    const seats: Array<readonly [string, Color]> = [];
    for (const game of this.rooms.keys()) {
      for (const seat of ['white', 'black'] as const) {
        if (this.hereLocally(game, seat)) seats.push([game, seat]);
      }
    }
    const round = ++this.rosterRound;
    for (let i = 0; i === 0 || i < seats.length; i += ROSTER_CHUNK) {
      const part = seats.slice(i, i + ROSTER_CHUNK);
      const last = i + ROSTER_CHUNK >= seats.length;
      this.send({ t: 'roster', round, seats: part, last, ask });
    }
  }

  /**
   * A part of another node's roster; with the last one, what this node believed about that
   * node's players is replaced (not merged) by it, for every game followed here.
   */
  private remoteRoster(node: string, event: Extract<GameEvent, { t: 'roster' }>): void {
    let roster = this.rosters.get(node);
    if (!roster || roster.round !== event.round) {
      this.rosters.set(node, (roster = { round: event.round, seats: new Set() }));
    }
    for (const [game, seat] of event.seats) roster.seats.add(`${game} ${seat}`);
    if (!event.last) return;
    this.rosters.delete(node);
    for (const game of this.rooms.keys()) {
      for (const seat of ['white', 'black'] as const) {
        let seats = this.remote.get(game);
        if (!seats) this.remote.set(game, (seats = new Map()));
        let nodes = seats.get(seat);
        if (!nodes) seats.set(seat, (nodes = new Set()));
        const before = nodes.size > 0;
        if (roster.seats.has(`${game} ${seat}`)) nodes.add(node);
        else nodes.delete(node);
        if (before !== nodes.size > 0) this.onPresence(game, seat);
      }
    }
    if (event.ask) this.sendRoster(false);
  }

  /**
   * Ask the other nodes which players of `game` they hold. The question is also a true statement
   * about this node: a seat held here is announced present, else White is said not to be here.
   */
  private ask(game: string): void {
    if (!this.pub) return;
    const here = (['white', 'black'] as const).find((seat) => this.hereLocally(game, seat));
    this.send({
      t: 'presence',
      game,
      seat: here ?? 'white',
      present: here !== undefined,
      ask: true,
    });
  }

  private remotePresence(node: string, event: Extract<GameEvent, { t: 'presence' }>): void {
    const room = this.rooms.get(event.game);
    if (!room) return; // nobody here follows the game
    if (event.ask) {
      for (const seat of ['white', 'black'] as const) {
        if (this.hereLocally(event.game, seat)) {
          this.send({ t: 'presence', game: event.game, seat, present: true, ask: false });
        }
      }
    }
    let seats = this.remote.get(event.game);
    if (!seats) this.remote.set(event.game, (seats = new Map()));
    let nodes = seats.get(event.seat);
    if (!nodes) seats.set(event.seat, (nodes = new Set()));
    const before = nodes.size > 0;
    if (event.present) nodes.add(node);
    else {
      nodes.delete(node);
      if (!event.ask && nodes.size > 0) {
        // the player left that node but still counts as connected through another one, which
        // may have died without a word: forget the others and ask again; live nodes answer
        nodes.clear();
        this.awaitAnswers(event.game);
        this.ask(event.game);
      }
    }
    if (before !== nodes.size > 0) this.onPresence(event.game, event.seat);
  }

  private send(event: GameEvent): void {
    const envelope: Envelope = { node: this.instance, name: this.nodeId, event };
    this.pub?.publish(this.channel, JSON.stringify(envelope)).catch(() => {
      // a lost change is found by the other nodes' polls; presence by the next announcement
    });
  }

  /** The connections of this node watching `game`. */
  connections(game: string): Connection[] {
    return [...(this.rooms.get(game) ?? [])];
  }

  /** How many connections of this node watch `game`. */
  watchers(game: string): number {
    return this.rooms.get(game)?.size ?? 0;
  }

  /** The games this node's connections follow. */
  games(): string[] {
    return [...this.rooms.keys()];
  }

  /** Tell the other nodes about a change this node committed. */
  publish(change: Change): void {
    this.send({ t: 'change', game: change.game, change });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const timer of this.asking.values()) clearTimeout(timer);
    this.asking.clear();
    for (const client of [this.pub, this.sub]) {
      if (!client) continue;
      // a Redis that hangs never answers QUIT: wait for it a moment only
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), REDIS_TIMEOUT_MS);
      });
      try {
        if ((await Promise.race([client.quit(), waited])) === 'late') client.disconnect();
      } catch {
        client.disconnect();
      } finally {
        clearTimeout(timer);
      }
    }
    this.pub = this.sub = null;
  }
}

/** Where a Redis URL points (host and port), without any password it holds, for messages. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'REDIS_URL';
  }
}
