/**
 * The shared schemas and the client's bookkeeping, without a server: what is accepted and
 * refused, and how `OnlineClient` resends a pending action after a reconnect, settles it from a
 * welcome that already holds it, and asks for a resync on a gap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_MESSAGE_BYTES,
  OnlineClient,
  parseClientMessage,
  parseCreateGame,
  parseServerMessage,
  type Action,
  type LiveState,
  type ServerMessage,
  type SocketLike,
} from '../src/index.ts';

test('client messages: valid ones pass, anything else is refused with a reason', () => {
  const ok = parseClientMessage(JSON.stringify({ type: 'move', ply: 3, move: '32-28' }));
  assert.deepEqual(ok, { ok: true, value: { type: 'move', ply: 3, move: '32-28' } });
  const hello = parseClientMessage(
    JSON.stringify({ type: 'hello', v: 1, game: 'abcdefghijkl', token: 'A'.repeat(22), since: 0 }),
  );
  assert.equal(hello.ok, true);
  const refused: Array<[string, RegExp]> = [
    ['nope', /not JSON/],
    ['{"type":"move","ply":1}', /move/],
    ['{"type":"move","ply":1.5,"move":"1-2"}', /ply/],
    ['{"type":"move","ply":1,"move":"1-2","x":1}', /x/],
    ['{"type":"hello","v":2,"game":"abcdefghijkl","since":0}', /v/],
    ['{"type":"hello","v":1,"game":"short","since":0}', /game/],
    ['{"type":"hello","v":1,"game":"abcdefghijkl","token":"bad","since":0}', /token/],
    ['{"type":"draw","action":"maybe"}', /action/],
  ];
  for (const [text, reason] of refused) {
    const r = parseClientMessage(text);
    assert.equal(r.ok, false, text);
    if (!r.ok) {
      assert.equal(r.code, 'badMessage');
      assert.match(r.message, reason, text);
    }
  }
  const big = parseClientMessage(' '.repeat(MAX_MESSAGE_BYTES + 1));
  assert.ok(!big.ok && big.code === 'tooLarge');
});

test('create requests and server messages', () => {
  assert.equal(
    parseCreateGame({ variant: 'russian', clock: { initial: 300, increment: 3 } }).ok,
    true,
  );
  assert.equal(
    parseCreateGame({ variant: 'russian', clock: { initial: 1, increment: 0 } }).ok,
    false,
  );
  assert.equal(parseCreateGame({ variant: 'Russian!' }).ok, false);
  assert.equal(parseServerMessage('{"type":"pong","n":1,"at":2}').ok, true);
  assert.equal(parseServerMessage('{"type":"error","code":"whatever","message":""}').ok, false);
});

/** A socket the test drives by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const info = {
  id: 'abcdefghijkl',
  variant: 'international',
  options: {},
  fen: null,
  clock: null,
  rematchOf: null,
};
const state = (ply: number): LiveState => ({
  ply,
  clock: null,
  outcome: null,
  drawOffer: null,
  rematch: { white: false, black: false, game: null },
  joined: { white: true, black: true },
  absent: { white: null, black: 1_700_000_000_000 },
});
const action = (ply: number, text: string): Action => ({
  ply,
  kind: 'move',
  text,
  color: ply % 2 === 0 ? 'white' : 'black',
  at: 0,
});

test('the client resends a pending move after a reconnect and settles it from the welcome', async () => {
  const sockets: FakeSocket[] = [];
  const client = new OnlineClient({
    urls: ['ws://a', 'ws://b'],
    game: info.id,
    token: 'A'.repeat(22),
    connect: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    minDelay: 1,
    maxDelay: 2,
  });
  client.start();
  sockets[0]!.open();
  assert.deepEqual(sockets[0]!.sent[0], {
    type: 'hello',
    v: 1,
    game: info.id,
    token: 'A'.repeat(22),
    since: 0,
  });
  sockets[0]!.receive({
    type: 'welcome',
    v: 1,
    game: info,
    seat: 'white',
    from: 0,
    actions: [],
    state: state(0),
  });
  const pending = client.move('32-28');
  assert.deepEqual(sockets[0]!.sent[1], { type: 'move', ply: 0, move: '32-28' });
  sockets[0]!.close(); // lost before the acknowledgement
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(sockets.length, 2, 'reconnected (to the next address)');
  sockets[1]!.open();
  assert.deepEqual(sockets[1]!.sent[0], {
    type: 'hello',
    v: 1,
    game: info.id,
    token: 'A'.repeat(22),
    since: 0,
  });
  // the move was not stored: the welcome has no action at ply 0, so it is sent again
  sockets[1]!.receive({
    type: 'welcome',
    v: 1,
    game: info,
    seat: 'white',
    from: 0,
    actions: [],
    state: state(0),
  });
  assert.deepEqual(sockets[1]!.sent[1], { type: 'move', ply: 0, move: '32-28' });
  sockets[1]!.receive({ type: 'ack', action: action(0, '32-28'), duplicate: false });
  assert.equal((await pending).text, '32-28');

  // stored before the loss: the welcome settles it, nothing is sent again
  sockets[1]!.receive({ type: 'played', action: action(1, '19-23'), state: state(2) });
  const second = client.move('28-22');
  sockets[1]!.close();
  await new Promise((r) => setTimeout(r, 20));
  sockets[2]!.open();
  sockets[2]!.receive({
    type: 'welcome',
    v: 1,
    game: info,
    seat: 'white',
    from: 2,
    actions: [action(2, '28-22')],
    state: state(3),
  });
  assert.equal(sockets[2]!.sent.length, 1);
  assert.equal((await second).ply, 2);
  assert.deepEqual(
    client.actions.map((a) => a.text),
    ['32-28', '19-23', '28-22'],
  );

  // a gap: a played message beyond the actions held asks for a resync
  sockets[2]!.receive({ type: 'played', action: action(5, '1-2'), state: state(6) });
  assert.deepEqual(sockets[2]!.sent[1], {
    type: 'hello',
    v: 1,
    game: info.id,
    token: 'A'.repeat(22),
    since: 3,
  });
  assert.equal(client.actions.length, 3);
  client.stop();
});

test('a connection that falls silent is pinged, then dropped and opened again; the pending move goes again', async () => {
  const sockets: FakeSocket[] = [];
  const closes: Array<{ code?: number; reason?: string }> = [];
  const client = new OnlineClient({
    urls: ['ws://a'],
    game: info.id,
    token: 'A'.repeat(22),
    connect: () => {
      const s = new FakeSocket();
      const close = s.close.bind(s);
      s.close = (code?: number, reason?: string) => {
        closes.push({ code, reason });
        close();
      };
      sockets.push(s);
      return s;
    },
    minDelay: 1,
    maxDelay: 2,
    pingEvery: 40,
    answerWithin: 40,
  });
  const welcome = (s: FakeSocket, from: number, actions: Action[]) =>
    s.receive({
      type: 'welcome',
      v: 1,
      game: info,
      seat: 'white',
      from,
      actions,
      state: state(from + actions.length),
    });
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  client.start();
  sockets[0]!.open();
  welcome(sockets[0]!, 0, []);
  assert.equal(client.status, 'open');
  const pending = client.move('32-28');

  // an answering server: pinged when quiet, never dropped
  for (let k = 0; k < 4; k++) {
    await wait(30);
    for (const m of sockets[0]!.sent as Array<{ type: string; n?: number }>) {
      if (m.type === 'ping' && m.n !== undefined && !(m as { answered?: boolean }).answered) {
        (m as { answered?: boolean }).answered = true;
        sockets[0]!.receive({ type: 'pong', n: m.n, at: Date.now() });
      }
    }
  }
  const pings = (sockets[0]!.sent as Array<{ type: string }>).filter((m) => m.type === 'ping');
  assert.ok(pings.length >= 1, 'pinged while quiet');
  assert.equal(sockets.length, 1, 'an answering connection is kept');
  assert.equal(client.status, 'open');

  // the server falls silent: within a ping's interval and its answer time the socket is dropped
  await wait(200);
  assert.ok(sockets.length >= 2, 'reconnected after the silence');
  assert.deepEqual(closes[0], { code: 4000, reason: 'no answer' });
  const again = sockets[sockets.length - 1]!;
  again.open();
  assert.deepEqual(again.sent[0], {
    type: 'hello',
    v: 1,
    game: info.id,
    token: 'A'.repeat(22),
    since: 0,
  });
  welcome(again, 0, []);
  assert.deepEqual(again.sent[1], { type: 'move', ply: 0, move: '32-28' });
  again.receive({ type: 'ack', action: action(0, '32-28'), duplicate: false });
  assert.equal((await pending).text, '32-28');
  client.stop();
});

test('no ping before the game is open, and none after stop', async () => {
  const sockets: FakeSocket[] = [];
  const client = new OnlineClient({
    urls: ['ws://a'],
    game: info.id,
    connect: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    pingEvery: 10,
    answerWithin: 10,
  });
  client.start();
  sockets[0]!.open();
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(
    (sockets[0]!.sent as Array<{ type: string }>).map((m) => m.type),
    ['hello'],
    'only the hello while the welcome is awaited',
  );
  assert.equal(sockets.length, 1);
  sockets[0]!.receive({
    type: 'welcome',
    v: 1,
    game: info,
    seat: 'spectator',
    from: 0,
    actions: [],
    state: state(0),
  });
  client.stop();
  const sent = sockets[0]!.sent.length;
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(sockets[0]!.sent.length, sent, 'nothing sent after stop');
  assert.equal(sockets.length, 1, 'no reconnection after stop');
});
