/**
 * Assembles a running server from its configuration: the database (SQLite file by default,
 * Postgres with `databaseUrl`), the hub (with Redis between nodes when `redisUrl` is given), the
 * game service and the Fastify app. Used by `main.ts` and by the tests, which start servers
 * in-process on 127.0.0.1:0.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Hub } from './hub.ts';
import { Metrics } from './metrics.ts';
import type { Change } from './records.ts';
import { GameService } from './service.ts';
import { openStore } from './store.ts';
import { buildApp, type AppOptions } from './app.ts';

export interface ServerConfig extends Omit<AppOptions, 'service'> {
  readonly databaseUrl?: string;
  readonly schema?: string;
  readonly sqlitePath?: string;
  readonly redisUrl?: string;
  /** Redis channel of the events (nodes sharing a database share a channel). */
  readonly channel?: string;
  readonly nodeId?: string;
  readonly poolSize?: number;
  /** The clock (tests replace it to make time pass). */
  readonly now?: () => number;
  /** Measure event-loop delay, acknowledgement and write times (served on /api/metrics). */
  readonly metrics?: boolean;
  /** How long a player must be gone before the opponent may claim (ms; protocol default). */
  readonly claimAfterMs?: number;
  /** Called after each commit, before it is applied or published (failure tests only). */
  readonly afterCommit?: (change: Change) => void;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly service: GameService;
  /** `http://host:port` once listening. */
  url: string;
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Connections the kernel may hold before the server accepts them (Node's default is 511; the
 * kernel caps it at net.core.somaxconn). When many players connect at once to a busy node, a full
 * queue drops connection attempts, and a dropped attempt is retried only after 1 s, 3 s, 7 s…
 */
const LISTEN_BACKLOG = 4096;

/** Open storage and build the app (call `listen` to serve). */
export async function createServer(config: ServerConfig): Promise<RunningServer> {
  const store = await openStore({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    ...(config.schema ? { schema: config.schema } : {}),
    ...(config.sqlitePath ? { sqlitePath: config.sqlitePath } : {}),
    ...(config.poolSize ? { poolSize: config.poolSize } : {}),
  });
  const hub = new Hub(config.nodeId ?? randomBytes(4).toString('hex'));
  if (config.redisUrl) {
    await hub.connectRedis(config.redisUrl, config.channel ?? `damka:${config.schema ?? 'public'}`);
  }
  const service = new GameService(store, hub, {
    ...(config.now ? { now: config.now } : {}),
    ...(config.metrics ? { metrics: new Metrics() } : {}),
    ...(config.claimAfterMs !== undefined ? { claimAfterMs: config.claimAfterMs } : {}),
    ...(config.afterCommit ? { afterCommit: config.afterCommit } : {}),
  });
  const app = await buildApp({ ...config, service });
  hub.onRedisStatus = (up, message) => (up ? app.log.info(message) : app.log.warn(message));
  hub.onWarning = (message) => app.log.warn(message);
  const server: RunningServer = {
    app,
    service,
    url: '',
    async listen(port, host) {
      await app.listen({ port, host, backlog: LISTEN_BACKLOG });
      const address = app.server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      server.url = `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
      return server.url;
    },
    async close() {
      await app.close();
      await service.close();
      await hub.close();
      await store.close();
    },
  };
  return server;
}
