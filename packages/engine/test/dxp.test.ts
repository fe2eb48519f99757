/**
 * DXP: every message type written and read back, the published `M` example, field checks on
 * malformed records, NUL framing across chunks, and whole games — in memory and over TCP on
 * 127.0.0.1 (a free port) — including illegal and malformed input from a peer that follows no
 * rules. Every socket and server is closed by the test that opened it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type Socket } from 'node:net';
import { Position, variantOrThrow } from '@damka/rules';
import {
  DxpChannel,
  DxpFramer,
  channelOfSocket,
  dxpBytes,
  dxpConnect,
  dxpListen,
  dxpPosition,
  dxpSetup,
  engineDxpPlayer,
  formatDxp,
  parseDxp,
  runDxpFollower,
  runDxpInitiator,
  type DxpGameReport,
  type DxpIncoming,
  type DxpMessage,
  type DxpPlayer,
} from '../src/index.ts';

const NAME = (s: string) => s.padEnd(32, ' ');

test('messages: the published M example and every type round trip', () => {
  const m = parseDxp('M001205250422122320');
  assert.ok(m.ok);
  assert.deepEqual(m.value, {
    type: 'M',
    seconds: 12,
    from: 5,
    to: 25,
    captures: [22, 12, 23, 20],
  });
  assert.equal(formatDxp(m.value), 'M001205250422122320');
  const start = Position.start(variantOrThrow('international'));
  const messages: DxpMessage[] = [
    { type: 'R', version: '01', name: 'Damka', followerColor: 'black', minutes: 5, moves: 75 },
    {
      type: 'R',
      version: '01',
      name: 'X',
      followerColor: 'white',
      minutes: 0,
      moves: 0,
      setup: dxpSetup(start),
    },
    { type: 'A', name: 'Follower', code: 0 },
    { type: 'M', seconds: 3, from: 32, to: 28, captures: [] },
    { type: 'E', reason: 2, stop: 1 },
    { type: 'C', text: 'hello, world' },
    { type: 'B', moveNumber: 17, color: 'black' },
    { type: 'K', code: 0 },
  ];
  for (const message of messages) {
    const text = formatDxp(message);
    assert.ok(text.length <= 127);
    const back = parseDxp(text);
    assert.ok(back.ok, `${text}: ${!back.ok && back.error}`);
    assert.deepEqual(back.value, message);
  }
  assert.equal(formatDxp(messages[0]!), `R01${NAME('Damka')}Z005075A`);
  assert.equal(formatDxp(messages[2]!), `A${NAME('Follower')}0`);
  assert.equal(
    formatDxp(messages[1]!),
    `R01${NAME('X')}W000000BW${'z'.repeat(20)}${'e'.repeat(10)}${'w'.repeat(20)}`,
  );
});

test('messages: malformed records are refused with a reason', () => {
  const bad = [
    '',
    'Q',
    'M',
    'M00120525042212232', // one digit short
    'M0012052504221223200', // one digit long
    'M00a205250422122320',
    'M0000322801', // says 1 capture, lists none
    `R01${NAME('x')}Q005075A`,
    `R01${NAME('x')}W005075C`,
    `R01${NAME('x')}W005075A!`,
    `R01${NAME('x')}W005075BW${'e'.repeat(49)}`,
    `R01${NAME('x')}W005075BX${'e'.repeat(50)}`,
    `R01${NAME('x')}W005075BW${'q'.repeat(50)}`,
    `Rxx${NAME('x')}W005075A`,
    'R01short',
    'A',
    `A${NAME('x')}`,
    `A${NAME('x')}a`,
    'E1',
    'E123',
    'B01W',
    'B017Q',
    'K',
    'Kx',
    'C\u00e9',
    'M' + '0'.repeat(127),
  ];
  for (const text of bad) {
    const r = parseDxp(text);
    assert.equal(r.ok, false, `'${text}' is refused`);
    assert.ok(!r.ok && r.error.length > 0);
  }
});

test('framing: records split across chunks, several per chunk; overlong and binary refused', () => {
  const framer = new DxpFramer();
  const bytes = new Uint8Array([...dxpBytes('E20'), ...dxpBytes('K0'), ...dxpBytes('C hi')]);
  const texts: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    for (const f of framer.push(bytes.subarray(i, i + 3)))
      texts.push(f.ok ? f.text : `!${f.error}`);
  }
  assert.deepEqual(texts, ['E20', 'K0', 'C hi']);
  assert.equal(framer.pending, 0);
  const long = new Uint8Array(1000).fill(65);
  const frames = [
    ...framer.push(long),
    ...framer.push(long),
    ...framer.push(new Uint8Array([66, 0])), // the overlong record ends here
    ...framer.push(dxpBytes('K0')),
  ];
  assert.equal(frames.length, 2, 'one refusal for the overlong record, then the next record');
  assert.equal(frames[0]!.ok, false);
  assert.deepEqual(frames[1], { ok: true, text: 'K0' });
  assert.equal(framer.pending, 0, 'skipped bytes are not kept');
  const binary = framer.push(new Uint8Array([67, 200, 1, 0]));
  assert.equal(binary.length, 1);
  assert.equal(binary[0]!.ok, false);
});

test('positions: setup letters round trip; impossible positions are refused', () => {
  const variant = variantOrThrow('international');
  const p = Position.fromFen(variant, 'B:W31,K46,33:B18,K5,12');
  assert.ok(p.ok);
  const setup = dxpSetup(p.value);
  assert.equal(setup.turn, 'black');
  assert.equal(setup.squares[4], 'Z');
  assert.equal(setup.squares[45], 'W');
  const back = dxpPosition(setup);
  assert.ok(back.ok);
  assert.equal(back.value.fen, p.value.fen);
  assert.equal(dxpPosition({ turn: 'white', squares: 'w' + 'e'.repeat(49) }).ok, false);
  assert.equal(dxpPosition(undefined).ok, true);
});

/** Two channels joined in memory. */
function pair(): [DxpChannel, DxpChannel] {
  const a: DxpChannel = new DxpChannel({
    write: (bytes) => setImmediate(() => b.receive(bytes)),
    end: () => setImmediate(() => b.closed()),
  });
  const b: DxpChannel = new DxpChannel({
    write: (bytes) => setImmediate(() => a.receive(bytes)),
    end: () => setImmediate(() => a.closed()),
  });
  return [a, b];
}

