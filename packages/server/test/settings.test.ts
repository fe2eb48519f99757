/**
 * What an operator or a client sets, as docs/protocol.md describes it: a negative numeric setting
 * falls back to its default like a value that is not a number (a claim delay of -60 seconds must
 * not make a claim possible at once), a game's options are the rule sets' own, nothing else, and
 * `PUBLIC_URL`, not the client's Host header, makes a new game's links when it is set.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import type { CreateGameResponse } from '@damka/protocol';
import {
  connect,
  createGame,
  freePort,
  kill,
  playAt,
  spawnServer,
  stopClients,
  until,
} from './helpers.ts';

test('a negative claim delay falls back to the default: no claim at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-settings-'));
  const server = await spawnServer(await freePort(), {
    DATA_DIR: dir,
    CLAIM_AFTER_SECONDS: '-60',
    HTTP_PER_MINUTE: '-1',
  });
  try {
    const ws = server.url.replace(/^http/, 'ws') + '/api/ws';
    const game = await createGame(server.url, { variant: 'russian' });
    const white = connect(ws, game.gameId, game.white.token);
    const black = connect(ws, game.gameId, game.black.token);
    await until(() => white.seat !== null && black.seat !== null, 'seats');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    black.stop();
    await until(() => white.state!.absent.black !== null, 'White learns that Black left');
    white.lastError = null;
    white.claim('win');
    await until(() => white.lastError !== null || white.over, 'an answer to the claim');
    assert.equal(white.over, false, 'the claim was not granted at once');
    assert.match(
      `${white.lastError!.code}: ${white.lastError!.message}`,
      /^cannotClaim: .*claim in/,
    );
  } finally {
    stopClients();
    await kill(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a game with an option no rule set knows is refused, not stored', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-settings-'));
  const server = await spawnServer(await freePort(), { DATA_DIR: dir });
  try {
    for (const options of [{ foo: true }, { noForcedCapture: 'yes' }]) {
      const r = await fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variant: 'russian', options }),
      });
      assert.equal(r.status, 400, JSON.stringify(options));
      const body = (await r.json()) as { message?: string; error?: string };
      assert.match(JSON.stringify(body), /unknown option 'foo'|Expected boolean/);
    }
  } finally {
    await kill(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** POST /api/games with a Host header of the client's choosing. */
function createWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ variant: 'russian' });
    const request = httpRequest(
      `${url}/api/games`,
      {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': body.length },
      },
      (response) => {
        let text = '';
        response.on('data', (d: Buffer) => (text += d.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test("PUBLIC_URL makes a new game's links; without it they follow the Host header", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-settings-'));
  const set = await spawnServer(await freePort(), {
    DATA_DIR: join(dir, 'a'),
    PUBLIC_URL: 'https://damka.example/',
  });
  const unset = await spawnServer(await freePort(), { DATA_DIR: join(dir, 'b') });
  try {
    const forged = await createWithHost(set.url, 'evil.example');
    assert.equal(forged.status, 201, forged.body);
    const links = JSON.parse(forged.body) as CreateGameResponse;
    for (const url of [links.white.url, links.black.url, links.spectator.url]) {
      assert.match(url, /^https:\/\/damka\.example\/play\//);
    }
    const plain = await createWithHost(unset.url, 'evil.example');
    assert.match(
      (JSON.parse(plain.body) as CreateGameResponse).white.url,
      /^http:\/\/evil\.example\//,
    );
  } finally {
    await kill(set.child);
    await kill(unset.child);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a PUBLIC_URL that is not an http address stops the start with its reason', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-settings-'));
  try {
    for (const bad of ['damka.example', 'ftp://damka.example']) {
      await assert.rejects(
        spawnServer(await freePort(), { DATA_DIR: dir, PUBLIC_URL: bad }),
        /cannot start: PUBLIC_URL '.*' is not/,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
