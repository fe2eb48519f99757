/**
 * The protocol end to end against a server in this process (SQLite, 127.0.0.1:0): creating a game
 * and its links, the welcome, moves acknowledged and broadcast, a repeated move acknowledged again,
 * a stale ply refused with a resync, a reconnecting client receiving what it missed, a move in the
 * database before anyone hears of it, resignation, draw offers, draws by rule, flag falls (also with
 * nobody connected), rematch with colours swapped, and the PDN of a finished game.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, formatMove, parseMove, variantOrThrow } from '@damka/rules';
import type { ServerMessage } from '@damka/protocol';
import {
  connect,
  createGame,
  pickMove,
  rawSocket,
  seeded,
  startServer,
  playAt,
  stopClients,
  until,
  type TestServer,
} from './helpers.ts';

let server: TestServer;
let clock = Date.now();
let frozen = false;
before(async () => {
  server = await startServer({ now: () => (frozen ? clock : Date.now()) });
});
after(async () => {
  stopClients();
  await server?.stop();
});

test('creating a game returns a private link per seat and a spectator link', async () => {
  const game = await createGame(server.url, {
    variant: 'russian',
    clock: { initial: 300, increment: 2 },
  });
  assert.match(game.gameId, /^[A-Za-z0-9_-]{12}$/);
  assert.match(game.white.token, /^[A-Za-z0-9_-]{22}$/);
  assert.notEqual(game.white.token, game.black.token);
  assert.equal(game.white.url, `${server.url}/play/${game.gameId}#${game.white.token}`);
  assert.equal(game.spectator.url, `${server.url}/play/${game.gameId}`);
  // the database keeps only hashes of the secrets
  const stored = await server.service.store.game(game.gameId);
  assert.ok(stored);
  assert.equal(JSON.stringify(stored).includes(game.white.token), false);
  assert.equal(stored.setup.whiteHash.length, 64);

  const bad = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'chess' }),
  });
  assert.equal(bad.status, 400);
  assert.match(((await bad.json()) as { message: string }).message, /chess/);
  const badFen = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'international', fen: 'W:W99:B1' }),
  });
  assert.equal(badFen.status, 400);
  const text = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ variant: 'international' }),
  });
  assert.equal(text.status, 415);
});

test('two players and a spectator: moves are acknowledged, broadcast and stored first', async () => {
  const game = await createGame(server.url);
  const seen: Array<{ ply: number; stored: boolean }> = [];
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  const watcher = connect(server.wsUrl, game.gameId, undefined, {
    onMessage: (m: ServerMessage) => {
      if (m.type === 'played') seen.push({ ply: m.action.ply, stored: false });
    },
  });
  await until(() => white.seat === 'white' && black.seat === 'black', 'both seats');
  await until(() => watcher.seat === 'spectator', 'the spectator');
  await until(() => white.state?.joined.black === true, 'white sees black joined');

  const random = seeded(7);
  for (let ply = 0; ply < 12; ply++) {
    const mover = ply % 2 === 0 ? white : black;
    const text = pickMove(mover, random)!;
    const action = await mover.move(text);
    assert.equal(action.ply, ply);
    // acknowledged means stored
    const stored = await server.service.store.actions(game.gameId, ply);
    assert.equal(stored[0]?.text, action.text);
    await until(() => black.actions.length === ply + 1 && white.actions.length === ply + 1, 'sync');
  }
  await until(() => watcher.actions.length === 12, 'the spectator follows');
  assert.deepEqual(watcher.actions, white.actions);
  assert.deepEqual(black.actions, white.actions);
  assert.deepEqual(
    seen.map((s) => s.ply),
    Array.from({ length: 12 }, (_, i) => i),
  );
  // public summary
  const summary = (await (await fetch(`${server.url}/api/games/${game.gameId}`)).json()) as {
    actions: unknown[];
    state: { ply: number };
  };
  assert.equal(summary.actions.length, 12);
  assert.equal(summary.state.ply, 12);
  for (const c of [white, black, watcher]) c.stop();
});

test('the same ply and move again is acknowledged again; a stale ply is refused and resynced', async () => {
  const game = await createGame(server.url);
  const white = await rawSocket(server.wsUrl);
  white.send({ type: 'hello', v: 1, game: game.gameId, token: game.white.token, since: 0 });
  await white.next((m) => m.type === 'welcome');
  white.send({ type: 'move', ply: 0, move: '32-28' });
  const first = await white.next((m) => m.type === 'ack');
  assert.equal(first.type === 'ack' && first.duplicate, false);
  // sent again, as after a lost acknowledgement
  white.send({ type: 'move', ply: 0, move: '32-28' });
  await until(() => white.messages.filter((m) => m.type === 'ack').length === 2, 'second ack');
  const second = white.messages.filter((m) => m.type === 'ack')[1]!;
  assert.ok(second.type === 'ack' && second.duplicate);
  assert.equal(second.type === 'ack' && second.action.text, '32-28');
  // a different move at an old ply: stale, and the server resends the game from that ply
  white.messages.length = 0;
  white.send({ type: 'move', ply: 0, move: '31-27' });
  const stale = await white.next((m) => m.type === 'error');
  assert.ok(stale.type === 'error' && stale.code === 'stalePly' && stale.expected === 1);
  const resync = await white.next((m) => m.type === 'welcome');
  assert.ok(resync.type === 'welcome' && resync.from === 0 && resync.actions.length === 1);
  // ahead of the game: refused too
  white.messages.length = 0;
  white.send({ type: 'move', ply: 5, move: '31-27' });
  const future = await white.next((m) => m.type === 'error');
  assert.ok(future.type === 'error' && future.code === 'futurePly' && future.expected === 1);
  assert.equal((await server.service.store.actions(game.gameId)).length, 1);
  white.ws.close();
});

test('a reconnecting client receives everything it missed and resends its pending move', async () => {
  const game = await createGame(server.url);
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  const random = seeded(11);
  await white.move(pickMove(white, random)!);
  await until(() => black.ply === 1, 'black sees the move');
  black.stop(); // black goes away; white and black (from another tab) keep playing
  const blackTab = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => blackTab.ply === 1, 'second tab');
  for (let i = 0; i < 6; i++) {
    const mover = i % 2 === 0 ? blackTab : white;
    await mover.move(pickMove(mover, random)!);
    await until(() => white.ply === blackTab.ply, 'sync');
  }
  const back = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => back.ply === 7, 'the returning client catches up');
  assert.deepEqual(back.actions, white.actions);

  // a move sent while the connection is down goes out after the reconnect, once
  const text = pickMove(back, random)!;
  (back as unknown as { socket: { close(): void } }).socket.close();
  const pending = back.move(text);
  const action = await pending;
  assert.equal(action.ply, 7);
  await until(() => white.ply === 8, 'white sees it');
  assert.equal((await server.service.store.actions(game.gameId)).length, 8);
  assert.ok(back.reconnects >= 1);
  for (const c of [white, blackTab, back]) c.stop();
});

test('resignation ends the game; the PDN holds the moves and the result', async () => {
  const game = await createGame(server.url, { variant: 'russian' });
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  await playAt(white, 0, 'c3-d4');
  await playAt(black, 1, 'f6-g5');
  black.resign();
  await until(() => white.over && black.over, 'the end');
  assert.deepEqual(
    { winner: white.state!.outcome!.winner, reason: white.state!.outcome!.reason },
    { winner: 'white', reason: 'resignation' },
  );
  await assert.rejects(white.move('d4-e5'), /over/);
  const pdn = await (await fetch(`${server.url}/api/games/${game.gameId}/pdn`)).text();
  assert.match(pdn, /\[Result "1-0"\]/);
  assert.match(pdn, /\[GameType "25/);
  assert.match(pdn, /1\. c3-d4 f6-g5 1-0/);
  white.stop();
  black.stop();
});

test("English PDN gives Black's score first, as CheckerBoard and the OCA archive read it", async () => {
  const game = await createGame(server.url, { variant: 'english' });
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  await playAt(black, 0, '11-15');
  await playAt(white, 1, '22-18');
  white.resign();
  await until(() => white.over && black.over, 'the end');
  assert.equal(white.state!.outcome!.winner, 'black');
  const pdn = await (await fetch(`${server.url}/api/games/${game.gameId}/pdn`)).text();
  assert.match(pdn, /\[Result "1-0"\]/);
  assert.match(pdn, /1\. 11-15 22-18 1-0/);
  white.stop();
  black.stop();
});

test('draw offers: declined, then accepted; a move withdraws an offer to the mover', async () => {
  const game = await createGame(server.url);
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  white.draw('offer');
  await until(() => black.state?.drawOffer === 'white', 'black sees the offer');
  black.draw('decline');
  await until(() => white.state?.drawOffer === null, 'declined');
  white.draw('offer');
  await until(() => black.state?.drawOffer === 'white', 'offered again');
  await white.move('32-28'); // the offerer's own move keeps the offer
  assert.equal(white.state?.drawOffer, 'white');
  await playAt(black, 1, '19-23'); // the receiver moving declines it
  await until(() => white.state?.drawOffer === null, 'withdrawn by the move');
  black.draw('offer');
  await until(() => white.state?.drawOffer === 'black', 'black offers');
  white.draw('accept');
  await until(() => black.over, 'the end');
  assert.equal(black.state!.outcome!.reason, 'agreement');
  assert.equal(black.state!.outcome!.winner, null);
  const pdn = await (await fetch(`${server.url}/api/games/${game.gameId}/pdn`)).text();
  assert.match(pdn, /1\/2-1\/2/);
  white.stop();
  black.stop();
});

test('a draw by the rules: threefold repetition ends the game on the server', async () => {
  const fen = 'B:WK28:BK5';
  const game = await createGame(server.url, { variant: 'english', fen });
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  const variant = variantOrThrow('english');
  let position = (Position.fromFen(variant, fen) as { ok: true; value: Position }).value;
  const there: string[] = [];
  for (let ply = 0; ply < 8; ply++) {
    const mover = position.turn === 'white' ? white : black;
    const back = ply >= 2 ? there[ply - 2]! : undefined;
    const move = back
      ? position.legalMoves().find((m) => {
          const [from, to] = back.split('-');
          return variant.squares.names[m.from] === to && variant.squares.names[m.to] === from;
        })!
      : position.legalMoves()[0]!;
    const text = formatMove(position, move);
    there.push(text);
    await playAt(mover, ply, text);
    position = position.play((parseMove(position, text) as { ok: true; value: typeof move }).value);
  }
  await until(() => white.over, 'the draw');
  assert.equal(white.state!.outcome!.reason, 'repetition');
  assert.equal(white.state!.outcome!.winner, null);
  white.stop();
  black.stop();
});

test('clocks: time is charged to the mover, and a late move loses on time', async () => {
  const game = await createGame(server.url, {
    variant: 'international',
    clock: { initial: 10, increment: 2 },
  });
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  clock = Date.now();
  frozen = true;
  try {
    await white.move('32-28'); // the first move starts Black's clock
    assert.deepEqual(white.state!.clock, { white: 10_000, black: 10_000, running: 'black' });
    clock += 3000;
    await playAt(black, 1, '19-23');
    assert.equal(black.state!.clock!.black, 10_000 - 3000 + 2000);
    assert.equal(black.state!.clock!.running, 'white');
    clock += 10_500; // White thinks too long
    await assert.rejects(playAt(white, 2, '28x19'), /over/);
    await until(() => black.over, 'the flag');
    assert.deepEqual(
      {
        winner: black.state!.outcome!.winner,
        reason: black.state!.outcome!.reason,
        side: black.state!.outcome!.side,
      },
      { winner: 'black', reason: 'timeout', side: 'white' },
    );
    assert.equal(black.state!.clock!.white, 0);
    assert.equal((await server.service.store.actions(game.gameId)).length, 2);
  } finally {
    frozen = false;
  }
  white.stop();
  black.stop();
});

/** An International game on a 10-second clock, both players seated, White's first move played. */
async function clockedGameAfterOneMove() {
  const game = await createGame(server.url, {
    variant: 'international',
    clock: { initial: 10, increment: 0 },
  });
  const white = connect(server.wsUrl, game.gameId, game.white.token);
  const black = connect(server.wsUrl, game.gameId, game.black.token);
  await until(() => white.seat !== null && black.seat !== null, 'seats');
  await white.move('32-28');
  return { game, white, black };
}

