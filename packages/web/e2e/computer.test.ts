/**
 * The computer in a real browser: it replies at level 1 and level 8 from its Web Worker while the
 * page keeps drawing frames (a requestAnimationFrame counter never stalls), the level is kept with
 * the game and in the setup form, Dhamet's compulsory opening is played by the computer, the
 * bundled worker answers a legal move in every variant and searches on helper threads when given
 * them (the page is cross-origin isolated), the worker's script carries no pattern table (a game
 * fetches its own rule set's table alone), a hint shows a legal move on the board and
 * in the notation, and the analysis shows a score and a line, updates while it thinks, stops on
 * request and restarts on another position — with no console errors anywhere. When the engine's
 * file cannot be fetched the page says so and asks again, and the computer moves once it can.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, VARIANTS, formatMove, variantOrThrow } from '@damka/rules';
import type { Page } from 'playwright-core';
import {
  clickSquare,
  gameState,
  openNewGame,
  startGame,
  useHarness,
  INTERNATIONAL as international,
  intSquare as sq,
} from './harness.ts';
import { newGame, replay } from '../src/game/record.ts';
import type { FromWorker, Question } from '../src/computer/protocol.ts';

const h = useHarness();

/** The notation of every legal move of a position given by FEN. */
function legalTexts(fen: string, variant = international): string[] {
  const p = Position.fromFen(variant, fen);
  assert.ok(p.ok, fen);
  return p.value.legalMoves().map((m) => formatMove(p.value, m));
}

