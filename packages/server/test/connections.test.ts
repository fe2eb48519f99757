/**
 * Connections that come and go at awkward moments: a socket that closes while its `hello` is
 * still being judged (a dropped mobile connection, a closed tab) must not stay counted in the
 * game, or its player would count as present for ever and could never be claimed against.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  connect,
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
