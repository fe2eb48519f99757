/**
 * Hub-2 engine: the notation (lines, `pos` strings, moves) for every variant, the session's
 * command handling against a scripted backend (exact `done` discipline, ponder, stop, bad input),
 * and the real worker-thread backend on in-memory streams (stop ends an endless analysis at once, end of input).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Position, VARIANTS, variantOrThrow, type Move } from '@damka/rules';
import {
  HubEngine,
  formatHubLine,
  formatHubMove,
  formatHubPosition,
  hubNumbering,
  parseHubLine,
  parseHubMove,
  parseHubPosition,
  runHubEngine,
  type HubBackend,
} from '../src/index.ts';
import type { ClientSearch } from '../src/client-node.ts';
import type { WireInfo, WireResult } from '../src/protocol.ts';
import { randomPositions } from './helpers.ts';

test('command lines: words, key=value, quoted values, flags; errors are values', () => {
  const line = parseHubLine('pos pos=Wbbb moves="32-28 19-23" ponder  x=');
  assert.ok(line.ok);
  assert.equal(line.value.command, 'pos');
  assert.deepEqual(
    [...line.value.args],
    [
      ['pos', 'Wbbb'],
      ['moves', '32-28 19-23'],
      ['ponder', undefined],
      ['x', ''],
    ],
  );
  const crlf = parseHubLine('go think\r');
  assert.ok(crlf.ok);
  assert.deepEqual([...crlf.value.args.keys()], ['think']);
  for (const bad of ['', '   ', 'pos moves="32-28', 'a ="b"', 'set-param value=a"b', '=x']) {
    const r = parseHubLine(bad);
    assert.equal(r.ok, false, `'${bad}' is refused`);
  }
  assert.equal(
    formatHubLine('param', [
      ['name', 'options'],
      ['value', ''],
      ['values', 'a b'],
      ['eq', 'k=v'],
      ['flag', undefined],
    ]),
    'param name=options value="" values="a b" eq="k=v" flag',
  );
  const again = parseHubLine(formatHubLine('x', [['v', 'a "quoted" b']]));
  assert.ok(again.ok);
  assert.equal(again.value.args.get('v'), "a 'quoted' b");
});

test('numbering: numeric variants keep their numbers, algebraic ones count from the top left', () => {
  const intl = variantOrThrow('international');
  const { numbers } = hubNumbering(intl);
  intl.squares.names.forEach((name, sq) => assert.equal(numbers[sq], Number(name)));
  const russian = variantOrThrow('russian');
  const r = hubNumbering(russian);
  assert.equal(r.numbers[russian.squares.parse('b8')], 1);
  assert.equal(r.numbers[russian.squares.parse('h8')], 4);
  assert.equal(r.numbers[russian.squares.parse('a1')], 29);
  assert.equal(r.numbers[russian.squares.parse('g1')], 32);
  const spanish = variantOrThrow('spanish');
  const s = hubNumbering(spanish);
  spanish.squares.names.forEach((name, sq) => assert.equal(s.numbers[sq], Number(name)));
});

test('pos strings: International start, and a round trip for every variant', () => {
  const intl = Position.start(variantOrThrow('international'));
  assert.equal(formatHubPosition(intl), 'W' + 'b'.repeat(20) + 'e'.repeat(10) + 'w'.repeat(20));
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    for (const { position } of randomPositions(variant, 6, 11, 60)) {
      const text = formatHubPosition(position);
      assert.equal(text.length, variant.topology.size + 1, rules.id);
      const back = parseHubPosition(variant, text);
      assert.ok(back.ok, `${rules.id}: ${!back.ok && back.error}`);
      assert.deepEqual(back.value.board(), position.board(), rules.id);
      assert.equal(back.value.turn, position.turn);
    }
  }
  const russian = parseHubPosition(
    variantOrThrow('russian'),
    'W' + 'b'.repeat(12) + 'e'.repeat(8) + 'w'.repeat(12),
  );
  assert.ok(russian.ok);
  assert.equal(russian.value.fen, Position.start(variantOrThrow('russian')).fen);
  const v = variantOrThrow('international');
  for (const bad of ['', 'W', 'X' + 'e'.repeat(50), 'W' + 'e'.repeat(49), 'W' + 'x'.repeat(50)]) {
    assert.equal(parseHubPosition(v, bad).ok, false, `'${bad}' is refused`);
  }
  // a man on its crowning row is not a position
  assert.equal(parseHubPosition(v, 'W' + 'w' + 'e'.repeat(49)).ok, false);
});

test('moves: 32-28, captures as start x end x captured squares, in any order', () => {
  const v = variantOrThrow('international');
  const start = Position.start(v);
  const step = parseHubMove(start, '32-28');
  assert.ok(step.ok);
  assert.equal(formatHubMove(v, step.value), '32-28');
  const capture = Position.fromFen(v, 'W:W28:B23');
  assert.ok(capture.ok);
  const [only] = capture.value.legalMoves();
  assert.equal(formatHubMove(v, only!), '28x19x23');
  const two = Position.fromFen(v, 'W:W33:B28,18,7');
  assert.ok(two.ok);
  const moves = two.value.legalMoves();
  assert.equal(moves.length, 1);
  const text = formatHubMove(v, moves[0]!);
  assert.equal(text, '33x13x28x18');
  for (const form of ['33x13x18x28', '33x13', ' 33x13x28x18 ']) {
    const r = parseHubMove(two.value, form);
    assert.ok(r.ok, form);
    assert.equal(r.value, moves[0]);
  }
  for (const bad of ['', '33x13x28', '33x13x28x28', '33-13', '33x13x18x28x7', 'axb', '99-1', '3'])
    assert.equal(parseHubMove(two.value, bad).ok, false, `'${bad}' is refused`);
});

test('moves: every legal move of every variant reads back as itself', () => {
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    for (const { position } of randomPositions(variant, 30, 7, 80)) {
      for (const move of position.legalMoves()) {
        const text = formatHubMove(variant, move);
        const back = parseHubMove(position, text);
        assert.ok(back.ok, `${rules.id} ${position.fen}: ${text}: ${!back.ok && back.error}`);
        assert.equal(back.value, move, `${rules.id}: ${text}`);
      }
    }
  }
});

/** A backend that records requests and answers when the test says so. */
class ScriptedBackend implements HubBackend {
  readonly requests: ClientSearch[] = [];
  stops = 0;
  newGames = 0;
  closed = false;
  private answer: ((r: WireResult) => void) | undefined;
  /** Answer every search at once with its first legal move unless `hold`. */
  hold = false;