test('a flag falls by itself: the server ends the game when the clock runs out', async () => {
  const { game, white, black } = await clockedGameAfterOneMove();
  // move the server's clock forward and let its timer find the fallen flag
  clock = Date.now() + 10_100;
  frozen = true;
  try {
    await server.service.checkFlag(game.gameId);
    await until(() => white.over, 'the flag fall');
    assert.equal(white.state!.outcome!.reason, 'timeout');
    assert.equal(white.state!.outcome!.winner, 'white');
  } finally {
    frozen = false;
  }
  white.stop();
  black.stop();
});

test('a flag that fell while nobody was connected: the API, the PDN and the welcome say so', async () => {
  const { game, white, black } = await clockedGameAfterOneMove();
  await playAt(black, 1, '19-23');
  white.stop();
  black.stop();
  await until(() => server.service.hub.watchers(game.gameId) === 0, 'both players gone');
  // White's time runs out with no connection, so no timer, on the server
  clock = Date.now() + 10_100;
  frozen = true;
  try {
    const response = await fetch(`${server.url}/api/games/${game.gameId}`);
    const body = (await response.json()) as { state: { outcome: { reason: string } | null } };
    assert.equal(body.state.outcome?.reason, 'timeout');
    const pdn = await (await fetch(`${server.url}/api/games/${game.gameId}/pdn`)).text();
    assert.match(pdn, /\[Result "0-1"\]/);
    const spectator = await rawSocket(server.wsUrl);
    spectator.send({ type: 'hello', v: 1, game: game.gameId, since: 0 });
    const welcome = await spectator.next((m) => m.type === 'welcome');
    assert.equal(welcome.type === 'welcome' && welcome.state.outcome?.winner, 'black');
    spectator.ws.close();
  } finally {
    frozen = false;
  }
});

