import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import {
  Engine,
  controlBuffer,
  createHelperRunner,
  helperControl,
  moveIdOfMove,
  sharedTableBuffer,
  type HelperMessage,
  type HelperSettings,
  type HelperTask,
  type RunOptions,
  type SearchHelpers,
  type Searcher,
} from '../src/index.ts';
import { startHelpers } from '../src/threads-node.ts';

const english = variantOrThrow('english');

/** A searcher stand-in that records its runs (the runner's bookkeeping, without a search). */
function fakeSearcher(nodes = 1234) {
  const runs: RunOptions[] = [];
  const ages: number[] = [];
  let cleared = 0;
  const searcher = {
    run: (_board: Int8Array, _side: number, options: RunOptions) => {
      runs.push(options);
      return { index: 0, score: 0, depth: 1, nodes, time: 1, pv: [], rootCount: 1 };
    },
    tt: { setAge: (a: number) => ages.push(a) },
    clear: (table: boolean) => void (table ? 0 : cleared++),
  } as unknown as Searcher;
  return { searcher, runs, ages, cleared: () => cleared };
}

function task(): HelperTask {
  const p = Position.start(english);
  return {
    board: p.board(),
    side: 1,
    historyLo: new Int32Array(0),
    historyHi: new Int32Array(0),
    reversiblePlies: 0,
    openingPly: -1,
    kingRuns: p.kingRuns,
    age: 5,
  };
}

/** One helper wired to the main side in-process: messages are queued, delivered by `deliver`. */
function wired(nodes?: number) {
  const control = controlBuffer(1);
  const fake = fakeSearcher(nodes);
  const settings = { control, index: 1 } as HelperSettings;
  const runner = createHelperRunner(fake.searcher, settings);
  const queue: HelperMessage[] = [];
  const main = helperControl(control, 1, (_i, m) => queue.push(m));
  const deliver = () => {
    for (const m of queue.splice(0)) runner.handle(m);
  };
  return { main, fake, deliver, words: new Int32Array(control) };
}

test('a helper searches the task of the running search, infinite, stopped by the shared flag', () => {
  const { main, fake, deliver, words } = wired(777);
  main.start(task());
  deliver();
  assert.equal(fake.runs.length, 1);
  const run = fake.runs[0]!;
  assert.deepEqual(run.limits, { infinite: true });
  assert.equal(run.helper, 1);
  assert.equal(run.analysis, true);
  // its stop flag is the shared word 0
  assert.equal(run.stopFlag!.buffer, words.buffer);
  assert.equal(run.stopFlag!.length, 1);
  // the main search's age, less the one its start adds
  assert.deepEqual(fake.ages, [4]);
  assert.equal(words[2], 0, 'not busy once the search returned');
  assert.equal(main.stop(), 777, 'the stop reports the nodes the helper searched');
  assert.equal(main.stop(), 0, 'and counts them once');
});

test('a task that arrives after its search stopped, or after the next one started, is dropped', () => {
  const { main, fake, deliver } = wired();
  main.start(task());
  main.stop(); // the main search was quicker than the message
  deliver();
  assert.equal(fake.runs.length, 0);

  main.start(task());
  main.stop();
  main.start(task()); // the older task, read now, finds the stop flag clear again
  deliver();
  // but the search number tells it apart: the newest task ran, the older one was dropped
  assert.equal(fake.runs.length, 1);
  assert.equal(main.stop(), 1234);
});

test('a new game clears the helpers\u2019 move ordering', () => {
  const { main, fake, deliver } = wired();
  main.newGame();
  deliver();
  assert.equal(fake.cleared(), 1);
});

test('a shared table must have the size of its bits', () => {
  assert.throws(
    () => new Engine(english, { helpers: { ...stubHelpers(), ttBits: 12 } }),
    /wrong size/,
  );
});

