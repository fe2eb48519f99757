/**
 * Crash test: a 60-ply game during which the server process (SQLite, `main.ts` as `npm start`
 * runs it) is killed with SIGKILL six times — some while a move is on its way — and restarted on
 * the same port. Both players' clients reconnect and resend what was pending. At the end both hold
 * identical move lists, equal to what the database holds, and every move the server acknowledged
 * is there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Action } from '@damka/protocol';
import {
  connect,
  createGame,
  freePort,
  kill,
  pickMove,
  removeDir,
  seeded,
  spawnServer,
  stopClients,
  until,
  type ServerProcess,
} from './helpers.ts';

test('a 60-ply game survives six SIGKILLs of the server without losing a move', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-crash-'));
  const port = await freePort();
  const env = { DATA_DIR: dir };
  let server: ServerProcess = await spawnServer(port, env);
  try {
    const game = await createGame(server.url, { variant: 'international' });
    const wsUrl = `ws://127.0.0.1:${port}/api/ws`;
    const white = connect(wsUrl, game.gameId, game.white.token, { maxDelay: 200 });
    const black = connect(wsUrl, game.gameId, game.black.token, { maxDelay: 200 });
    await until(() => white.seat !== null && black.seat !== null, 'seats');

    const random = seeded(2024);
    // kills after these plies were sent: odd ones at once (the move is in flight), others later
    const killAt = new Map([
      [4, 0],
      [13, 1],
      [22, 0],
      [31, 3],
      [40, 0],
      [49, 2],
    ]);
    const acknowledged: Action[] = [];
    let kills = 0;
    for (let ply = 0; ply < 60; ply++) {
      await until(
        () => white.ply === ply && black.ply === ply,
        `both clients at ply ${ply}`,
        60_000,
      );
      assert.equal(white.over, false, `the game ended early at ply ${ply}`);
      const mover = ply % 2 === 0 ? white : black;
      const text = pickMove(mover, random)!;
      const pending = mover.move(text);
      const delay = killAt.get(ply);
      if (delay !== undefined) {
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        await kill(server.child);
        kills++;
        server = await spawnServer(port, env);
      }
      const action = await pending;
      assert.equal(action.ply, ply);
      assert.equal(action.text, text);
      acknowledged.push(action);
    }
    await until(() => white.ply === 60 && black.ply === 60, 'both clients at ply 60', 60_000);
    assert.ok(kills >= 5);
    assert.deepEqual(white.actions, black.actions);
    const stored = (await (await fetch(`${server.url}/api/games/${game.gameId}`)).json()) as {
      actions: Action[];
    };
    assert.deepEqual(stored.actions, white.actions);
    for (const action of acknowledged) assert.deepEqual(stored.actions[action.ply], action);
    assert.ok(white.reconnects >= 5 && black.reconnects >= 5);
  } finally {
    stopClients();
    await kill(server.child);
    removeDir(dir);
  }
});
