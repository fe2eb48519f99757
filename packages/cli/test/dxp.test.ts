/**
 * `damka dxp`: the follower as a real process on 127.0.0.1 (a free port), the initiator run
 * in-process against it for two full games, and the command line's refusals.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import { bufferIo } from '../src/command.ts';
import { main } from '../src/main.ts';
import { damka, lines } from './helpers.ts';
import { parseAddress, scoreLine } from '../src/commands/dxp.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

test('damka dxp: our initiator against our follower process, two games to their end', async () => {
  const follower = spawn(
    process.execPath,
    [
      'packages/cli/bin/damka.cjs',
      'dxp',
      '--listen',
      '127.0.0.1:0',
      // the follower searches on two threads: its helper thread must not keep it alive at the end
      '--time',
      '20',
      '--threads',
      '2',
      '--name',
      'Follower',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  follower.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => follower.on('exit', resolve));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      follower.stdout.on('data', (d) => {
        out += d;
        const m = /listening on 127\.0\.0\.1:(\d+)\n/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      follower.on('exit', () => reject(new Error(`follower exited: ${err}`)));
    });
    const r = await damka(
      'dxp',
      '--connect',
      `127.0.0.1:${port}`,
      '--games',
      '2',
      '--depth',
      '1',
      '--color',
      'black',
      '--verbose',
    );
    assert.equal(r.code, 0, r.stderr);
    const shown = lines(r.stdout);
    assert.ok(shown.includes('game 1: Damka (black) against Follower'), r.stdout);
    assert.ok(shown.includes('game 2: Damka (white) against Follower'));
    assert.ok(
      shown.some((l) => /^> R01Damka {27}W000000A$/.test(l)),
      'the request, verbatim',
    );
    const results = shown.filter((l) =>
      /^game \d: (win|loss|draw) \(.+\) after \d+ plies$/.test(l),
    );
    assert.equal(results.length, 2, r.stdout);
    const score = /^Damka \+(\d+) =(\d+) -(\d+) \(2 games\)$/.exec(shown.at(-1)!);
    assert.ok(score, shown.at(-1));
    assert.equal(Number(score[1]) + Number(score[2]) + Number(score[3]), 2);
    assert.equal(await exited, 0, err);
    // the follower saw the same games with the opposite results
    const theirs = lines(out).filter((l) => /^game \d: (win|loss|draw) /.test(l));
    const flip = (l: string) =>
      l.replace(/: (win|loss) /, (_, w: string) => `: ${w === 'win' ? 'loss' : 'win'} `);
    assert.deepEqual(theirs.map(flip), results);
  } finally {
    follower.kill();
  }
});

test('damka dxp refuses bad command lines with exit code 2', async () => {
  const cases: Array<[string[], RegExp]> = [
    [[], /exactly one of --listen/],
    [['--listen', '127.0.0.1:1', '--connect', '127.0.0.1:1'], /exactly one of/],
    [['--connect', 'localhost'], /--connect must be HOST:PORT/],
    [['--connect', '127.0.0.1:99999'], /--connect must be HOST:PORT/],
    [['--connect', '127.0.0.1:1', '--time', '10', '--depth', '2'], /--time or --depth/],
    [['--connect', '127.0.0.1:1', '--depth', '2', '--threads', '2'], /--threads goes with a time/],
    [['--connect', '127.0.0.1:1', '--threads', '0'], /--threads must be a whole number/],
    [['--connect', '127.0.0.1:1', '--color', 'red'], /--color must be white or black/],
    [['--connect', '127.0.0.1:1', '--games', '0'], /--games must be a whole number/],
    [['--connect', '127.0.0.1:1', '--fen', 'W:W99'], /^damka: FEN: /],
    // what the initiator's game request carries is not the follower's to set
    [['--listen', '127.0.0.1:0', '--color', 'black'], /^damka: --color is for the initiator/],
    [['--listen', '127.0.0.1:0', '--fen', 'W:W31:B20'], /^damka: --fen is for the initiator/],
    [
      ['--listen', '127.0.0.1:0', '--minutes', '5', '--moves', '75'],
      /^damka: --minutes, --moves are for the initiator \(--connect\): a follower plays/,
    ],
    [['--connect', '127.0.0.1:1', '--forever'], /^damka: --forever is for the follower/],
    [['--listen', '127.0.0.1:0', '--peer-timeout', '0'], /--peer-timeout must be a whole number/],
  ];
  for (const [argv, message] of cases) {
    const r = await damka('dxp', ...argv);
    assert.equal(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, '');
  }
});

test('damka dxp --connect to a closed port fails in one line with exit code 1', async () => {
  // find a free port, then close it so nothing listens there
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const r = await damka('dxp', '--connect', `127.0.0.1:${port}`, '--depth', '1');
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^damka: cannot connect to 127\.0\.0\.1:\d+: .*\n$/);
});

test('addresses and score lines', () => {
  assert.deepEqual(parseAddress('x', '127.0.0.1:27531'), { host: '127.0.0.1', port: 27531 });
  assert.deepEqual(parseAddress('x', '[::1]:0'), { host: '::1', port: 0 });
  assert.equal(
    scoreLine('Damka', [
      { index: 0, ourColor: 'white', opponent: 'x', result: 'win', reason: '', moves: [] },
      { index: 1, ourColor: 'black', opponent: 'x', result: 'aborted', reason: '', moves: [] },
    ]),
    'Damka +1 =0 -0 (2 games, 1 aborted)',
  );
});

/** A DXP record as sent: its text and the NUL that ends it. */
const record = (text: string) => Buffer.from(`${text}\0`, 'latin1');
const NAME = (s: string) => s.padEnd(32, ' ');

