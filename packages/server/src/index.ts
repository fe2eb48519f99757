/**
 * @damka/server — online play by link: the authoritative game service, its storage (SQLite or
 * Postgres), the fan-out between nodes (Redis) and the Fastify app. `main.ts` runs it.
 */
export * from './records.ts';
export * from './store.ts';
export { dropSchema } from './postgres-store.ts';
export * from './cache.ts';
export * from './secrets.ts';
export * as decisions from './decisions.ts';
export * from './live.ts';
export * from './hub.ts';
export * from './service.ts';
export * from './app.ts';
export * from './pdn.ts';
export * from './server.ts';
export * from './metrics.ts';