const MIRROR: Record<DxpGameReport['result'], DxpGameReport['result']> = {
  win: 'loss',
  loss: 'win',
  draw: 'draw',
  aborted: 'aborted',
};

function assertMirrored(ours: readonly DxpGameReport[], theirs: readonly DxpGameReport[]): void {
  assert.equal(ours.length, theirs.length);
  ours.forEach((r, i) => {
    const t = theirs[i]!;
    assert.equal(t.result, MIRROR[r.result]);
    assert.notEqual(t.ourColor, r.ourColor);
    assert.deepEqual(t.moves, r.moves);
    assert.equal(r.reason, t.reason);
  });
}

test('in memory: two games to their end, colours alternating, both sides agree', async () => {
  const [a, b] = pair();
  const [initiator, follower] = await Promise.all([
    runDxpInitiator(a, {
      games: 2,
      color: 'black',
      player: engineDxpPlayer({ name: 'Init', limits: { depth: 1 }, seed: 1, ttBits: 14 }),
    }),
    runDxpFollower(b, {
      player: engineDxpPlayer({ name: 'Follow', limits: { depth: 2 }, seed: 2, ttBits: 14 }),
    }),
  ]);
  assert.equal(initiator.length, 2);
  assert.deepEqual(
    initiator.map((r) => r.ourColor),
    ['black', 'white'],
  );
  assert.deepEqual(
    initiator.map((r) => r.opponent),
    ['Follow', 'Follow'],
  );
  assert.ok(initiator.every((r) => r.result !== 'aborted' && r.moves.length > 10));
  assertMirrored(initiator, follower);
  // replay the record: every move legal, and the game really over at the end
  for (const r of initiator) {
    let p = Position.start(variantOrThrow('international'));
    for (const text of r.moves) {
      const move = p.legalMoves().find((m) => {
        const [from, to, ...caps] = text.split(/[-x]/).map(Number);
        const names = p.variant.squares.names;
        return (
          Number(names[m.from]) === from &&
          Number(names[m.to]) === to &&
          m.captures.length === caps.length &&
          m.captures.every((sq) => caps.includes(Number(names[sq])))
        );
      });
      assert.ok(move, `${text} is legal`);
      p = p.play(move);
    }
  }
});

test('in memory: a game from a position sent with start B, Black to move', async () => {
  const [a, b] = pair();
  const start = Position.fromFen(variantOrThrow('international'), 'B:W27,28,K46:B17,18,19');
  assert.ok(start.ok);
  const records: string[] = [];
  a.onRecord = (d, t) => records.push(`${d}${t}`);
  const [initiator, follower] = await Promise.all([
    runDxpInitiator(a, {
      games: 1,
      start: start.value,
      player: engineDxpPlayer({ name: 'I', limits: { depth: 2 }, ttBits: 14 }),
    }),
    runDxpFollower(b, { player: engineDxpPlayer({ name: 'F', limits: { depth: 2 }, ttBits: 14 }) }),
  ]);
  assert.match(records[0]!, /^>R01I {31}Z000000BZ/);
  assert.equal(initiator.length, 1);
  assert.notEqual(initiator[0]!.result, 'aborted');
  assertMirrored(initiator, follower);
  // Black (the follower) moved first
  assert.match(
    records.find((r) => r.startsWith('<M'))!,
    /^<M/,
  );
  assert.ok(
    records.findIndex((r) => r.startsWith('<M')) < records.findIndex((r) => r.startsWith('>M')),
  );
});

