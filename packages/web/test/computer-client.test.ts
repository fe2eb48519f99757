/**
 * The page's side of the computer (`client.ts`) in Node, over a stand-in Worker that runs the real
 * responder in the same process one task later: questions are answered in order, an abandoned
 * `think` resolves null and its late answer is dropped, cancelling a running analysis terminates
 * the worker (or, when the page is cross-origin isolated, sets the shared stop flag, which is
 * cleared before the next question) and the next question gets an answer, hints and evaluations
 * come back with the engine's figures, and a failing question resolves null (and is logged).
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { newGame, replay, type SavedGame } from '../src/game/record.ts';
import { createResponder } from '../src/computer/responder.ts';
import { ComputerPlayer, EngineWorker, type Analysis } from '../src/computer/client.ts';
import type { FromWorker, ToWorker } from '../src/computer/protocol.ts';

/** Workers created by the client, for the tests to inspect. */
const created: FakeWorker[] = [];

/** Time an answer takes to reach the page. */
const DELIVERY_MS = 30;

/** A Worker stand-in: each message is answered by a responder on a later task. */
class FakeWorker {
  onmessage: ((e: { data: FromWorker }) => void) | null = null;
  onerror: ((e: { preventDefault(): void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  readonly questions: ToWorker[] = [];
  /** The shared stop flag, and its value when each question started. */
  flag: Int32Array | null = null;
  readonly flagAtStart: number[] = [];
  /** Final answers computed so far (they reach the page `DELIVERY_MS` later). */
  computed = 0;
  private readonly responder = createResponder(
    (a) => {
      if (a.type !== 'info') this.computed++;
      setTimeout(() => {
        if (!this.terminated) this.onmessage?.({ data: a });
      }, DELIVERY_MS);
    },
    { seed: 3, ttBits: 12 },
  );
  constructor(
    readonly url: URL,
    readonly options: { type: string },
  ) {
    created.push(this);
  }
  postMessage(message: ToWorker): void {
    this.questions.push(message);
    setTimeout(() => {
      if (this.terminated) return;
      if (message.type === 'init') {
        this.flag = new Int32Array(message.stopBuffer);
        this.responder.setStopFlag(this.flag);
      } else {
        if (this.flag) this.flagAtStart.push(Atomics.load(this.flag, 0));
        this.responder.answer(message);
      }
    }, 5);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const saved = (globalThis as { Worker?: unknown }).Worker;
beforeEach(() => {
  created.length = 0;
  (globalThis as { Worker?: unknown }).Worker = FakeWorker;
});
afterEach(() => {
  (globalThis as { Worker?: unknown }).Worker = saved;
});

const international = (fen?: string): SavedGame =>
  newGame(
    fen
      ? { variant: 'international', options: {}, fen }
      : { variant: 'international', options: {} },
    'computer',
    'black',
  );

test('think answers a legal entry from a module worker; a second think abandons the first', async () => {
  const player = new ComputerPlayer();
  const game = international();
  const first = player.think(game.setup, game.entries, 1);
  const second = player.think(game.setup, game.entries, 2);
  assert.equal(await first, null, 'the abandoned question resolves null');
  const entry = await second;
  assert.ok(entry && entry.type === 'move');
  const after = replay({ ...game, entries: [entry] });
  assert.equal(after.entries.length, 1, 'the entry is legal');
  assert.equal(created[0]!.options.type, 'module');
  assert.match(created[0]!.url.pathname, /computer\.worker\.ts$/);
  player.dispose();
});

test('evaluate: the side to move’s score; hint: the best entry and its line', async () => {
  const player = new ComputerPlayer();
  const up = international('W:W32,33,34:B3,4');
  const score = await player.evaluate(up.setup, up.entries);
  assert.ok(score !== null && score > 50, `a man up for White to move: ${score}`);
  const down = international('B:W32,33,34:B3,4');
  const minus = await player.evaluate(down.setup, down.entries);
  assert.ok(minus !== null && minus < -50, `a man down for Black to move: ${minus}`);
  const hint = await player.hint(up.setup, up.entries).answer;
  assert.ok(hint?.best?.type === 'move' && hint.line.length >= 1);
  player.dispose();
});

test('cancelling a running analysis ends its worker; the next question starts a fresh one', async () => {
  const engine = new EngineWorker();
  const game = international();
  const infos: Analysis[] = [];
  const analysis = engine.ask('analyse', game.setup, game.entries, 60_000, {
    onInfo: (a) => infos.push(a),
  });
  analysis.cancel();
  assert.equal(await analysis.answer, null);
  assert.equal(created.length, 1);
  assert.ok(created[0]!.terminated, 'the busy worker was terminated');
  const evaluation = await engine.ask('evaluate', game.setup, game.entries, 30).answer;
  assert.ok(evaluation && Number.isFinite(evaluation.score));
  assert.equal(created.length, 2, 'a new worker answered');
  assert.equal(infos.length, 0, 'nothing arrives for a cancelled question');
  engine.dispose();
});

test('questions are answered in order; a queued one can be cancelled; failures resolve null', async () => {
  const engine = new EngineWorker();
  const game = international();
  const order: string[] = [];
  const a = engine.ask('evaluate', game.setup, game.entries, 20);
  const b = engine.ask('hint', game.setup, game.entries, 20);
  const c = engine.ask('evaluate', game.setup, game.entries, 20);
  void a.answer.then(() => order.push('a'));
  void b.answer.then(() => order.push('b'));
  void c.answer.then(() => order.push('c'));
  b.cancel();
  assert.equal(await b.answer, null);
  await c.answer;
  assert.deepEqual(order, ['b', 'a', 'c']);
  assert.equal(created.length, 1, 'cancelling a queued question keeps the worker');
  const logged: unknown[] = [];
  const log = console.error;
  console.error = (...args: unknown[]) => logged.push(args.join(' '));
  try {
    const broken = engine.ask('think', { variant: 'no-such-variant', options: {} }, [], 20);
    assert.equal(await broken.answer, null);
  } finally {
    console.error = log;
  }
  assert.match(String(logged[0]), /unknown variant 'no-such-variant'/, 'the failure is logged');
  engine.dispose();
});

test('cross-origin isolated: a stop goes through the shared flag, the worker lives on', async () => {
  const scope = globalThis as { crossOriginIsolated?: boolean };
  const before = scope.crossOriginIsolated;
  scope.crossOriginIsolated = true;
  try {
    const engine = new EngineWorker();
    const game = international();
    const analysis = engine.ask('analyse', game.setup, game.entries, 60_000);
    analysis.cancel();
    assert.equal(await analysis.answer, null);
    // a stop that arrives after the search ended, while its answer is on the way
    const late = engine.ask('evaluate', game.setup, game.entries, 20);
    while (created[0]!.computed < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    late.cancel();
    assert.equal(await late.answer, null);
    const evaluation = await engine.ask('evaluate', game.setup, game.entries, 200).answer;
    assert.equal(created.length, 1, 'the same worker answers');
    assert.ok(!created[0]!.terminated);
    assert.equal(created[0]!.questions[0]!.type, 'init', 'the flag was shared first');
    assert.ok(evaluation && evaluation.depth >= 1);
    // the analysis was stopped before it began; the questions after it start unstopped
    assert.deepEqual(created[0]!.flagAtStart, [1, 0, 0]);
    engine.dispose();
  } finally {
    scope.crossOriginIsolated = before;
  }
});
