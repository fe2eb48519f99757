/**
 * The real game server for the browser tests of online play: `@damka/server` with its SQLite
 * default in a folder of its own, serving the built app on a free loopback port, as `npm start`
 * does. Kept apart from the harness so that only the online tests load the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { after, before } from 'node:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '@damka/server';
import type { Page } from 'playwright-core';
import { WEB_ROOT } from './harness.ts';

export interface GameServer {
  /** The server's base URL (http://127.0.0.1:PORT). */
  readonly url: string;
  /** Stop the server and remove its database folder. */
  close(): Promise<void>;
}

/** Start a game server whose database lives in a new temporary folder named after `label`. */
export async function startGameServer(label: string): Promise<GameServer> {
  const dir = mkdtempSync(join(tmpdir(), `damka-${label}-e2e-`));
  const server = await createServer({
    sqlitePath: join(dir, 'damka.sqlite'),
    webRoot: join(WEB_ROOT, 'dist'),
    logger: false,
  });
  const url = await server.listen(0, '127.0.0.1');
  return {
    url,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The game server of a test file: started in a `before` hook and closed in an `after` hook, read
 * through the returned object once the tests run.
 */
export function useGameServer(label: string): GameServer {
  let server: GameServer | undefined;
  before(async () => {
    server = await startGameServer(label);
  });
  after(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error('the game server is used before it started');
      return server.url;
    },
    close: async () => server?.close(),
  };
}

/** The watch token the page keeps for its invite to game `gameId` (the link for spectators). */
export async function inviteWatchToken(page: Page, gameId: string): Promise<string> {
  return page.evaluate(
    (id) =>
      (
        JSON.parse(localStorage.getItem('damka.invites') ?? '{}') as Record<
          string,
          { watch: string }
        >
      )[id]!.watch,
    gameId,
  );
}
