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
 * game asks the others to announce theirs again, as does every node when Redis answers again after
 * an outage. Until the answers can have come (`ASK_WINDOW_MS`), a player this node does not see
 * is not known to be gone, so a player joining a node that did not follow the game yet never sees
 * a connected opponent flash as "left". A node that dies announces nothing, so its players still
 * count as present elsewhere: the error is on the side of refusing a claim. When such a player
 * leaves another node, the nodes that still count them through a second node ask again who holds
 * them, so a dead node's word lasts only until its players have come back and gone.
 */
import type { Seat, ServerMessage } from '@damka/protocol';
import type { Change, Color } from './records.ts';

/**
 * How long, after this node starts following a game and asks the other nodes who is connected,
 * their answers may take: meanwhile a player not seen here counts as present.
 */
export const ASK_WINDOW_MS = 1000;

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
    };

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
  readonly nodeId: string;
  /** Players connected through other nodes: game → seat → node ids. */
  private readonly remote = new Map<string, Map<Color, Set<string>>>();
  /** Called for every change another node committed (the game cache applies it). */
  onRemote: (change: Change) => void = () => {};
  /** Called when a player's presence (on any node) may have changed. */
  onPresence: (game: string, seat: Color) => void = () => {};
  /** Told when Redis stops answering (once per outage) and when it is back (the server logs it). */
  onRedisStatus: (up: boolean, message: string) => void = () => {};
  /** Redis's last error, while it does not answer. */
  private redisError: string | null = null;
  /** Games whose other nodes were just asked who is connected, with the end of their window. */
  private readonly asking = new Map<string, ReturnType<typeof setTimeout>>();
  /** Whether the subscriber lost Redis since it last listened (its 'ready' then resyncs). */
  private subscriberLost = false;
  /** Set by `close`: the connections to Redis end on purpose. */
  private closing = false;

  constructor(nodeId: string) {
    this.nodeId = nodeId;
  }

  /** Connect to Redis and listen to the other nodes. */
  async connectRedis(url: string, channel: string): Promise<void> {
    const { Redis } = await import('ioredis');
    const options = { maxRetriesPerRequest: 2, enableAutoPipelining: true };
    this.pub = new Redis(url, options) as unknown as RedisLike;
    this.sub = new Redis(url, options) as unknown as RedisLike;
    this.channel = channel;
    for (const client of [this.pub, this.sub]) {
      const lost = (why: string, overwrite: boolean) => {
        if (client === this.sub) this.subscriberLost = true;
        if (this.redisError === null) {
          this.onRedisStatus(
            false,
            `Redis does not answer (${why}); nodes see each other's changes by polling until it is back`,
          );
        }
        if (overwrite || this.redisError === null) this.redisError = why;
      };
      // without a listener ioredis prints every failed reconnection to stderr as "unhandled"
      client.on('error', (error) => lost(error.message || String(error), true));
      // a connection dropped and made again at once gives no error, yet what was published
      // meanwhile never reached the subscriber: the same outage, only shorter
      client.on('close', () => {
        if (!this.closing) lost('the connection closed', false);
      });
      client.on('ready', () => {
        if (this.redisError !== null) {
          this.redisError = null;
          this.onRedisStatus(true, 'Redis answers again');
        }
        // presence sent during the outage was lost both ways: say again who is here, and ask
        // the others the same, once the subscriber listens again
        if (client === this.sub && this.subscriberLost) {
          this.subscriberLost = false;
          this.sub.subscribe(this.channel).then(
            () => this.resync(),
            () => {
              // Redis went away again: the next 'ready' tries once more
            },
          );
        }
      });
    }
    this.sub.on('message', (_channel, text) => {
      let data: { node: string; event: GameEvent };
      try {
        data = JSON.parse(text) as { node: string; event: GameEvent };
      } catch {
        return;
      }
      if (data.node === this.nodeId) return;
      if (data.event.t === 'presence') this.remotePresence(data.node, data.event);
      else if (data.event.t === 'change') this.onRemote(data.event.change);
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
  }

  get shared(): boolean {
    return this.pub !== null;
  }

  /** Does Redis answer now (as far as the clients' last events say)? */
  get redisAnswering(): boolean {
    return this.pub !== null && this.redisError === null;
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
   * After a Redis outage: for every game followed here, announce this node's players and ask the
   * other nodes for theirs, so that a player who stayed connected elsewhere is not counted absent
   * (and claimed against) because the announcements of the outage never arrived.
   */
  private resync(): void {
    for (const game of this.rooms.keys()) {
      const here = (['white', 'black'] as const).filter((seat) => this.hereLocally(game, seat));
      if (here.length === 0) this.ask(game);
      here.forEach((seat, i) =>
        this.send({ t: 'presence', game, seat, present: true, ask: i === 0 }),
      );
    }
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
    this.pub?.publish(this.channel, JSON.stringify({ node: this.nodeId, event })).catch(() => {
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
    for (const timer of this.asking.values()) clearTimeout(timer);
    this.asking.clear();
    for (const client of [this.pub, this.sub]) {
      if (!client) continue;
      try {
        await client.quit();
      } catch {
        client.disconnect();
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
