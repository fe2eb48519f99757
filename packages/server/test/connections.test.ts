/**
 * Connections that come and go at awkward moments: a socket that closes while its `hello` is
 * still being judged (a dropped mobile connection, a closed tab) must not stay counted in the
 * game, or its player would count as present for ever and could never be claimed against; and a
 * connection that dies without a word (a phone leaving its network: nothing arrives, nothing
 * closes) must not swallow the move played over it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createNetServer, type Socket } from 'node:net';
import { OnlineClient } from '@damka/protocol';
import {
  connect,
  nodeSocket,
  createGame,
  playAt,
  rawSocket,
  startServer,
  stopClients,
  until,
  type TestServer,
} from './helpers.ts';

const CLAIM_AFTER = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
before(async () => {
  server = await startServer({ claimAfterMs: CLAIM_AFTER });
});
after(async () => {
  stopClients();
  await server?.stop();
});

test('a socket closed while its hello is judged is not counted in the game', async () => {
  const game = await createGame(server.url, { variant: 'russian' });
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  await playAt(white, 0, 'c3-d4');
  await playAt(black, 1, 'f6-g5');
  await until(() => white.ply === 2, 'White has both moves');
  black.stop();
  await until(() => server.service.hub.watchers(game.gameId) === 1, 'Black gone');

  // reading the game is slow (a busy database): Black comes back and drops before the answer
  const store = server.service.store;
  const read = store.status.bind(store);
  store.status = async (id) => {
    await sleep(150);
    return read(id);
  };
  try {
    for (let i = 0; i < 3; i++) {
      const raw = await rawSocket(server.wsUrl);
      raw.send({ type: 'hello', v: 1, game: game.gameId, token: game.black.token, since: 0 });
      raw.ws.terminate();
      await raw.waitClose();
    }
    await sleep(400);
  } finally {
    store.status = read;
  }
  assert.equal(server.service.hub.watchers(game.gameId), 1, 'only White follows the game');
  assert.equal(server.service.hub.knownPresent(game.gameId, 'black'), false);

  await until(() => white.state!.absent.black !== null, 'White sees Black gone');
  await sleep(CLAIM_AFTER + 50);
  white.claim('win');
  await until(() => white.over, 'the claim ends the game');
  assert.equal(white.state!.outcome!.reason, 'abandoned');
});

/**
 * A TCP relay to the server whose open connections can be frozen: their bytes are no longer passed
 * on either way and nothing is closed, as when a phone's network vanishes. New connections pass.
 */
async function freezableRelay(
  target: URL,
): Promise<{ url: string; freeze(): void; close(): void }> {
  const links: Array<{ frozen: boolean; sockets: Socket[] }> = [];
  const relay = createNetServer((inbound) => {
    const link = { frozen: false, sockets: [inbound] };
    links.push(link);
    const outbound = new (inbound.constructor as typeof Socket)();
    link.sockets.push(outbound);
    outbound.connect(Number(target.port), target.hostname);
    inbound.on('data', (data) => {
      if (!link.frozen) outbound.write(data);
    });
    outbound.on('data', (data) => {
      if (!link.frozen) inbound.write(data);
    });
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', () => link.frozen || end());
    outbound.on('error', end).on('close', () => link.frozen || end());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = (relay.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}${target.pathname}`,
    freeze() {
      for (const link of links) link.frozen = true;
    },
    close() {
      relay.close();
      for (const link of links) for (const socket of link.sockets) socket.destroy();
    },
  };
}

test('a connection that dies without a word is dropped and opened again; the move sent over it is played', async () => {
  const relay = await freezableRelay(new URL(server.wsUrl));
  const game = await createGame(server.url, { variant: 'russian' });
  const white = new OnlineClient({
    urls: [relay.url],
    game: game.gameId,
    token: game.white.token,
    connect: nodeSocket,
    minDelay: 50,
    maxDelay: 200,
    pingEvery: 100,
    answerWithin: 200,
  });
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  try {
    white.start();
    await until(() => white.seat === 'white' && black.seat === 'black', 'seats');
    await playAt(white, 0, 'c3-d4');
    await playAt(black, 1, 'f6-g5');
    await until(() => white.ply === 2, 'White has both moves');
    // quiet for a while with the network up: the pings are answered, nothing is reopened
    await sleep(500);
    assert.equal(white.reconnects, 0, 'an answering connection is kept');

    relay.freeze();
    const started = Date.now();
    const move = white.move('g3-f4');
    move.catch(() => {}); // refused by white.stop() below when it never arrives
    const played = await Promise.race([move, sleep(5000).then(() => null)]);
    assert.ok(played !== null, 'the move sent over the dead connection was played within 5 s');
    assert.equal(played.text, 'g3-f4');
    const took = Date.now() - started;
    assert.ok(white.reconnects >= 1, 'White reconnected');
    assert.ok(took < 3000, `the move was played ${took} ms after it was sent`);
    await until(() => black.ply === 3, 'Black sees the move');
    assert.equal(black.actions[2]!.text, 'g3-f4');
  } finally {
    white.stop();
    relay.close();
  }
});
