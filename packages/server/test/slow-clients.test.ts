/**
 * Clients that hold the server's resources without using them: one that stops reading while it
 * keeps asking (its unread replies must not pile up in the server's memory), a WebSocket that never
 * says hello, a connection that never finishes its request's headers, and house-rule names that a
 * schema would silently drop. Each is cut off or refused, and the server goes on serving.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect as tcpConnect, type Socket } from 'node:net';
import {
  createGame,
  rawSocket,
  startServer,
  stopClients,
  until,
  type TestServer,
} from './helpers.ts';

let server: TestServer;
const logs: string[] = [];

before(async () => {
  server = await startServer({
    logger: { level: 'info' },
    logStream: { write: (line: string) => void logs.push(line) },
    messageBurst: 100_000,
    messagesPerSecond: 100_000,
    maxUnreadBytes: 256 * 1024,
    helloWithinMs: 400,
    headersWithinMs: 1000,
    requestWithinMs: 2000,
  });
});
after(async () => {
  stopClients();
  await server?.stop();
});

test('a client that stops reading is dropped, not buffered without end', async () => {
  const game = await createGame(server.url);
  const raw = await rawSocket(server.wsUrl);
  raw.send({ type: 'hello', v: 1, game: game.gameId, since: 0 });
  await raw.next((m) => m.type === 'welcome');
  // stop reading: the replies to what follows fill the kernel's buffers, then the server's
  raw.ws.pause();
  const hello = JSON.stringify({ type: 'hello', v: 1, game: game.gameId, since: 0 });
  let sent = 0;
  for (; sent < 200_000 && raw.ws.readyState === raw.ws.OPEN; sent++) {
    raw.ws.send(hello);
    if (sent % 1000 === 999) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await until(
    () => logs.some((line) => line.includes('its client stopped reading')),
    `the server drops the connection (${sent} hellos sent)`,
    30_000,
  );
  raw.ws.terminate();
  // the server still serves
  const health = await fetch(`${server.url}/api/health`);
  assert.equal(health.status, 200);
});

test('a WebSocket that never says hello is closed', async () => {
  const raw = await rawSocket(server.wsUrl);
  const closed = await raw.waitClose(5000);
  assert.equal(closed.code, 1008);
  assert.ok(raw.messages.some((m) => m.type === 'error' && m.code === 'notJoined'));
});

/** A TCP connection to the server; resolves when the server ends it (or after `ms`). */
function endedWithin(write: (socket: Socket) => void, ms: number): Promise<boolean> {
  const url = new URL(server.url);
  return new Promise((resolve) => {
    const socket = tcpConnect(Number(url.port), url.hostname, () => write(socket));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.resume();
  });
}

test('a request whose headers never end, or a connection that sends nothing, is closed', async () => {
  // Node checks these limits every 30 s or so: allow for one check after the limit
  const [partial, silent] = await Promise.all([
    endedWithin(
      (s) => s.write('GET /api/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n'),
      45_000,
    ),
    endedWithin(() => undefined, 45_000),
  ]);
  assert.ok(partial, 'the half-sent request was left open');
  assert.ok(silent, 'the silent connection was left open');
});

test('house-rule names a schema would drop are refused, not ignored', async () => {
  for (const options of ['{"constructor":true}', '{"prototype":true}', '[]', '[true]']) {
    const response = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"variant":"russian","options":${options}}`,
    });
    assert.equal(response.status, 400, options);
    const body = (await response.json()) as { message?: string };
    assert.ok(body.message, options);
  }
});
