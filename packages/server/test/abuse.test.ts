/**
 * Abuse: a forged or missing secret, a spectator moving, moves out of turn, at a wrong ply or
 * illegal, malformed and oversized messages, a flood, a forged Origin, too many HTTP requests —
 * each refused with a clear error, while the game of the two real players goes on unharmed to its
 * end. Also: secrets never reach the logs, and pages carry the security headers.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerMessage } from '@damka/protocol';
import {
  connect,
  createGame,
  pickMove,
  playAt,
  rawSocket,
  seeded,
  startServer,
  stopClients,
  until,
  type RawSocket,
  type TestServer,
} from './helpers.ts';

let server: TestServer;
const logs: string[] = [];
/** Every secret handed out in this file. */
const secrets: string[] = [];

async function newGame() {
  const game = await createGame(server.url);
  secrets.push(game.white.token, game.black.token);
  return game;
}
before(async () => {
  const web = join(process.env['TMPDIR'] ?? '/tmp', `damka-web-${process.pid}`);
  mkdirSync(web, { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Damka</title>');
  server = await startServer({
    webRoot: web,
    logger: { level: 'info' },
    logStream: { write: (line: string) => void logs.push(line) },
    createPerMinute: 20,
    messageBurst: 40,
    messagesPerSecond: 40,
  });
});
after(async () => {
  stopClients();
  await server?.stop();
});

function errorOf(raw: RawSocket, after = 0): Promise<ServerMessage> {
  return raw.next((m) => m.type === 'error' && raw.messages.indexOf(m) >= after);
}

async function joined(gameId: string, token?: string): Promise<RawSocket> {
  const raw = await rawSocket(server.wsUrl);
  raw.send({ type: 'hello', v: 1, game: gameId, ...(token ? { token } : {}), since: 0 });
  await raw.next((m) => m.type === 'welcome');
  return raw;
}

test('every abuse is refused with a clear error and the game goes on to its end', async () => {
  const game = await newGame();
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  const random = seeded(3);
  await playAt(white, 0, pickMove(white, random)!);

  // forged secret: refused and closed
  const forged = await rawSocket(server.wsUrl);
  forged.send({ type: 'hello', v: 1, game: game.gameId, token: 'A'.repeat(22), since: 0 });
  const denied = await errorOf(forged);
  assert.ok(denied.type === 'error' && denied.code === 'unauthorized');
  assert.equal((await forged.waitClose()).code, 4001);

  // a secret of another game opens nothing here
  const other = await newGame();
  const cross = await rawSocket(server.wsUrl);
  cross.send({ type: 'hello', v: 1, game: game.gameId, token: other.white.token, since: 0 });
  assert.equal((await cross.waitClose()).code, 4001);

  // an unknown game
  const lost = await rawSocket(server.wsUrl);
  lost.send({ type: 'hello', v: 1, game: 'x'.repeat(12), since: 0 });
  assert.equal((await lost.waitClose()).code, 4004);

  // no secret = a spectator, who cannot move, resign, offer a draw or ask a rematch
  const spectator = await joined(game.gameId);
  const welcome = spectator.messages.find((m) => m.type === 'welcome')!;
  assert.ok(welcome.type === 'welcome' && welcome.seat === 'spectator');
  spectator.send({ type: 'move', ply: 1, move: '19-23' });
  const spectatorMove = await errorOf(spectator);
  assert.ok(spectatorMove.type === 'error' && spectatorMove.code === 'spectator');
  for (const message of [
    { type: 'resign' },
    { type: 'draw', action: 'offer' },
    { type: 'rematch' },
  ]) {
    const n = spectator.messages.length;
    spectator.send(message);
    const e = await errorOf(spectator, n);
    assert.ok(e.type === 'error' && e.code === 'spectator', JSON.stringify(message));
  }

  // a message before hello
  const early = await rawSocket(server.wsUrl);
  early.send({ type: 'move', ply: 1, move: '19-23' });
  const notJoined = await errorOf(early);
  assert.ok(notJoined.type === 'error' && notJoined.code === 'notJoined');

  // White (second connection) out of turn, at a wrong ply, with an illegal move
  const whiteRaw = await joined(game.gameId, game.white.token);
  const cases: Array<[unknown, string]> = [
    [{ type: 'move', ply: 1, move: '31-27' }, 'notYourTurn'],
    [{ type: 'move', ply: 7, move: '31-27' }, 'futurePly'],
    [{ type: 'move', ply: 0, move: '31-27' }, 'stalePly'],
  ];
  for (const [message, code] of cases) {
    const n = whiteRaw.messages.length;
    whiteRaw.send(message);
    const e = await errorOf(whiteRaw, n);
    assert.ok(e.type === 'error' && e.code === code, `${JSON.stringify(message)} → ${code}`);
  }
  const blackRaw = await joined(game.gameId, game.black.token);
  for (const move of ['18-29', '1-50', '99-98', 'x', '19x28', '46-41']) {
    const n = blackRaw.messages.length;
    blackRaw.send({ type: 'move', ply: 1, move });
    const e = await errorOf(blackRaw, n);
    assert.ok(e.type === 'error' && e.code === 'illegalMove', move);
    assert.ok(e.type === 'error' && e.message.length > 0);
  }

  // malformed messages: not JSON, unknown type, wrong field types, extra fields, binary
  const malformed = [
    'not json',
    '{"type":"teleport"}',
    '{"type":"move","ply":"one","move":"19-23"}',
    '{"type":"move","ply":1,"move":"19-23","extra":true}',
    '{"type":"move","ply":-1,"move":"19-23"}',
    '[]',
    'null',
  ];
  for (const text of malformed) {
    const n = blackRaw.messages.length;
    blackRaw.send(text);
    const e = await errorOf(blackRaw, n);
    assert.ok(e.type === 'error' && e.code === 'badMessage', text);
  }
  const n = blackRaw.messages.length;
  blackRaw.ws.send(Buffer.from([1, 2, 3]), { binary: true });
  const binary = await errorOf(blackRaw, n);
  assert.ok(binary.type === 'error' && binary.code === 'badMessage');

  // oversized: the connection is closed with 1009
  const big = await joined(game.gameId, game.black.token);
  big.send({ type: 'move', ply: 1, move: 'x'.repeat(5000) });
  assert.equal((await big.waitClose()).code, 1009);
  // any client can do this: a warning without a stack, not an error in the server's log
  await until(() => logs.some((l) => l.includes('Max payload size exceeded')), 'the warning');
  for (const line of logs.filter((l) => l.includes('Max payload size exceeded'))) {
    assert.match(line, /"level":40/);
    assert.doesNotMatch(line, /"stack"/);
  }

  // a flood: closed with 1008 after a clear error
  const flood = await joined(game.gameId);
  for (let i = 0; i < 200 && flood.closed === null; i++) flood.send({ type: 'ping', n: i });
  const closedFlood = await flood.waitClose();
  assert.equal(closedFlood.code, 1008);
  assert.ok(flood.messages.some((m) => m.type === 'error' && m.code === 'rateLimited'));

  // the real players were not disturbed: they play on to the end
  assert.equal(white.ply, 1);
  let ply = 1;
  while (!white.over && ply < 400) {
    const mover = ply % 2 === 0 ? white : black;
    await until(() => mover.ply === ply, 'the mover catches up');
    const text = pickMove(mover, random);
    if (!text) break;
    await mover.move(text);
    ply++;
  }
  await until(() => white.over && black.over, 'the end of the game');
  assert.deepEqual(white.actions, black.actions);
  const stored = await server.service.store.actions(game.gameId);
  assert.deepEqual(
    stored.map((a) => a.text),
    white.actions.map((a) => a.text),
  );
  for (const raw of [cross, spectator, early, whiteRaw, blackRaw]) raw.ws.close();
});

test('a WebSocket upgrade from another site is refused (Origin check)', async () => {
  const evil = rawSocket(server.wsUrl, { origin: 'https://evil.example' });
  await assert.rejects(evil, /403/);
  const same = await rawSocket(server.wsUrl, { origin: server.url });
  same.ws.close();
});

test('HTTP rate limits answer 429; pages carry a content security policy', async () => {
  let status = 0;
  for (let i = 0; i < 25 && status !== 429; i++) {
    const response = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'international' }),
    });
    status = response.status;
  }
  assert.equal(status, 429);
  const page = await fetch(`${server.url}/play/abcdefghijkl`);
  assert.equal(page.status, 200);
  const csp = page.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
  // cross-origin isolated: the computer's worker can share memory (its stop flag, its threads)
  assert.equal(page.headers.get('cross-origin-opener-policy'), 'same-origin');
  assert.equal(page.headers.get('cross-origin-embedder-policy'), 'require-corp');
  const big = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'international', fen: 'x'.repeat(20_000) }),
  });
  assert.ok(big.status === 413 || big.status === 429, String(big.status));
});