/** A raw DXP peer on `port`: sends records, waits for the next record received. */
async function rawPeer(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const received: string[] = [];
  let partial = '';
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('latin1')).split('\0');
    partial = parts.pop()!;
    received.push(...parts);
    wake();
  });
  return {
    send: (text: string) => socket.write(record(text)),
    /** The next record received, which must be of `type`. */
    async next(type: string): Promise<string> {
      while (received.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const text = received.shift()!;
      assert.equal(text[0], type, text);
      return text;
    },
    close: () => socket.end(),
  };
}

/** `damka dxp --listen 127.0.0.1:0 ...args` in this process: its port, exit code and output. */
async function follower(...args: string[]) {
  const io = bufferIo();
  let seen = () => {};
  const stdout = {
    write: (text: string) => {
      io.stdout.write(text);
      seen();
    },
  };
  const code = main(['dxp', '--listen', '127.0.0.1:0', '--depth', '1', ...args], {
    stdout,
    stderr: io.stderr,
  });
  let port: RegExpExecArray | null;
  while ((port = /listening on 127\.0\.0\.1:(\d+)\n/.exec(io.out())) === null)
    await new Promise<void>((resolve) => (seen = resolve));
  return { port: Number(port[1]), code, out: io.out, err: io.err };
}

test(
  'damka dxp --listen: --games is the most games it accepts; a game played out exits 0',
  { timeout: 30_000 },
  async () => {
    const f = await follower('--games', '1');
    const peer = await rawPeer(f.port);
    // the follower White: it accepts and moves first
    peer.send(`R01${NAME('raw')}W000000A`);
    assert.equal(await peer.next('A'), `A${NAME('Damka')}0`);
    await peer.next('M');
    peer.send('E10'); // we resign
    await peer.next('E');
    peer.send(`R01${NAME('raw')}W000000A`);
    assert.equal(await peer.next('A'), `A${NAME('Damka')}3`, 'no more games');
    peer.close();
    assert.equal(await f.code, 0, f.err());
    assert.match(f.out(), /^game 1: win \(the opponent resigned\) after 1 plies$/m);
    assert.equal(f.err(), '');
  },
);

test(
  'damka dxp --listen: an aborted game is said on stderr and exits 1',
  { timeout: 30_000 },
  async () => {
    const f = await follower();
    const peer = await rawPeer(f.port);
    peer.send(`R01${NAME('raw')}W000000A`);
    await peer.next('A');
    await peer.next('M');
    peer.close(); // in the middle of the game
    assert.equal(await f.code, 1);
    assert.match(f.out(), /^game 1: aborted \(connection closed by the opponent\) after 1 plies$/m);
    assert.equal(f.err(), 'damka: game 1 aborted: connection closed by the opponent\n');
  },
);

test(
  'damka dxp --connect: no game is a failure on stderr, not a progress line',
  { timeout: 30_000 },
  async () => {
    // a follower that declines every request (A code 3: no more games)
    const server = createTcpServer((socket) =>
      socket.on('data', () => socket.write(record(`A${NAME('raw')}3`))),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const r = await damka('dxp', '--connect', `127.0.0.1:${port}`, '--depth', '1');
      assert.equal(r.code, 1);
      assert.equal(r.stdout, 'Damka +0 =0 -0 (0 games)\n');
      assert.equal(
        r.stderr,
        'damka: no game: the follower declined (code 3)\ndamka: 0 of 1 games played\n',
      );
    } finally {
      server.close();
    }
  },
);

test('damka help dxp documents --peer-timeout and its default', async () => {
  const r = await damka('help', 'dxp');
  assert.equal(r.code, 0);
  assert.match(r.stdout, /--peer-timeout S +seconds to wait for the peer's move/);
  assert.match(r.stdout, /\(default 600\)/);
});

test(
  'damka dxp --listen: a win claimed against the rules is refused and not scored',
  { timeout: 30_000 },
  async () => {
    const f = await follower();
    const peer = await rawPeer(f.port);
    peer.send(`R01${NAME('raw')}W000000A`);
    await peer.next('A');
    await peer.next('M');
    peer.send('E30'); // "I win", one ply into the game
    assert.match(await peer.next('C'), /^Cwin claim refused: the game is not over by the rules$/);
    assert.equal(await peer.next('E'), 'E00');
    peer.close();
    assert.equal(await f.code, 1);
    assert.match(f.out(), /^game 1: aborted \(the opponent claimed a win before the game/m);
    assert.doesNotMatch(f.out(), /game 1: loss/);
    assert.match(
      f.err(),
      /^damka: game 1: win claim refused: the game is not over by the rules; not scored\n/,
    );
  },
);

test(
  'damka dxp --listen --peer-timeout: a silent peer ends the game and the follower exits',
  { timeout: 30_000 },
  async () => {
    const f = await follower('--peer-timeout', '1');
    const peer = await rawPeer(f.port);
    peer.send(`R01${NAME('raw')}W000000A`);
    await peer.next('A');
    await peer.next('M');
    const silent = Date.now();
    // the peer stays connected and silent
    assert.match(await peer.next('C'), /no move received in time/);
    await peer.next('E');
    peer.send('E00');
    assert.equal(await f.code, 1, 'exits without waiting for another game request');
    assert.ok(Date.now() - silent < 10_000);
    assert.equal(f.err(), 'damka: game 1 aborted: the opponent did not move within 1 s\n');
    peer.close();
  },
);