/** Start counting animation frames, remembering the longest gap between two of them. */
async function watchFrames(page: Page): Promise<void> {
  // a script string: functions compiled by the test runner would carry helpers the page lacks
  await page.evaluate(`(() => {
    const f = { count: 0, gap: 0, last: performance.now() };
    window.frames_ = f;
    const tick = (now) => {
      f.count++;
      f.gap = Math.max(f.gap, now - f.last);
      f.last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}

async function frames(page: Page): Promise<{ count: number; gap: number }> {
  return page.evaluate(() => {
    const f = (window as unknown as { frames_: { count: number; gap: number } }).frames_;
    return { count: f.count, gap: f.gap };
  });
}

async function waitForPly(page: Page, ply: number, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.play')?.getAttribute('data-ply')) === n,
    ply,
    { timeout },
  );
}

/** Open the new-game dialog with the computer as opponent at `level`, and start. */
async function startComputerGame(page: Page, variant: string, level: number, human = 'white') {
  await openNewGame(page, 'computer');
  await page.locator(`label[data-variant="${variant}"]`).click();
  await page.locator(`input[name="human"][value="${human}"]`).check({ force: true });
  await page.getByTestId('level').selectOption(String(level));
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
}

for (const level of [1, 8]) {
  test(`level ${level}: the computer replies from its worker and the page never freezes`, async (t) => {
    const { page, errors } = await h.page();
    await page.goto(h.url);
    await startComputerGame(page, 'international', level);
    assert.match((await page.locator('.level-line').textContent()) ?? '', new RegExp(`${level} ·`));
    await watchFrames(page);
    const started = Date.now();
    await clickSquare(page, sq('32'));
    await clickSquare(page, sq('28'));
    await page.getByTestId('status').getByText('The computer is thinking…').waitFor();
    await waitForPly(page, 2);
    const took = Date.now() - started;
    const f = await frames(page);
    t.diagnostic(`reply in ${took} ms; ${f.count} frames, longest gap ${Math.round(f.gap)} ms`);
    assert.ok(f.count >= 5, `frames kept coming while it thought (${f.count} in ${took} ms)`);
    assert.ok(f.gap < 1000, `no frame gap of a second or more (longest ${Math.round(f.gap)} ms)`);
    assert.equal(await page.getByTestId('status').textContent(), 'Your move');
    const state = await gameState(page);
    // the reply is a legal move of the position after 32-28
    const after = Position.fromFen(international, state.fen);
    assert.ok(after.ok && after.value.turn === 'white');
    // the level is kept with the game and remembered by the setup form
    await page.reload();
    await page.locator('.play').waitFor();
    assert.match((await page.locator('.level-line').textContent()) ?? '', new RegExp(`${level} ·`));
    await openNewGame(page, 'computer');
    assert.equal(await page.getByTestId('level').inputValue(), String(level));
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test('Dhamet: the computer opens with the compulsory opening', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startComputerGame(page, 'dhamet', 2, 'black');
  await waitForPly(page, 1);
  const dhamet = variantOrThrow('dhamet');
  const start = Position.start(dhamet);
  const played = Position.fromFen(dhamet, (await gameState(page)).fen);
  assert.ok(played.ok);
  const reached = start.legalMoves().map((m) => start.play(m).fen);
  assert.ok(reached.includes(played.value.fen), 'the computer played a legal opening move');
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** The URL of the built computer worker: a computer game at level 1 loads it and moves. */
async function computerWorkerUrl(page: Page): Promise<string> {
  await startComputerGame(page, 'international', 1, 'black');
  await waitForPly(page, 1);
  const url = page
    .workers()
    .find((w) => w.url().includes('computer.worker'))
    ?.url();
  assert.ok(url, 'the computer worker is loaded');
  return url;
}

test('every variant: the bundled worker answers a legal first move', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  const url = await computerWorkerUrl(page);
  const questions: Question[] = VARIANTS.map((rules, i) => ({
    type: 'think',
    id: i + 1,
    setup: { variant: rules.id, options: {} },
    entries: [],
    level: 1,
    moveTime: 100,
  }));
  // a second worker from the same script, asked about every variant in turn
  const answers = (await page.evaluate(`new Promise((resolve) => {
    const questions = ${JSON.stringify(questions)};
    const answers = [];
    const w = new Worker(${JSON.stringify(url)}, { type: 'module' });
    w.onmessage = (e) => {
      if (e.data.type === 'info') return;
      answers.push(e.data);
      if (answers.length === questions.length) { w.terminate(); resolve(answers); }
    };
    for (const q of questions) w.postMessage(q);
  })`)) as FromWorker[];
  for (const [i, rules] of VARIANTS.entries()) {
    const a = answers.find((x) => x.id === i + 1);
    assert.ok(a?.type === 'done' && a.analysis?.best, `${rules.id}: an entry`);
    const game = newGame({ variant: rules.id, options: {} }, 'friend', null);
    const after = replay({ ...game, entries: [a.analysis.best] });
    assert.equal(after.entries.length, 1, `${rules.id}: the entry is legal`);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("the worker carries no pattern table: a game fetches its own rule set's alone", async () => {
  const { page, errors } = await h.page({ noServiceWorker: true });
  const tables: string[] = [];
  page.on('request', (r) => {
    const name = /\/(patterns-[a-z0-9-]+)\.data[^/]*\.js$/.exec(new URL(r.url()).pathname);
    if (name) tables.push(name[1]!);
  });
  await page.goto(h.url);
  await startComputerGame(page, 'english', 1, 'white'); // Black opens in English: the computer
  await waitForPly(page, 1);
  assert.deepEqual(tables, ['patterns-english'], "English's table, once");
  const url = page
    .workers()
    .find((w) => w.url().includes('computer.worker'))
    ?.url();
  assert.ok(url, 'the computer worker is loaded');
  const size = await page.evaluate(
    `fetch(${JSON.stringify(url)}).then((r) => r.arrayBuffer()).then((b) => b.byteLength)`,
  );
  assert.ok(
    typeof size === 'number' && size < 1_000_000,
    `the worker's script is small (${String(size)} bytes)`,
  );
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('cross-origin isolated: a full-strength search runs on helper threads of the worker', async () => {
  const MIDDLEGAME = 'W:W21,23,25,27-32:B1-5,8,12,15,16';
  const { page, errors } = await h.page();
  await page.goto(h.url);
  assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), true);
  const url = await computerWorkerUrl(page);
  const question = (id: number): Question => ({
    type: 'think',
    id,
    // a middlegame out of the opening book, so the search runs
    setup: { variant: 'english', options: {}, fen: MIDDLEGAME },
    entries: [],
    level: 8,
    moveTime: 700,
  });
  // a second worker from the same script, given two threads, asked until a search was helped
  // (the helper thread loads its code during the first searches, then joins)
  const answers = (await page.evaluate(`new Promise((resolve) => {
    const answers = [];
    const w = new Worker(${JSON.stringify(url)}, { type: 'module' });
    w.postMessage({ type: 'init', stopBuffer: new SharedArrayBuffer(4), threads: 2 });
    const ask = (id) => w.postMessage({ ...${JSON.stringify(question(0))}, id });
    w.onmessage = (e) => {
      if (e.data.type === 'info') return;
      answers.push(e.data);
      const helped = e.data.type === 'done' && e.data.analysis && e.data.analysis.threads;
      if (helped || answers.length === 8) { w.terminate(); resolve(answers); }
      else ask(answers.length + 1);
    };
    ask(1);
  })`)) as FromWorker[];
  const last = answers.at(-1);
  assert.ok(last?.type === 'done' && last.analysis?.best, JSON.stringify(last));
  assert.equal(
    last.analysis.threads,
    2,
    `no search of ${answers.length} was helped: ${JSON.stringify(errors)}`,
  );
  const game = newGame({ variant: 'english', options: {}, fen: MIDDLEGAME }, 'friend', null);
  assert.equal(replay({ ...game, entries: [last.analysis.best] }).entries.length, 1);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a hint shows a legal move on the board and in the notation', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startGame(page, 'international');
  const fen = (await gameState(page)).fen;
  await page.getByTestId('hint').click();
  const text = page.getByTestId('hint-text');
  await page.waitForFunction(
    () =>
      /^Hint: \S+$/.test(document.querySelector('[data-testid="hint-text"]')?.textContent ?? ''),
    undefined,
    { timeout: 10_000 },
  );
  const move = ((await text.textContent()) ?? '').replace('Hint: ', '');
  assert.ok(legalTexts(fen).includes(move), `${move} is legal`);
  assert.equal(await page.locator('.damka-board .hint').count(), 2, 'from and to marked');
  assert.equal(await page.locator('.damka-board .hint-route').count(), 1);
  // playing a move takes the hint away
  await clickSquare(page, sq('31'));
  await clickSquare(page, sq('27'));
  await text.waitFor({ state: 'detached' });
  assert.equal(await page.locator('.damka-board .hint').count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('analysis: score, bar and line, updated while thinking; stop; another position restarts it', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  // the server makes the page cross-origin isolated: the worker shares memory with it, and a stop
  // is the shared flag the search polls, not the worker's end
  assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), true);
  await startGame(page, 'international');
  for (const [from, to] of [
    ['32', '28'],
    ['19', '23'],
  ] as const) {
    await clickSquare(page, sq(from));
    await clickSquare(page, sq(to));
  }
  const fen = (await gameState(page)).fen;
  await page.getByTestId('analyse').click();
  const panel = page.getByTestId('analysis');
  await panel.waitFor();
  const depthOf = async () =>
    Number(/depth (\d+)/.exec((await page.getByTestId('analysis-depth').textContent()) ?? '')?.[1]);
  await page.waitForFunction(
    () =>
      /depth \d+/.test(document.querySelector('[data-testid="analysis-depth"]')?.textContent ?? ''),
    undefined,
    { timeout: 10_000 },
  );
  const first = await depthOf();
  // it updates: a deeper iteration is reported while it runs
  await page.waitForFunction(
    (d) => {
      const m = /depth (\d+)/.exec(
        document.querySelector('[data-testid="analysis-depth"]')?.textContent ?? '',
      );
      return m !== null && Number(m[1]) > d;
    },
    first,
    { timeout: 20_000 },
  );
  const score = (await page.getByTestId('analysis-score').textContent()) ?? '';
  assert.match(score, /^([+−]\d+\.\d\d|0\.00|(White|Black) wins in \d+)$/, `score ${score}`);
  const line = ((await page.getByTestId('analysis-line').textContent()) ?? '').split(' ');
  assert.ok(line.length >= 1 && legalTexts(fen).includes(line[0]!), `line ${line.join(' ')}`);
  const bar = Number(await page.getByTestId('analysis-bar').getAttribute('aria-valuenow'));
  assert.ok(bar >= 0 && bar <= 100);
  assert.ok((await page.locator('.damka-board .hint').count()) >= 1, 'best move on the board');

  // stop keeps the figures and no further update arrives
  await page.getByTestId('analysis-stop').click();
  assert.equal(await panel.getAttribute('data-state'), 'stopped');
  const stoppedAt = await page.getByTestId('analysis-depth').textContent();
  await page.waitForTimeout(1500);
  assert.equal(await page.getByTestId('analysis-depth').textContent(), stoppedAt);
  assert.equal(await panel.getAttribute('data-state'), 'stopped');

  // reviewing the start position restarts the analysis there
  await page.getByTestId('moves').locator('button').first().click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="analysis"]')?.getAttribute('data-state') ===
        'running' &&
      /depth \d+/.test(document.querySelector('[data-testid="analysis-depth"]')?.textContent ?? ''),
    undefined,
    { timeout: 10_000 },
  );
  const afterFirst = Position.start(international).play(
    Position.start(international)
      .legalMoves()
      .find((m) => m.from === sq('32') && m.to === sq('28'))!,
  );
  const reviewLine = ((await page.getByTestId('analysis-line').textContent()) ?? '').split(' ');
  assert.ok(
    legalTexts(afterFirst.fen).includes(reviewLine[0]!),
    `line of the reviewed position ${reviewLine.join(' ')}`,
  );
  await page.getByTestId('analysis-stop').click();
  await page.getByTestId('analyse').click();
  await panel.waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("the computer's engine cannot be fetched: the page says so and asks again until it can", async () => {
  const { page } = await h.page({ noServiceWorker: true });
  // as when a new version of the app has replaced the engine's file while the page was open
  const blocked = (url: URL) => /computer\.worker/.test(url.pathname);
  await page.route(blocked, (route) => route.abort());
  await page.goto(h.url);
  await startComputerGame(page, 'international', 1, 'black'); // the computer opens
  await page.getByTestId('status').getByText('could not be loaded').waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('.play').getAttribute('data-ply'), '0');
  await page.unroute(blocked);
  await waitForPly(page, 1);
  assert.equal(await page.getByTestId('status').textContent(), 'Your move');
});
