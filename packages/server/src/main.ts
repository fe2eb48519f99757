/**
 * `npm start`: the Damka server on http://localhost:8080 — the web app, the game API and the
 * WebSocket endpoint. With no configuration it keeps games in `./data/damka.sqlite`.
 *
 * Environment: PORT (8080), HOST (localhost), DATA_DIR (./data), DATABASE_URL (Postgres instead
 * of SQLite), DATABASE_SCHEMA (Postgres schema, default public), DATABASE_POOL (10), REDIS_URL
 * (messages between nodes), REDIS_CHANNEL (default damka:<schema>), NODE_ID (one per node),
 * WEB_ROOT (the built web app, default packages/web/dist), ALLOWED_ORIGINS (comma-separated extra
 * origins for WebSockets), PUBLIC_URL (the site's address for game links), LOG_LEVEL (info;
 * `silent` for none), CREATE_PER_MINUTE, HTTP_PER_MINUTE and FILES_PER_MINUTE (rate limits per
 * address), METRICS=1 (serve /api/metrics: event-loop delay, acknowledgement and write times, GC
 * pauses, CPU share), CLAIM_AFTER_SECONDS (how long a player must be gone before the opponent may
 * claim; 60).
 * docs/protocol.md describes each of them.
 *
 * Failure tests only: with NODE_ENV=test (and never otherwise), DAMKA_FAILPOINT=stop-after-commit:N
 * makes the process stop itself (SIGSTOP) right after committing the action of ply N, before
 * applying or publishing it, as a node dying between its commit and its Redis publish would.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Change } from './records.ts';
import { createServer } from './server.ts';

const env = process.env;
/** A numeric setting: ports, counts and durations, so a negative one falls back like a non-number. */
const number = (name: string, fallback: number) => {
  const value = Number(env[name]);
  return Number.isFinite(value) && value >= 0 && env[name] !== '' && env[name] !== undefined
    ? value
    : fallback;
};

/** The failure a test asked for, read in test mode only. */
function failpoint(): ((change: Change) => void) | undefined {
  const spec = env['NODE_ENV'] === 'test' ? env['DAMKA_FAILPOINT'] : undefined;
  const match = spec?.match(/^stop-after-commit:(\d+)$/);
  if (!match) return undefined;
  const ply = Number(match[1]);
  return (change) => {
    if (change.action?.ply === ply) process.kill(process.pid, 'SIGSTOP');
  };
}
const afterCommit = failpoint();

const webRoot = env['WEB_ROOT'] ?? fileURLToPath(new URL('../../web/dist/', import.meta.url));
const level = env['LOG_LEVEL'] ?? 'info';
/** Starting failed (a bad setting, a database or Redis that does not answer, a port in use). */
function cannotStart(error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`damka server: cannot start: ${reason}`);
  process.exit(1);
}

const server = await createServer({
  ...(env['DATABASE_URL'] ? { databaseUrl: env['DATABASE_URL'] } : {}),
  ...(env['DATABASE_SCHEMA'] ? { schema: env['DATABASE_SCHEMA'] } : {}),
  sqlitePath: join(env['DATA_DIR'] ?? 'data', 'damka.sqlite'),
  ...(env['REDIS_URL'] ? { redisUrl: env['REDIS_URL'] } : {}),
  ...(env['REDIS_CHANNEL'] ? { channel: env['REDIS_CHANNEL'] } : {}),
  ...(env['NODE_ID'] ? { nodeId: env['NODE_ID'] } : {}),
  webRoot,
  logger: level === 'silent' ? false : { level },
  allowedOrigins: (env['ALLOWED_ORIGINS'] ?? '').split(',').filter(Boolean),
  ...(env['PUBLIC_URL'] ? { publicUrl: env['PUBLIC_URL'] } : {}),
  createPerMinute: number('CREATE_PER_MINUTE', 30),
  httpPerMinute: number('HTTP_PER_MINUTE', 600),
  filesPerMinute: number('FILES_PER_MINUTE', 20_000),
  poolSize: number('DATABASE_POOL', 10),
  metrics: env['METRICS'] === '1',
  ...(env['CLAIM_AFTER_SECONDS'] ? { claimAfterMs: number('CLAIM_AFTER_SECONDS', 60) * 1000 } : {}),
  ...(afterCommit ? { afterCommit } : {}),
}).catch(cannotStart);
const url = await server
  .listen(number('PORT', 8080), env['HOST'] ?? 'localhost')
  .catch(cannotStart);
console.log(`Damka is served on ${url}/ (Ctrl+C to stop)`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
