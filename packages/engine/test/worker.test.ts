import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import { NodeEngineClient } from '../src/client-node.ts';
import { createEngineHost, type EngineResponse } from '../src/index.ts';
import { startHelpers, type NodeSearchHelpers } from '../src/threads-node.ts';

test('worker round trip: a legal move from a worker thread, with progress', async () => {
  const client = new NodeEngineClient({ seed: 5, ttBits: 16 });
  try {
    const variant = variantOrThrow('english');
    const start = Position.start(variant);
    const first = start.legalMoves()[2]!;
    const position = start.play(first);
    const infos: number[] = [];
    const result = await client.search({
      game: { variant: 'english', moves: [{ from: first.from, to: first.to }] },
      limits: { depth: 5 },
      onInfo: (info) => infos.push(info.depth),
    });
    assert.ok(result.move);
    const legal = position.legalMoves();
    assert.ok(legal.some((m) => m.from === result.move!.from && m.to === result.move!.to));
    assert.deepEqual(infos, [1, 2, 3, 4, 5]);
    await assert.rejects(client.search({ game: { variant: 'nope' } }), /unknown variant/);
  } finally {
    await client.close();
  }
});

// A stop is answered within 50 ms: the search polls the shared stop flag every few thousand
// nodes. On a shared machine the worker thread can also wait for a core, which the engine cannot
// help, so five stops are timed: the median must be under 50 ms and none may take 250 ms.
test('stop answers within 50 ms with a legal move', async () => {
  const client = new NodeEngineClient({ ttBits: 16 });
  try {
    // warm up the worker (module loading, JIT)
    await client.search({ game: { variant: 'international' }, limits: { depth: 3 } });
    const legal = Position.start(variantOrThrow('international')).legalMoves();
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      let firstInfo: () => void = () => {};
      const started = new Promise<void>((resolve) => (firstInfo = resolve));
      const pending = client.search({
        game: { variant: 'international' },
        limits: { infinite: true },
        analyse: true,
        onInfo: () => firstInfo(),
      });
      await started;
      await new Promise((r) => setTimeout(r, 100));
      const t0 = performance.now();
      client.stop();
      const result = await pending;
      times.push(performance.now() - t0);
      assert.ok(
        result.move && legal.some((m) => m.from === result.move!.from && m.to === result.move!.to),
      );
    }
    const sorted = [...times].sort((a, b) => a - b);
    const shown = times.map((t) => t.toFixed(1)).join(', ');
    assert.ok(sorted[2]! < 50, `median stop time over 50 ms: ${shown}`);
    assert.ok(sorted[4]! < 250, `a stop took 250 ms or more: ${shown}`);
  } finally {
    await client.close();
  }
});

test('host: errors are answers, not exceptions', () => {
  const out: EngineResponse[] = [];
  const host = createEngineHost((m) => out.push(m));
  host.handle({ type: 'init' });
  host.handle({
    type: 'search',
    id: 1,
    game: { variant: 'english', moves: [{ from: 0, to: 31 }] },
  });
  host.handle({ type: 'search', id: 2, game: { variant: 'english', fen: 'X:bad' } });
  host.handle({ type: 'search', id: 3, game: { variant: 'english' }, limits: { depth: 2 } });
  assert.equal(out[0]!.type, 'ready');
  assert.equal(out[1]!.type, 'error');
  assert.equal(out[2]!.type, 'error');
  assert.ok(
    out.slice(3).some((m) => m.type === 'result' && m.id === 3 && m.result.move !== undefined),
  );
});

test('a worker asked for two threads plays on them', async () => {
  const client = new NodeEngineClient({ ttBits: 16, threads: 2 });
  try {
    const legal = Position.start(variantOrThrow('english')).legalMoves();
    for (let round = 0; round < 3; round++) {
      const result = await client.search({
        game: { variant: 'english' },
        limits: { moveTime: 200 },
      });
      assert.ok(legal.some((m) => m.from === result.move!.from && m.to === result.move!.to));
    }
  } finally {
    await client.close();
  }
});

test('host: an init for two threads gives its engines helper threads, which search', async () => {
  const stops: number[] = [];
  const asked: { threads: number; ttBits: number | undefined; egdb: boolean }[] = [];
  const started: NodeSearchHelpers[] = [];
  const answers: EngineResponse[] = [];
  let answered: (() => void) | undefined;
  const host = createEngineHost(
    (m) => {
      answers.push(m);
      if (m.type === 'result' || m.type === 'error') answered?.();
    },
    undefined,
    undefined,
    (variant, settings) => {
      asked.push(settings);
      const helpers = startHelpers(variant, { threads: settings.threads, ttBits: 16 });
      started.push(helpers);
      return {
        ...helpers,
        stop: () => {
          const nodes = helpers.stop();
          stops.push(nodes);
          return nodes;
        },
      };
    },
  );
  try {
    host.handle({ type: 'init', ttBits: 16, threads: 2 });
    const search = async (id: number) => {
      const done = new Promise<void>((r) => (answered = r));
      host.handle({ type: 'search', id, game: { variant: 'english' }, limits: { moveTime: 200 } });
      await done;
    };
    await search(1);
    await started[0]!.ready();
    await search(2);
    assert.deepEqual(asked, [{ threads: 2, ttBits: 16, egdb: false }]);
    assert.equal(stops.length, 2);
    assert.ok(stops[1]! > 0, 'the helper searched once loaded');
    assert.ok(answers.filter((a) => a.type === 'result').length === 2);
  } finally {
    for (const h of started) await h.close();
  }
});
