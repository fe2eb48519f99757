/**
 * @damka/protocol — the online-play protocol shared by the server and the web app: message
 * schemas and types (`messages.ts`) and a reconnecting client that never loses its own actions
 * (`client.ts`). See docs/protocol.md.
 */
export * from './messages.ts';
export * from './client.ts';
