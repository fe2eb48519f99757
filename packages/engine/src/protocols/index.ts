/**
 * Damka's engine protocols: Hub-2 (Damka as an engine for draughts GUIs, and a client that runs
 * other Hub engines) and DXP (DamExchange, engine against engine over TCP).
 *
 * Modules that need Node (processes, sockets, worker threads) load those APIs on first use, so
 * importing `@damka/engine` stays free of Node-only imports.
 */
export * from './hub.ts';
export * from './hub-engine.ts';
export * from './hub-stdio.ts';
export * from './hub-client.ts';
export * from './dxp.ts';
export * from './dxp-channel.ts';
export * from './dxp-session.ts';
export * from './dxp-net.ts';