/** Helpers that record their use and search nothing. */
function stubHelpers() {
  const log: string[] = [];
  const helpers: SearchHelpers & { log: string[] } = {
    count: 1,
    table: sharedTableBuffer(14),
    ttBits: 14,
    start: () => void log.push('start'),
    stop: () => {
      log.push('stop');
      return 1e9;
    },
    newGame: () => void log.push('new-game'),
    close: async () => {},
    log,
  };
  return helpers;
}

test('helpers join searches bounded by time at full strength, and no other', () => {
  const helpers = stubHelpers();
  const engine = new Engine(english, { helpers, seed: 1 });
  const start = Position.start(english);
  assert.equal(engine.threads, 2);
  engine.newGame();
  assert.deepEqual(helpers.log, ['new-game']);

  helpers.log.length = 0;
  const timed = engine.search(start, { limits: { moveTime: 30 } });
  assert.deepEqual(helpers.log, ['start', 'stop']);
  assert.ok(timed.nodes > 1e9, 'the helpers\u2019 nodes are counted with the main search\u2019s');
  assert.equal(timed.threads, 2);

  for (const options of [
    { limits: { depth: 4 } },
    { limits: { nodes: 2000 } },
    { limits: { moveTime: 30 }, level: 3 },
  ]) {
    helpers.log.length = 0;
    assert.equal(engine.search(start, options).threads, undefined);
    assert.deepEqual(helpers.log, [], JSON.stringify(options));
  }
  // a single reply is played at once, without helpers
  const forced = Position.fromFen(english, 'W:W18:B14,1');
  assert.ok(forced.ok);
  helpers.log.length = 0;
  engine.search(forced.value, { limits: { moveTime: 30 } });
  assert.deepEqual(helpers.log, []);
});

test('a search to a fixed depth is the same with helper threads as without', async () => {
  const helpers = startHelpers(english, { threads: 2, ttBits: 16 });
  try {
    await helpers.ready();
    const position = Position.start(english).play(Position.start(english).legalMoves()[0]!);
    const alone = new Engine(english, { ttBits: 16, seed: 1 }).search(position, {
      limits: { depth: 9 },
    });
    const shared = new Engine(english, { helpers, seed: 1 }).search(position, {
      limits: { depth: 9 },
    });
    assert.equal(shared.nodes, alone.nodes);
    assert.equal(shared.score, alone.score);
    assert.deepEqual(shared.move, alone.move);
  } finally {
    await helpers.close();
  }
});

test('two threads: a legal move on time, the helper searched, and it stops with the search', async () => {
  const variant = variantOrThrow('international');
  const helpers = startHelpers(variant, { threads: 2, ttBits: 18 });
  const stops: number[] = [];
  try {
    await helpers.ready();
    const spy = {
      ...helpers,
      stop: () => {
        const nodes = helpers.stop();
        stops.push(nodes);
        return nodes;
      },
    };
    const engine = new Engine(variant, { helpers: spy, seed: 1 });
    let position = Position.start(variant);
    const history: Position[] = [];
    let searched = 0;
    for (let ply = 0; ply < 6; ply++) {
      const before = stops.length;
      const t0 = performance.now();
      const result = engine.search(position, { limits: { moveTime: 300 }, history });
      const ms = performance.now() - t0;
      assert.ok(result.move);
      const id = moveIdOfMove(variant, result.move);
      assert.ok(position.legalMoves().some((m) => moveIdOfMove(variant, m) === id));
      assert.ok(ms < 1000, `the move took ${ms.toFixed(0)} ms of 300`);
      if (position.legalMoves().length > 1) {
        // the helper searched this move, and the result counts its nodes too
        assert.equal(stops.length, before + 1);
        assert.ok(stops[before]! > 0, `helper nodes ${stops[before]}`);
        assert.ok(result.nodes > stops[before]!);
        searched++;
      } else assert.equal(stops.length, before, 'a single reply is played without helpers');
      history.push(position);
      position = position.play(result.move);
    }
    assert.ok(searched >= 4);
    // no helper is left searching: a stop now finds every one idle at once
    const t0 = performance.now();
    assert.equal(helpers.stop(), 0);
    assert.ok(performance.now() - t0 < 50);
  } finally {
    await helpers.close();
  }
});