test('the web app’s files are counted apart from the API: fresh visits never starve it', async () => {
  const tight = await startServer({
    webRoot: join(process.env['TMPDIR'] ?? '/tmp', `damka-web-${process.pid}`),
    httpPerMinute: 10,
    filesPerMinute: 40,
  });
  try {
    const statuses = async (path: string, n: number) => {
      const seen: number[] = [];
      for (let i = 0; i < n; i++) seen.push((await fetch(`${tight.url}${path}`)).status);
      return seen;
    };
    // more files than the API's whole budget: all served
    assert.deepEqual(new Set(await statuses('/', 30)), new Set([200]));
    // the API still has its ten requests, and then says 429
    const api = await statuses('/api/health', 11);
    assert.deepEqual(api.slice(0, 10), Array(10).fill(200));
    assert.equal(api[10], 429);
    // the files' own budget holds after the API's is spent, and has its own end
    const files = await statuses('/', 11);
    assert.deepEqual(files.slice(0, 10), Array(10).fill(200));
    assert.equal(files[10], 429);
  } finally {
    await tight.stop();
  }
});

test('secrets never reach the logs', async () => {
  assert.ok(logs.length > 0, 'the server logged requests');
  const text = logs.join('\n');
  assert.ok(secrets.length >= 4);
  for (const secret of secrets) assert.equal(text.includes(secret), false);
  assert.doesNotMatch(text, /#[A-Za-z0-9_-]{22}/);
});