  search(request: ClientSearch): Promise<WireResult> {
    this.requests.push(request);
    return new Promise((resolve) => {
      this.answer = resolve;
      if (!this.hold) queueMicrotask(() => this.finish());
    });
  }
  info(info: Partial<WireInfo>): void {
    this.requests.at(-1)!.onInfo?.({
      depth: 1,
      selDepth: 1,
      score: 0,
      nodes: 10,
      time: 5,
      nps: 2000,
      pv: [],
      ...info,
    });
  }
  finish(): void {
    const answer = this.answer;
    if (!answer) return;
    this.answer = undefined;
    const game = this.requests.at(-1)!.game;
    const variant = variantOrThrow(game.variant, game.options ?? {});
    const start = Position.fromFen(variant, game.fen!);
    assert.ok(start.ok);
    let p = start.value;
    for (const w of game.moves ?? []) {
      p = p.play(p.legalMoves().find((m) => m.from === w.from && m.to === w.to)!);
    }
    const move = p.legalMoves()[0]!;
    const reply = p.play(move).legalMoves()[0];
    answer({
      move,
      pv: reply ? [move, reply] : [move],
      depth: 1,
      selDepth: 1,
      score: 0,
      nodes: 1,
      time: 1,
      nps: 1,
    });
  }
  stop(): void {
    this.stops++;
    this.finish();
  }
  newGame(): void {
    this.newGames++;
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

function session(hold = false) {
  const out: string[] = [];
  const backend = new ScriptedBackend();
  backend.hold = hold;
  const engine = new HubEngine({ send: (l) => out.push(l), createBackend: () => backend });
  const feed = (...lines: string[]) => lines.forEach((l) => engine.handle(l));
  const tick = () => new Promise((r) => setImmediate(r));
  return { out, backend, engine, feed, tick };
}

test('handshake: id, the variant/options/strength/tt-bits parameters, wait; init → ready', () => {
  const { out, feed } = session();
  feed('hub');
  assert.match(out[0]!, /^id name=Damka version=\S+ author=/);
  assert.equal(out.at(-1), 'wait');
  const variant = parseHubLine(out.find((l) => l.includes('name=variant'))!);
  assert.ok(variant.ok);
  assert.equal(variant.value.args.get('type'), 'enum');
  assert.deepEqual(
    variant.value.args.get('values')!.split(' '),
    VARIANTS.map((r) => r.id),
  );
  assert.ok(out.some((l) => l.startsWith('param name=strength value=8 type=int min=1 max=8')));
  out.length = 0;
  feed('init', 'ping');
  assert.deepEqual(out, ['ready', 'pong']);
});

test('go think: the position, moves and level reach the search; exactly one done', async () => {
  const { out, backend, feed, tick } = session();
  feed('init', 'pos moves="32-28 19-23"', 'level depth=3', 'go think');
  await tick();
  const request = backend.requests[0]!;
  assert.equal(request.game.variant, 'international');
  assert.equal(request.game.fen, Position.start(variantOrThrow('international')).fen);
  assert.equal(request.game.moves!.length, 2);
  assert.deepEqual(request.limits, { depth: 3 });
  assert.equal(request.analyse, false);
  const done = out.filter((l) => l.startsWith('done'));
  assert.equal(done.length, 1);
  assert.match(done[0]!, /^done move=\d+[-x][\dx]+ ponder=\d+[-x][\dx]+$/);
  // a new pos resets the level to the default (no limits: the engine's own)
  feed('pos', 'go');
  await tick();
  assert.equal(backend.requests[1]!.limits, undefined);
});

test('level: depth, nodes, move-time, time+inc+moves, infinite; bad values are errors', async () => {
  const { out, backend, feed, tick } = session();
  const cases: Array<[string, unknown]> = [
    ['level nodes=5000', { nodes: 5000 }],
    ['level move-time=0.25', { moveTime: 250 }],
    ['level moves=40 time=300 inc=2', { clock: { time: 300000, increment: 2000, movesToGo: 40 } }],
    ['level time=60', { clock: { time: 60000 } }],
  ];
  for (const [line, limits] of cases) {
    feed('pos', line, 'go think');
    await tick();
    assert.deepEqual(backend.requests.at(-1)!.limits, limits, line);
  }
  out.length = 0;
  for (const bad of ['level depth=-1', 'level nodes=abc', 'level move-time=', 'level']) feed(bad);
  assert.equal(out.length, 4);
  assert.ok(out.every((l) => l.startsWith('error message=')));
});

test('variants: set-param variant, options and the pos string of an 8x8 board', async () => {
  const { out, backend, feed, tick } = session();
  feed(
    'set-param name=variant value=russian',
    'set-param name=strength value=3',
    'pos pos=W' + 'b'.repeat(12) + 'e'.repeat(8) + 'w'.repeat(12) + ' moves="22-18"',
    'level depth=2',
    'go',
  );
  await tick();
  const r = backend.requests[0]!;
  assert.equal(r.game.variant, 'russian');
  assert.equal(r.level, 3);
  assert.equal(out.filter((l) => l.startsWith('done')).length, 1, out.join('\n'));
  out.length = 0;
  feed(
    'set-param name=variant value=normal',
    'set-param name=options value="noForcedCapture=true"',
  );
  feed('pos', 'go');
  await tick();
  assert.equal(backend.requests[1]!.game.variant, 'international');
  assert.deepEqual(backend.requests[1]!.game.options, { noForcedCapture: true });
  out.length = 0;
  feed(
    'set-param name=variant value=chess',
    'set-param name=options value="nonsense=1"',
    'set-param name=strength value=9',
    'set-param name=variant',
    'set-param name=threads value=4',
  );
  assert.equal(out.length, 4, out.join('\n'));
  assert.ok(out.every((l) => l.startsWith('error message=')));
});

test("variants: Scan's names frisian, killer and bt", async () => {
  const { backend, feed, tick } = session();
  for (const [name, id] of [
    ['frisian', 'frisian'],
    ['killer', 'killer'],
    ['bt', 'breakthrough'],
  ] as const) {
    feed(`set-param name=variant value=${name}`, 'pos', 'level depth=1', 'go');
    await tick();
    assert.equal(backend.requests[backend.requests.length - 1]!.game.variant, id, name);
  }
});

test('during a search only ping, stop, ponder-hit and quit are read; analyze ends at stop', async () => {
  const { out, backend, feed, tick } = session(true);
  feed('pos', 'go analyze');
  await tick();
  assert.equal(backend.requests[0]!.analyse, true);
  assert.deepEqual(backend.requests[0]!.limits, { infinite: true });
  backend.info({ depth: 4, score: 12, pv: [] });
  feed('ping', 'pos', 'level depth=1', 'go think', 'new-game');
  await tick();
  assert.match(out[0]!, /^info depth=4 score=12 nodes=10 time=0\.005 nps=2000 pv=""$/);
  assert.equal(out[1], 'pong');
  assert.equal(out.filter((l) => l.startsWith('error')).length, 4);
  assert.equal(out.filter((l) => l.startsWith('done')).length, 0);
  assert.equal(backend.requests.length, 1);
  feed('stop');
  await tick();
  assert.equal(backend.stops, 1);
  assert.equal(out.filter((l) => l.startsWith('done')).length, 1);
  feed('stop', 'ponder-hit');
  await tick();
  assert.equal(out.filter((l) => l.startsWith('done')).length, 1, 'late stop is ignored');
});

test('ponder: done waits for ponder-hit even when the search ends first; move-time then counts', async () => {
  const { out, backend, feed, tick } = session(true);
  feed('pos', 'level depth=2', 'go ponder');
  await tick();
  assert.deepEqual(backend.requests[0]!.limits, { infinite: true });
  backend.finish(); // the search ends by itself (e.g. a forced line): still pondering
  await tick();
  assert.equal(out.filter((l) => l.startsWith('done')).length, 0);
  feed('ponder-hit');
  await tick();
  assert.equal(out.filter((l) => l.startsWith('done')).length, 1);

  feed('pos', 'level move-time=0.05', 'go ponder');
  await tick();
  feed('ponder-hit');
  const t0 = performance.now();
  const dones = () => out.filter((l) => l.startsWith('done')).length;
  while (dones() < 2 && performance.now() - t0 < 2000) {
    await new Promise((r) => setTimeout(r, 5));
  }
  const elapsed = performance.now() - t0;
  assert.ok(elapsed >= 40 && elapsed < 1000, `stopped after ${elapsed.toFixed(0)} ms`);
  assert.equal(out.filter((l) => l.startsWith('done')).length, 2);

  feed('pos', 'level depth=3', 'go ponder');
  await tick();
  backend.info({ depth: 2 });
  feed('ponder-hit');
  await tick();
  assert.equal(out.filter((l) => l.startsWith('done')).length, 2, 'depth 3 not reached yet');
  backend.info({ depth: 3 });
  await tick();
  assert.equal(out.filter((l) => l.startsWith('done')).length, 3);
});

test('no legal move: an error line and a bare done; malformed lines never throw', async () => {
  const { out, feed, engine, backend } = session();
  feed('pos pos=W' + 'bbbbb' + 'e'.repeat(45), 'go');
  assert.deepEqual(out, ['error message="no legal move in this position"', 'done']);
  out.length = 0;
  const garbage = [
    'pos pos=W',
    'pos pos="' + 'w'.repeat(51) + '"',
    'pos moves="32-27"',
    'pos moves="32-28 32-28"',
    'pos moves=""',
    'go "',
    '\u0000\u0001\u00ff',
    'x'.repeat(200_000),
    'level depth=1e9999',
    'set-param',
    'hub extra=1 flags',
    'unknown-command a=1',
  ];
  for (const line of garbage) assert.doesNotThrow(() => engine.handle(line));
  feed('ping');
  assert.equal(out.at(-1), 'pong');
  assert.ok(out.every((l) => !l.startsWith('done')));
  // the last pos was refused: go must not search the one before it
  feed('pos moves="32-28 32-28"', 'go');
  assert.deepEqual(out.slice(-2), [
    'error message="no position to search: the last pos was refused"',
    'done',
  ]);
  assert.equal(backend.requests.length, 0);
  feed('quit');
  await engine.closed;
  const written = out.length;
  feed('ping', 'hub');
  assert.equal(out.length, written, 'nothing is answered after quit');
});

test('quit during a search stops it and closes the backend', async () => {
  const { feed, backend, engine } = session(true);
  feed('pos', 'level infinite', 'go think');
  feed('quit');
  await engine.closed;
  assert.equal(backend.stops, 1);
  assert.ok(backend.closed);
});

/** Run a real Hub session (worker backend) on in-memory streams. */
function liveSession() {
  const input = new PassThrough();
  const lines: string[] = [];
  const waiters: Array<{ test: (l: string) => boolean; resolve: (l: string) => void }> = [];
  let pending = '';
  const output = {
    write(text: string) {
      pending += text;
      let i: number;
      while ((i = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, i);
        pending = pending.slice(i + 1);
        lines.push(line);
        const w = waiters.findIndex((x) => x.test(line));
        if (w >= 0) waiters.splice(w, 1)[0]!.resolve(line);
      }
    },
  };
  const finished = runHubEngine({ input, output, seed: 3 });
  const send = (line: string) => input.write(`${line}\n`);
  const until = (test: (l: string) => boolean) =>
    new Promise<string>((resolve) => waiters.push({ test, resolve }));
  return { input, lines, finished, send, until };
}

// `go analyze` never ends by itself, so a `done` soon after `stop` shows the stop reached the
// worker. The bound is generous because the suite runs on busy shared machines; how quickly the
// engine answers is a matter for benchmarks, not for this test.
const STOP_ANSWER_MS = 1000;

test('live: a real search in a worker; stop ends an endless analysis; end of input ends it', async () => {
  const s = liveSession();
  try {
    await liveChecks(s);
  } finally {
    s.input.end(); // whatever failed, the worker is stopped and the file can exit
    await s.finished;
  }
});

async function liveChecks(s: ReturnType<typeof liveSession>): Promise<void> {
  s.send('hub');
  // the start position is in the opening book: without it the engine searches and reports
  s.send('set-param name=book value=false');
  s.send('init');
  await s.until((l) => l === 'ready');
  s.send('pos');
  s.send('level depth=3');
  s.send('go think');
  const done = await s.until((l) => l.startsWith('done'));
  const parsed = parseHubLine(done);
  assert.ok(parsed.ok);
  const start = Position.start(variantOrThrow('international'));
  assert.ok(parseHubMove(start, parsed.value.args.get('move')!).ok, done);
  assert.ok(s.lines.some((l) => l.startsWith('info depth=3 ')));

  const opening = parseHubMove(start, '32-28');
  assert.ok(opening.ok);
  const firstMove: Move = opening.value;
  for (const wait of [100, 250]) {
    s.send('pos moves="32-28"');
    s.send('go analyze');
    await s.until((l) => l.startsWith('info depth=2 '));
    await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    s.send('stop');
    const line = await s.until((l) => l.startsWith('done'));
    const elapsed = performance.now() - t0;
    assert.ok(elapsed < STOP_ANSWER_MS, `stop took ${elapsed.toFixed(1)} ms`);
    const after = start.play(firstMove);
    const reply = parseHubLine(line);
    assert.ok(reply.ok && parseHubMove(after, reply.value.args.get('move')!).ok, line);
  }
  // go and stop in one chunk: the stop reaches the worker before its search starts
  s.input.write('pos\nlevel infinite\ngo analyze\nstop\n');
  const quick = await Promise.race([
    s.until((l) => l.startsWith('done')),
    new Promise((r) => setTimeout(() => r('no done within 2 s'), 2000)),
  ]);
  assert.match(String(quick), /^done move=/);
  s.send('level infinite');
  s.send('go think');
  await new Promise((r) => setTimeout(r, 50));
  s.input.end(); // EOF during a search: the session stops the search and ends
  await s.finished;
  // think, three analyses, and the search cut short by the end of input
  assert.equal(s.lines.filter((l) => l.startsWith('done')).length, 5);
}

test('threads: announced, set before init, handed to the backend; bad values are errors', () => {
  const out: string[] = [];
  const settings: { ttBits: number; book: boolean; threads: number }[] = [];
  const engine = new HubEngine({
    send: (l) => out.push(l),
    createBackend: (s) => {
      settings.push(s);
      return new ScriptedBackend();
    },
  });
  engine.handle('hub');
  assert.ok(out.includes('param name=threads value=1 type=int min=1 max=64'));
  out.length = 0;
  for (const bad of ['0', '65', 'two', '1.5']) {
    engine.handle(`set-param name=threads value=${bad}`);
    assert.match(out.pop()!, /^error message="threads must be a whole number 1-64/);
  }
  engine.handle('set-param name=threads value=2');
  engine.handle('init');
  assert.deepEqual(out, ['ready']);
  assert.deepEqual(settings, [{ ttBits: 20, book: true, threads: 2 }]);
});