test('over TCP on 127.0.0.1: initiator against follower, a full game to its end', async () => {
  const followerReports: DxpGameReport[][] = [];
  const server = await dxpListen(
    '127.0.0.1',
    0,
    async (channel) => {
      followerReports.push(
        await runDxpFollower(channel, {
          player: engineDxpPlayer({ name: 'F', limits: { depth: 2 }, seed: 3, ttBits: 14 }),
        }),
      );
    },
    { connections: 1 },
  );
  try {
    assert.ok(server.port > 0);
    const channel = await dxpConnect('127.0.0.1', server.port);
    const records: string[] = [];
    channel.onRecord = (d, t) => records.push(`${d}${t}`);
    const reports = await runDxpInitiator(channel, {
      games: 1,
      minutes: 1,
      moves: 0,
      player: engineDxpPlayer({ name: 'I', limits: { depth: 1 }, seed: 4, ttBits: 14 }),
    });
    await server.done;
    assert.equal(reports.length, 1);
    assert.notEqual(reports[0]!.result, 'aborted');
    assertMirrored(reports, followerReports[0]!);
    assert.match(records[0]!, /^>R01I {31}Z001000A$/);
    assert.match(records[1]!, /^<AF {31}0$/);
    const ends = records.filter((r) => r.slice(1, 2) === 'E');
    assert.equal(ends.length, 2, 'one E and its confirmation');
    assert.match(ends.join(' '), /E\d1/, 'the last game says stop');
  } finally {
    await server.close();
  }
});

/** A raw TCP peer that reads records through a channel but may write any bytes. */
async function rawClient(port: number): Promise<{ socket: Socket; channel: DxpChannel }> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, channel: channelOfSocket(socket) };
}

async function expectMessage(
  channel: DxpChannel,
  type: string,
): Promise<DxpMessage & { text?: string }> {
  const incoming: DxpIncoming = await channel.next(5000);
  assert.equal(incoming.kind, 'message', JSON.stringify(incoming));
  assert.ok(incoming.kind === 'message');
  assert.equal(incoming.message.type, type, incoming.text);
  return incoming.message;
}

test('follower: malformed records get a C; an illegal move gets a C and ends the game cleanly', async () => {
  const events: string[] = [];
  const reports: DxpGameReport[][] = [];
  const server = await dxpListen(
    '127.0.0.1',
    0,
    async (channel) => {
      reports.push(
        await runDxpFollower(channel, {
          player: engineDxpPlayer({ name: 'F', limits: { depth: 1 }, seed: 5, ttBits: 14 }),
          onEvent: (e) => events.push(e),
          replyTimeout: 2000,
        }),
      );
    },
    { connections: 1 },
  );
  const { socket, channel } = await rawClient(server.port);
  try {
    // garbage before any game: answered, never fatal
    socket.write(Buffer.from('Xyz\0'));
    await expectMessage(channel, 'C');
    socket.write(Buffer.from('A'.repeat(300) + '\0'));
    await expectMessage(channel, 'C');
    socket.write(Buffer.from([0x4d, 0xff, 0xfe, 0]));
    await expectMessage(channel, 'C');
    socket.write(dxpBytes({ type: 'M', seconds: 0, from: 32, to: 28, captures: [] }));
    await expectMessage(channel, 'C'); // a move outside a game
    // unsupported version, then an impossible position: declined, connection kept
    socket.write(dxpBytes(`R02${NAME('raw')}Z000000A`));
    assert.equal(((await expectMessage(channel, 'A')) as { code: number }).code, 1);
    socket.write(dxpBytes(`R01${NAME('raw')}Z000000BWw${'e'.repeat(49)}`)); // a man on its crowning row
    await expectMessage(channel, 'C');
    assert.equal(((await expectMessage(channel, 'A')) as { code: number }).code, 2);
    // a real game: we are White; a legal move, then an illegal one
    socket.write(dxpBytes(`R01${NAME('raw')}Z000000A`));
    assert.equal(((await expectMessage(channel, 'A')) as { code: number }).code, 0);
    socket.write(dxpBytes('M0000322800'));
    await expectMessage(channel, 'M');
    socket.write(Buffer.from('\0')); // an empty record in a game: refused, the game goes on
    await expectMessage(channel, 'C');
    // a man stepping back is illegal whatever the engine answered
    socket.write(dxpBytes('M0000283200'));
    const complaint = await expectMessage(channel, 'C');
    assert.match((complaint as { text: string }).text, /illegal move 28-32/);
    const end = (await expectMessage(channel, 'E')) as { reason: number };
    assert.equal(end.reason, 0);
    socket.write(dxpBytes({ type: 'E', reason: 0, stop: 1 }));
    socket.end();
    await server.done;
    assert.equal(reports[0]!.length, 1);
    assert.equal(reports[0]![0]!.result, 'aborted');
    assert.match(reports[0]![0]!.reason, /illegal move 28-32/);
    assert.ok(events.some((e) => e.startsWith('refused a malformed message')));
  } finally {
    socket.destroy();
    await server.close();
  }
});

