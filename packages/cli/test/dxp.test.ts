/**
 * `damka dxp`: the follower as a real process on 127.0.0.1 (a free port), the initiator run
 * in-process against it for two full games, and the command line's refusals.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
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
      '--depth',
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
    [['--connect', '127.0.0.1:1', '--color', 'red'], /--color must be white or black/],
    [['--connect', '127.0.0.1:1', '--games', '0'], /--games must be a whole number/],
    [['--connect', '127.0.0.1:1', '--fen', 'W:W99'], /^damka: FEN: /],
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
  const server = createServer();
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
