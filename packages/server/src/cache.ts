/**
 * A node's view of the games its connections follow, kept equal to the database.
 *
 * - A cached `LiveGame` advances only by committed changes: the node's own writes once they
 *   succeeded, changes other nodes published on Redis (applied only when they follow the cached
 *   version exactly), and what the database holds when the cache is behind (`catchUp`). Nothing
 *   is ever applied tentatively, so a lost write race leaves nothing to undo.
 * - Every piece of work on a game — a request, a remote change, a catch-up — runs in that game's
 *   queue (`serial`), one at a time, so the cache never changes under a request that is judging
 *   it.
 * - Whenever a cached game advances, by whatever path, `onAdvance` is told, and the service sends
 *   the change to this node's connections: every committed action reaches them whatever happened
 *   to the node that wrote it.
 * - With a shared database (Postgres), every `POLL_MS` the node reads the stored versions of the
 *   games its connections follow and catches up with any that moved: so a change whose Redis
 *   message never came (its writer died between the commit and the publish, or Redis lost it) is
 *   delivered within about `POLL_MS`.
 */
import type { Action } from '@damka/protocol';
import { LiveGame } from './live.ts';
import type { Change, GameStatus } from './records.ts';
import type { Store } from './store.ts';

/** How often a node with a shared database checks the stored versions of its followed games. */
export const POLL_MS = 250;

/** How a cached game advanced: one change, or a jump over several (or a reload). */
export type Advance =
  | { readonly kind: 'change'; readonly change: Change; readonly before: GameStatus }
  | { readonly kind: 'jump'; readonly fromPly: number; readonly before: GameStatus | null };

export class GameCache {
  private readonly games = new Map<string, LiveGame>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling = false;
  /** Told after every advance of a cached game (inside the game's queue). */
  onAdvance: (live: LiveGame, advance: Advance) => void = () => {};

  constructor(private readonly store: Store) {}

  /** The cached game, if any (for reading outside the game's queue). */
  peek(id: string): LiveGame | undefined {
    return this.games.get(id);
  }

  /** Run `task` after every earlier task on the same game. */
  serial<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return next;
  }

  /** The cached game, else read from the database; null when there is no such game. */
  async load(id: string): Promise<LiveGame | null> {
    return this.games.get(id) ?? (await this.read(id));
  }

  /**
   * The game as stored now: the cached copy after a version check, or a fresh read — kept in the
   * cache unless `keep` is false (a reader that follows nothing, such as an HTTP request).
   */
  async current(id: string, keep = true): Promise<LiveGame | null> {
    const cached = this.games.get(id);
    if (!cached) return this.read(id, keep);
    return this.catchUp(cached);
  }

  private async read(id: string, keep = true): Promise<LiveGame | null> {
    const record = await this.store.game(id);
    if (!record) return null;
    // actions committed after the record was read are left for the next catch-up
    const actions = (await this.store.actions(id)).slice(0, record.status.ply);
    const live = new LiveGame(record, actions);
    if (keep) this.games.set(id, live);
    return live;
  }

  /**
   * A change this node has just committed (the caller runs in the game's queue and wrote from the
   * cached version, so the change follows it).
   */
  committed(live: LiveGame, change: Change): void {
    const before = live.status;
    live.advance(change.action, change.status);
    this.onAdvance(live, { kind: 'change', change, before });
  }

  /** A change another node committed: applied in turn, or the database is read if it does not fit. */
  remote(change: Change): void {
    if (!this.games.has(change.game)) return;
    void this.serial(change.game, async () => {
      const live = this.games.get(change.game);
      if (!live || change.status.version <= live.version) return;
      const follows =
        change.status.version === live.version + 1 &&
        (change.action
          ? change.action.ply === live.ply && change.status.ply === live.ply + 1
          : change.status.ply === live.ply);
      if (follows) {
        try {
          this.committed(live, change);
          return;
        } catch {
          // does not replay here: read the database
        }
      }
      await this.catchUp(live);
    }).catch(() => {
      // the next poll tries again
    });
  }

  /**
   * Bring a cached game up to what the database holds (in the game's queue). Returns the
   * up-to-date game, or null if it is no longer stored.
   */
  async catchUp(live: LiveGame): Promise<LiveGame | null> {
    const status = await this.store.status(live.id);
    if (!status) {
      this.games.delete(live.id);
      return null;
    }
    if (status.version === live.version) return live;
    const before = live.status;
    const fromPly = live.ply;
    if (status.ply >= fromPly && status.version > live.version) {
      const actions: Action[] =
        status.ply > fromPly ? await this.store.actions(live.id, fromPly) : [];
      // actions committed after the status was read are left for the next catch-up
      const fitting = actions.filter((a) => a.ply < status.ply);
      if (fitting.length === status.ply - fromPly) {
        try {
          this.applyAll(live, fitting, status);
          if (fitting.length === 1) {
            const change: Change = { game: live.id, status, action: fitting[0]! };
            this.onAdvance(live, { kind: 'change', change, before });
          } else if (fitting.length === 0) {
            const change: Change = { game: live.id, status, action: null };
            this.onAdvance(live, { kind: 'change', change, before });
          } else {
            this.onAdvance(live, { kind: 'jump', fromPly, before });
          }
          return live;
        } catch {
          // fall through to a reload
        }
      }
    }
    // the copy cannot be brought along (it should never happen): read the game again
    this.games.delete(live.id);
    const fresh = await this.read(live.id);
    if (fresh) this.onAdvance(fresh, { kind: 'jump', fromPly: 0, before: null });
    return fresh;
  }

  /** Apply stored actions then the status; on a failure the game is dropped by the caller. */
  private applyAll(live: LiveGame, actions: readonly Action[], status: GameStatus): void {
    for (const action of actions) live.advance(action, live.status);
    live.status = status;
  }

  /** Forget a game nobody here follows any more (unless work on it is under way). */
  drop(id: string): void {
    if (!this.queues.has(id)) this.games.delete(id);
  }

  /** Check the stored versions of `followed()` games every `POLL_MS`, catching up any that moved. */
  startPolling(followed: () => string[]): void {
    this.timer = setInterval(() => {
      if (this.polling) return;
      this.polling = true;
      this.poll(followed()).finally(() => (this.polling = false));
    }, POLL_MS);
    this.timer.unref?.();
  }

  private async poll(ids: string[]): Promise<void> {
    const known = ids.filter((id) => this.games.has(id));
    if (known.length === 0) return;
    let versions: Map<string, number>;
    try {
      versions = await this.store.versions(known);
    } catch {
      return; // the database is unreachable: the next poll tries again
    }
    for (const id of known) {
      const live = this.games.get(id);
      const version = versions.get(id);
      if (!live || version === undefined || version === live.version) continue;
      void this.serial(id, async () => {
        const current = this.games.get(id);
        if (current && current.version !== version) await this.catchUp(current);
      }).catch(() => {});
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Wait for the work under way on every game. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
  }
}