test('initiator: a malformed move ends the game cleanly; E, B and C from the peer are answered', async () => {
  const sockets = new Set<Socket>();
  let script: (channel: DxpChannel, socket: Socket) => Promise<void> = async () => {};
  const server = createServer((socket) => {
    sockets.add(socket);
    void script(channelOfSocket(socket), socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const player = (name: string): DxpPlayer =>
    engineDxpPlayer({ name, limits: { depth: 1 }, seed: 6, ttBits: 14 });
  try {
    // 1. a malformed move
    script = async (channel, socket) => {
      await expectMessage(channel, 'R');
      socket.write(dxpBytes(`A${NAME('raw')}0`));
      await expectMessage(channel, 'M');
      socket.write(dxpBytes('M12'));
      await expectMessage(channel, 'C');
      await expectMessage(channel, 'E');
      socket.write(dxpBytes('E01'));
    };
    let reports = await runDxpInitiator(await dxpConnect('127.0.0.1', port), {
      games: 3,
      player: player('I'),
      replyTimeout: 2000,
    });
    assert.equal(reports.length, 1, 'no further game after an aborted one');
    assert.equal(reports[0]!.result, 'aborted');
    assert.match(reports[0]!.reason, /malformed move/);

    // 2. chat, a take-back request (declined), then resignation: confirmed, and a win
    script = async (channel, socket) => {
      await expectMessage(channel, 'R');
      socket.write(dxpBytes(`A${NAME('raw')}0`));
      await expectMessage(channel, 'M');
      socket.write(dxpBytes('Cgood luck'));
      socket.write(dxpBytes('B001W'));
      assert.equal(((await expectMessage(channel, 'K')) as { code: number }).code, 1);
      socket.write(dxpBytes('E10'));
      const confirm = (await expectMessage(channel, 'E')) as { reason: number; stop: number };
      assert.deepEqual([confirm.reason, confirm.stop], [3, 1]);
    };
    const events: string[] = [];
    reports = await runDxpInitiator(await dxpConnect('127.0.0.1', port), {
      games: 1,
      player: player('I'),
      onEvent: (e) => events.push(e),
    });
    assert.equal(reports[0]!.result, 'win');
    assert.ok(events.includes('raw says: good luck'));

    // 3. a follower that declines, and one that hangs up
    script = async (channel, socket) => {
      await expectMessage(channel, 'R');
      socket.write(dxpBytes(`A${NAME('raw')}3`));
    };
    reports = await runDxpInitiator(await dxpConnect('127.0.0.1', port), {
      games: 1,
      player: player('I'),
    });
    assert.equal(reports.length, 0);
    script = async (channel, socket) => {
      await expectMessage(channel, 'R');
      socket.write(dxpBytes(`A${NAME('raw')}0`));
      socket.destroy();
    };
    reports = await runDxpInitiator(await dxpConnect('127.0.0.1', port), {
      games: 1,
      color: 'black',
      player: player('I'),
    });
    assert.equal(reports[0]!.result, 'aborted');
    await assert.rejects(dxpConnect('127.0.0.1', 1, 2000), /cannot connect|no connection/);
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('follower: a game limit answers A code 3', async () => {
  const [a, b] = pair();
  const follower = runDxpFollower(b, {
    maxGames: 0,
    player: engineDxpPlayer({ limits: { depth: 1 } }),
  });
  a.send({ type: 'R', version: '01', name: 'x', followerColor: 'black', minutes: 0, moves: 0 });
  const answer = await a.next(2000);
  assert.ok(answer.kind === 'message' && answer.message.type === 'A');
  assert.equal(answer.message.code, 3);
  a.close();
  assert.deepEqual(await follower, []);
});