test('a draw offer after a fallen flag is refused, and the game ends on time', async () => {
  const { game, white, black } = await clockedGameAfterOneMove();
  clock = Date.now() + 10_100; // Black's time has run out; no timer has fired yet
  frozen = true;
  try {
    black.draw('offer');
    await until(() => black.lastError?.code === 'gameOver', 'the offer refused');
    await until(() => white.over, 'the flag');
    assert.equal(white.state!.outcome!.reason, 'timeout');
    assert.equal(white.state!.outcome!.winner, 'white');
    assert.equal(white.state!.drawOffer, null);
    const stored = await server.service.store.game(game.gameId);
    assert.equal(stored?.status.drawOffer ?? null, null);
  } finally {
    frozen = false;
  }
  white.stop();
  black.stop();
});

test('rematch: both ask, a new game with colours swapped and new secrets', async () => {
  const game = await createGame(server.url, { variant: 'brazilian' });
  const got: Record<string, ServerMessage> = {};
  const keep = (name: string) => ({
    onMessage: (m: ServerMessage) => {
      if (m.type === 'rematch') got[name] = m;
    },
  });
  const white = connect(server.wsUrl, game.gameId, game.white.token, keep('white'));
  const black = connect(server.wsUrl, game.gameId, game.black.token, keep('black'));
  const watcher = connect(server.wsUrl, game.gameId, undefined, keep('watcher'));
  await until(() => white.seat !== null && black.seat !== null && watcher.seat !== null, 'seats');
  white.rematch();
  await until(() => white.lastError?.code === 'notOver', 'refused before the end');
  white.resign();
  await until(() => black.over, 'the end');
  white.rematch();
  await until(() => black.state?.rematch.white === true, 'black sees the request');
  black.rematch();
  await until(() => Object.keys(got).length === 3, 'the rematch messages');
  const forWhite = got['white']!;
  const forBlack = got['black']!;
  const forWatcher = got['watcher']!;
  assert.ok(
    forWhite.type === 'rematch' && forBlack.type === 'rematch' && forWatcher.type === 'rematch',
  );
  assert.equal(forWhite.game, forBlack.game);
  assert.equal(forWhite.seat, 'black');
  assert.equal(forBlack.seat, 'white');
  assert.equal(forWatcher.seat, 'spectator');
  assert.equal(forWatcher.token, undefined);
  // the old White opens the new game's Black seat with the new secret
  const next = connect(server.wsUrl, forWhite.game, forWhite.token);
  await until(() => next.seat !== null, 'new seat');
  assert.equal(next.seat, 'black');
  assert.equal(next.info!.rematchOf, game.gameId);
  assert.equal(next.info!.variant, 'brazilian');
  for (const c of [white, black, watcher, next]) c.stop();
});
