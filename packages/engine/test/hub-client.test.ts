/**
 * `HubClient` end to end: against Damka's own Hub engine in a separate process (handshake,
 * parameters, moves for both sides, stop, ping, quit), and against small misbehaving engines (an
 * illegal move, an engine that dies, one that never answers) — every process is ended by the test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Position, formatMove, sameMove, variantOrThrow, type Move } from '@damka/rules';
import { HubClient, levelLine } from '../src/index.ts';

const ENGINE_INDEX = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Damka's Hub engine as a separate process (what `damka hub` runs). */
function damkaHub(params: Record<string, string | number> = {}): Promise<HubClient> {
  const script =
    `import { runHubEngine } from ${JSON.stringify(ENGINE_INDEX)};` +
    `await runHubEngine({ input: process.stdin, output: process.stdout, seed: 1 });`;
  return HubClient.start({
    command: process.execPath,
    args: ['--import', 'tsx', '--input-type=module', '-e', script],
    cwd: ROOT,
    params,
    timeout: 30_000,
  });
}

/** A tiny Hub engine written in plain JavaScript: `answers` maps a command to its reply lines. */
function fakeEngine(body: string, timeout = 5000): Promise<HubClient> {
  const script =
    `const rl = (await import('node:readline')).createInterface({ input: process.stdin });` +
    `const say = (s) => process.stdout.write(s + '\\n');` +
    `rl.on('line', (line) => { const cmd = line.split(' ')[0]; ${body} });`;
  return HubClient.start({
    command: process.execPath,
    args: ['--input-type=module', '-e', script],
    timeout,
  });
}

function isLegal(position: Position, move: Move): boolean {
  return position.legalMoves().some((m) => sameMove(m, move));
}

const HANDSHAKE = `if (cmd === 'hub') { say('id name=Fake'); say('wait'); } if (cmd === 'init') say('ready');`;

test('HubClient plays a game against damka hub: every move legal, ping, stop, quit', async () => {
  // the start is an opening-book position: with the book off every move is searched and reported
  const client = await damkaHub({ strength: 8, book: 'false' });
  try {
    assert.equal(client.id.name, 'Damka');
    assert.ok(client.params.some((p) => p.name === 'variant' && p.values?.includes('russian')));
    const variant = variantOrThrow('international');
    const start = Position.start(variant);
    client.newGame();
    const moves: Move[] = [];
    let position = start;
    for (let ply = 0; ply < 8; ply++) {
      const infos: number[] = [];
      const answer = await client.think(
        start,
        moves,
        { depth: 2 },
        {
          onInfo: (i) => infos.push(i.depth ?? -1),
        },
      );
      assert.ok(isLegal(position, answer.move), answer.text);
      // a single legal move is played at once, without iterations to report
      assert.deepEqual(infos, position.legalMoves().length > 1 ? [1, 2] : []);
      moves.push(answer.move);
      position = position.play(answer.move);
    }
    await client.ping();
    // an endless search ends at stop with a legal move
    const pending = client.think(start, moves, { infinite: true });
    await new Promise((r) => setTimeout(r, 200));
    client.stop();
    const stopped = await pending;
    assert.ok(isLegal(position, stopped.move));
    assert.ok(stopped.info.length > 0);
  } finally {
    assert.equal(await client.close(), 0);
  }
});

test('HubClient sets the variant parameter: Russian, moves in Hub numbers', async () => {
  const client = await damkaHub({ variant: 'russian' });
  try {
    const variant = variantOrThrow('russian');
    const start = Position.start(variant);
    const first = start.legalMoves().find((m) => formatMove(start, m) === 'c3-d4')!;
    const answer = await client.think(start, [first], { nodes: 2000 });
    const after = start.play(first);
    assert.ok(isLegal(after, answer.move), answer.text);
    assert.match(answer.text, /^\d+[-x]\d+/);
  } finally {
    assert.equal(await client.close(), 0);
  }
});

test('level lines: Hub times are in seconds', () => {
  assert.equal(levelLine({ depth: 4 }), 'level depth=4');
  assert.equal(levelLine({ moveTime: 1500 }), 'level move-time=1.5');
  assert.equal(
    levelLine({ clock: { time: 300000, increment: 2000, movesToGo: 40 } }),
    'level moves=40 time=300 inc=2',
  );
  assert.equal(levelLine({ infinite: true }), 'level infinite');
});

test('an illegal move from the engine is an error, not a move', async () => {
  const client = await fakeEngine(`${HANDSHAKE} if (cmd === 'go') say('done move=32-26');`);
  try {
    const start = Position.start(variantOrThrow('international'));
    await assert.rejects(client.think(start, [], { depth: 1 }), /engine played '32-26'/);
  } finally {
    await client.close();
  }
});

test('an engine that dies mid-game, or never answers, is reported and ended', async () => {
  const dies = await fakeEngine(`${HANDSHAKE} if (cmd === 'go') process.exit(3);`);
  const start = Position.start(variantOrThrow('international'));
  await assert.rejects(dies.think(start, [], { depth: 1 }), /engine exited \(code 3\)/);
  assert.equal(await dies.close(), 3);

  const t0 = performance.now();
  await assert.rejects(
    fakeEngine(`if (cmd === 'hub') say('id name=Mute');`, 300),
    /did not answer 'wait' within 300 ms/,
  );
  assert.ok(performance.now() - t0 < 5000);

  const slow = await fakeEngine(`${HANDSHAKE}`);
  try {
    await assert.rejects(
      slow.think(start, [], { depth: 1 }, { timeout: 200 }),
      /did not answer 'done'/,
    );
  } finally {
    assert.equal(await slow.close(200), 0, 'quit ends the fake engine');
  }
  await assert.rejects(
    HubClient.start({ command: '/nonexistent/engine', timeout: 1000 }),
    /could not run|exited/,
  );
});
