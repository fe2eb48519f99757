/**
 * Damka on a small touch phone (360x740, three device pixels to the CSS pixel), held upright and
 * sideways, driven with a finger: a game played by taps — a capture whose route the player picks
 * by its landing square, a man crowned by it, a step — with the phone turned mid-game; every
 * screen no wider than the phone, in English and right to left in Hebrew and Arabic, with the
 * board of each board screen (game, review, puzzle, editor) inside the window, the home's three
 * ways to play and a puzzle's buttons and status in view; the puzzle trainer and the game review
 * naming the variants in the page's language (the trainer's list, both boards' labels); the main
 * actions at least 40 px each way, a finger's size (the clock's pause button, text fields and
 * switches too), links on their own line 44 px high, and a variant's whole card on the rules index
 * its link. Sideways, down to a 568x320 phone: the home's three ways to play, the game's board,
 * both player bars with the name and the time, every entry of the ☰ menu and each rules diagram
 * in view — and no console errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Position, variantOrThrow } from '@damka/rules';
import { PHONES, SMALL_SIDEWAYS, openOn, tapSquare, type Device } from './devices.ts';
import { SCREENSHOTS, gameState, squareIn, useHarness } from './harness.ts';

const h = useHarness();

/** The smallest size a finger can be trusted to hit, in CSS pixels (as in phone-targets.test.ts). */
const FINGER = 44;

const tap = (page: Page, testId: string) => page.getByTestId(testId).tap();

/** ☰ → New game → one of the three ways to play, all by taps. */
async function openNewGame(page: Page, kind: 'computer' | 'friend' | 'online'): Promise<void> {
  await tap(page, 'menu');
  await tap(page, 'menu-new');
  await tap(page, `home-${kind}`);
  await page.locator('form.setup').waitFor();
}

/** Open a same-screen game of `variant` from `fen` by taps (typing the FEN, as a player would). */
async function startFriendGame(page: Page, variant: string, fen?: string): Promise<void> {
  await openNewGame(page, 'friend');
  await page.locator(`label[data-variant="${variant}"]`).tap();
  if (fen) {
    await page.locator('.start-position summary').tap();
    await page.locator('.start-position .fen input').fill(fen);
  }
  await tap(page, 'start');
  await page.locator('.play').waitFor();
}

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const m = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    width: innerWidth,
  }));
  assert.ok(
    m.scroll <= m.width,
    `${where}: the page is ${m.scroll}px wide in a ${m.width}px window`,
  );
}

/** With the page at its top, the board's frame `frame` lies inside the window, below the top bar. */
async function boardInside(page: Page, frame: string, where: string): Promise<void> {
  await page.locator(`${frame} svg`).first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  const m = await page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      header: document.querySelector('.topbar')!.getBoundingClientRect().bottom,
      width: innerWidth,
      height: innerHeight,
    };
  }, frame);
  assert.ok(
    m.top >= m.header - 0.5 &&
      m.left >= 0 &&
      m.right <= m.width + 0.5 &&
      m.bottom <= m.height + 0.5,
    `${where}: the board ${JSON.stringify(m)} is not inside the ${m.width}x${m.height} window`,
  );
}

/** With the page at its top, both player bars of the game lie inside the window. */
async function barsInside(page: Page, where: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const bars = await page.locator('.game-shell .player-bar').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: innerHeight };
    }),
  );
  assert.equal(bars.length, 2, `${where}: two player bars`);
  for (const b of bars) {
    assert.ok(b.top >= 0 && b.bottom <= b.height + 0.5, `${where}: a bar ${JSON.stringify(b)}`);
  }
}

/**
 * The bottom player bar shows its whole clock face and, unless `name` is false, its player's whole
 * name (a 568x320 phone's 176px bar has no room for it beside the time and the pause button).
 */
async function barReadable(page: Page, where: string, name = true): Promise<void> {
  const m = await page.locator('.game-shell .player-bar:has(.clock-pause)').evaluate((bar) => {
    const name = bar.querySelector('.player-name')!;
    const box = bar.getBoundingClientRect();
    const face = bar.querySelector('.clock-face')!.getBoundingClientRect();
    return {
      name: name.textContent,
      shown: name.clientWidth,
      needed: name.scrollWidth,
      face: [face.left, face.right],
      bar: [box.left, box.right],
    };
  });
  if (name) assert.ok(m.needed <= m.shown + 0.5, `${where}: the name is cut ${JSON.stringify(m)}`);
  assert.ok(
    m.face[0]! >= m.bar[0]! && m.face[1]! <= m.bar[1]!,
    `${where}: the clock is cut ${JSON.stringify(m)}`,
  );
}

/** Every visible element matching `selector` is at least a finger's size (`min` px) each way. */
async function fingerSized(
  page: Page,
  selector: string,
  where: string,
  min = FINGER,
): Promise<void> {
  const sizes = await page.locator(selector).evaluateAll((els) =>
    els
      .map((el) => {
        const r = el.getBoundingClientRect();
        const text = (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 24);
        return { text, width: r.width, height: r.height };
      })
      .filter((s) => s.width > 0 && s.height > 0),
  );
  assert.ok(sizes.length > 0, `${where}: nothing matches ${selector}`);
  const small = sizes.filter((s) => s.width < min || s.height < min);
  assert.deepEqual(
    small.map((s) => `"${s.text}" ${s.width.toFixed(1)}x${s.height.toFixed(1)}`),
    [],
    `${where}: ${selector} smaller than ${min}px`,
  );
}

const turned = (d: Device) => ({ width: d.height, height: d.width });

for (const phone of PHONES) {
  test(`${phone.name}: a game by finger — a route picked, a man crowned, a step — turned mid-game`, async () => {
    const { context, page, errors } = await openOn(h, phone);
    const english = variantOrThrow('english');
    const sq = (name: string) => squareIn('english', name);
    await page.goto(h.url);
    // Black's man on 14 takes two men either way, via 23 or via 21, and lands on 30 crowned
    await startFriendGame(page, 'english', 'B:W17,18,24-29,31,32:B1,3-5,8,9,11,12,14');
    await boardInside(page, '.game-shell .board-frame', 'the game');
    await tapSquare(page, sq('14'));
    await tapSquare(page, sq('30'));
    assert.equal((await gameState(page)).ply, 0, 'two routes end on 30: the board asks which');
    await tapSquare(page, sq('21'));
    await page.waitForFunction(
      () => document.querySelector('.play')?.getAttribute('data-ply') === '1',
    );
    const piece = (name: string) =>
      page.locator(`.damka-board .piece[data-square="${sq(name)}"]`).getAttribute('data-piece');
    assert.equal(await piece('30'), 'black king', 'the man is crowned on 30');
    for (const taken of ['17', '25']) {
      assert.equal(
        await page.locator(`.damka-board .piece[data-square="${sq(taken)}"]`).count(),
        0,
      );
    }
    for (const kept of ['18', '26']) assert.equal(await piece(kept), 'white man');
    await noSidewaysScroll(page, 'the game after the capture');

    // the phone is turned: the board still fits, and a tap still reaches the square under it
    await page.setViewportSize(turned(phone));
    await boardInside(page, '.game-shell .board-frame', 'the game, turned');
    await noSidewaysScroll(page, 'the game, turned');
    const { fen } = await gameState(page);
    const start = Position.fromFen(english, fen);
    assert.ok(start.ok);
    const step = start.value.legalMoves().find((m) => m.kind === 'step')!;
    await tapSquare(page, step.from);
    await tapSquare(page, step.to);
    await page.waitForFunction(
      () => document.querySelector('.play')?.getAttribute('data-ply') === '2',
    );
    assert.equal((await gameState(page)).fen, start.value.play(step).fen);
    await page.screenshot({ path: `${SCREENSHOTS}phone-game-${phone.width}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The screens a player on a phone goes through, each checked for its width (and board). */
async function everyScreen(page: Page, where: string): Promise<void> {
  const shot = (name: string) =>
    page.screenshot({ path: `${SCREENSHOTS}phone-${where.replace(/\W+/g, '-')}-${name}.png` });
  await page.goto(h.url);
  await page.locator('.home .damka-board svg').waitFor();
  await noSidewaysScroll(page, `${where}: the home`);
  for (const id of ['home-computer', 'home-friend', 'home-online']) {
    const r = await page.getByTestId(id).boundingBox();
    assert.ok(r && r.y + r.height <= page.viewportSize()!.height, `${where}: ${id} on the home`);
  }
  await tap(page, 'menu');
  await noSidewaysScroll(page, `${where}: the menu`);
  await tap(page, 'menu-new');
  await tap(page, 'home-computer');
  await page.locator('.house-rules summary').tap();
  await page.locator('.start-position summary').tap();
  await noSidewaysScroll(page, `${where}: the new-game dialog, unfolded`);
  await shot('new-game');
  await page.locator('label[data-variant="russian"]').tap();
  await page.locator('label:has(input[name="human"][value="white"])').tap();
  await tap(page, 'start');
  await page.locator('.play').waitFor();
  await boardInside(page, '.game-shell .board-frame', `${where}: the game`);
  await tapSquare(page, squareIn('russian', 'c3'));
  await tapSquare(page, squareIn('russian', 'd4'));
  await page.waitForFunction(
    () => document.querySelector('.play')?.getAttribute('data-ply') === '2',
    null,
    { timeout: 30_000 },
  );
  await tap(page, 'analyse');
  await page.getByTestId('analysis').waitFor();
  await noSidewaysScroll(page, `${where}: the game with its analysis`);
  // the engine's review of the game so far
  await tap(page, 'review-open');
  await page.locator('[data-testid="review"][data-state="done"]').waitFor({ timeout: 60_000 });
  await boardInside(page, '.review .board-frame', `${where}: the game review`);
  await noSidewaysScroll(page, `${where}: the game review`);
  await shot('review');

  await tap(page, 'menu');
  await tap(page, 'menu-new');
  await tap(page, 'home-editor');
  await page.getByTestId('editor').waitFor();
  await boardInside(page, '.editor .board-frame', `${where}: the editor`);
  await noSidewaysScroll(page, `${where}: the editor`);
  // a tap on the editor's board puts the chosen piece there
  const before = await page.getByTestId('editor-fen').inputValue();
  await page.getByTestId('editor-clear').tap();
  await page.locator('[data-tool="white-king"]').tap();
  await tapSquare(page, 0);
  assert.notEqual(await page.getByTestId('editor-fen').inputValue(), before);
  assert.equal(
    await page.locator('.damka-board .piece[data-square="0"]').getAttribute('data-piece'),
    'white king',
  );
  await shot('editor');

  await tap(page, 'menu');
  await tap(page, 'menu-import');
  await page.getByTestId('pdn-text').waitFor();
  await noSidewaysScroll(page, `${where}: the PDN import`);
  await page.keyboard.press('Escape');

  await tap(page, 'menu');
  await tap(page, 'menu-settings');
  await page.getByTestId('language').waitFor();
  await noSidewaysScroll(page, `${where}: the settings`);

  await page.goto(`${h.url}rules`);
  await page.getByTestId('differences').waitFor();
  await noSidewaysScroll(page, `${where}: the rules index`);
  await page.goto(`${h.url}rules/dhamet`);
  await page.getByTestId('rules-play').waitFor();
  await noSidewaysScroll(page, `${where}: the Dhamet rules page`);

  await page.goto(`${h.url}?puzzle=english/eng-1fk1lt7`);
  await page.locator('[data-testid="puzzles"][data-puzzle="eng-1fk1lt7"]').waitFor();
  await boardInside(page, '.puzzles .board-frame', `${where}: the puzzle`);
  await noSidewaysScroll(page, `${where}: the puzzle`);
  // beside or under the board: the buttons, and what the puzzle asks, without scrolling
  const height = page.viewportSize()!.height;
  for (const id of ['puzzle-hint', 'puzzle-solution', 'puzzle-next', 'puzzle-status']) {
    const r = await page.getByTestId(id).boundingBox();
    assert.ok(
      r && r.y >= 0 && r.y + r.height <= height,
      `${where}: ${id} in view ${JSON.stringify(r)}`,
    );
  }
  await shot('puzzle');
}

for (const locale of ['en', 'he', 'ar'] as const) {
  for (const phone of PHONES) {
    test(`${locale}, ${phone.name}: no screen wider than the phone, every board inside it`, async () => {
      const { context, page, errors } = await openOn(h, phone, locale);
      await everyScreen(page, `${locale} ${phone.name}`);
      assert.equal(
        await page.evaluate(() => document.documentElement.dir),
        locale === 'en' ? 'ltr' : 'rtl',
      );
      assert.equal(await page.locator('.damka-board').first().getAttribute('dir'), 'ltr');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('the puzzle trainer and the game review name the variants as the new-game dialog does, in Hebrew and Arabic', async () => {
  for (const locale of ['he', 'ar']) {
    const { context, page, errors } = await openOn(h, PHONES[0], locale);
    await page.goto(h.url);
    await page.waitForFunction((l) => document.documentElement.dataset['catalogue'] === l, locale);
    await openNewGame(page, 'friend');
    const named = await page
      .locator('label[data-variant]')
      .evaluateAll((ls) =>
        Object.fromEntries(
          ls.map((l) => [l.getAttribute('data-variant'), (l.textContent ?? '').trim()]),
        ),
      );
    await page.keyboard.press('Escape');
    await tap(page, 'menu');
    await tap(page, 'menu-puzzles');
    await page.locator('[data-testid="puzzle-variant"] option[value="russian"]').waitFor({
      state: 'attached',
    });
    const options = await page
      .getByTestId('puzzle-variant')
      .locator('option')
      .evaluateAll((os) =>
        os.map((o) => [o.getAttribute('value'), (o.textContent ?? '').trim()] as const),
      );
    assert.ok(options.length > 10, `${locale}: the variants are offered`);
    for (const [id, text] of options) {
      assert.equal(text, named[id!], `${locale}: the puzzle trainer's name of ${id}`);
    }
    // the board says which variant it shows to a screen reader, in the page's language
    const shownVariant = await page.getByTestId('puzzle-variant').inputValue();
    const label = (where: string) =>
      page.locator(`${where} .damka-board`).first().getAttribute('aria-label');
    assert.match((await label('.puzzles')) ?? '', new RegExp(named[shownVariant]!));

    // so does the game review's board
    await startFriendGame(page, 'russian');
    await tapSquare(page, squareIn('russian', 'c3'));
    await tapSquare(page, squareIn('russian', 'd4'));
    await tapSquare(page, squareIn('russian', 'f6'));
    await tapSquare(page, squareIn('russian', 'g5'));
    await tap(page, 'review-open');
    await page.getByTestId('review').waitFor();
    assert.match((await label('.review')) ?? '', new RegExp(named['russian']!));
    assert.deepEqual(errors, []);
    await context.close();
  }
});

for (const phone of PHONES) {
  test(`${phone.name}: the main actions are a finger's size`, async () => {
    const { context, page, errors } = await openOn(h, phone);
    const where = phone.name;
    await page.goto(h.url);
    await page.locator('.home .damka-board svg').waitFor();
    await fingerSized(page, '[data-testid="menu"], .home-action', `${where}: the home`);
    // the quiet links under the ways to play: 44px high to hit, as the phone platforms ask
    await fingerSized(page, '.home-links button', `${where}: the home's links`, 44);

    await openNewGame(page, 'computer');
    await page.locator('.house-rules summary').tap();
    await page.locator('.start-position summary').tap();
    await fingerSized(
      page,
      [
        '[data-testid="new-game-close"]',
        'label[data-variant]',
        '.setup .segmented label',
        '.setup select',
        '.setup summary',
        '.setup button',
        '.setup input[type="text"]',
      ].join(', '),
      `${where}: the new-game dialog`,
    );
    await page.locator('label[data-variant="russian"]').tap();
    await tap(page, 'start');
    await page.locator('.play').waitFor();
    // a move and the computer's answer: the review button comes with the second move
    const russian = (name: string) => squareIn('russian', name);
    await tapSquare(page, russian('c3'));
    await tapSquare(page, russian('d4'));
    await page.waitForFunction(
      () => document.querySelector('.play')?.getAttribute('data-ply') === '2',
      null,
      {
        timeout: 30_000,
      },
    );
    await tap(page, 'analyse');
    await page.getByTestId('analysis-stop').waitFor();
    await fingerSized(
      page,
      '.play .actions button, .play .nav button, [data-testid="offer-draw"], [data-testid="review-open"], .analysis button',
      `${where}: the game screen with its analysis`,
    );
    await tap(page, 'resign');
    await fingerSized(page, '.dialog-actions button', `${where}: the resign question`);
    await page.keyboard.press('Escape');

    // a variant's card on the rules index opens its page wherever it is tapped
    await page.goto(`${h.url}rules`);
    const card = page.locator('.rules-variants li[data-variant="dhamet"]');
    const cardBox = (await card.boundingBox())!;
    await card.tap({ position: { x: cardBox.width / 2, y: cardBox.height - 12 } }); // its summary
    await page.waitForURL(/\/rules\/dhamet$/);
    await page.goto(`${h.url}rules/russian`);
    await fingerSized(
      page,
      '[data-testid="menu"], [data-testid="rules-play"]',
      `${where}: a rules page`,
    );
    // the links to the index and the variants before and after, 44px high to hit
    await fingerSized(page, '.rules-nav a', `${where}: a rules page's links`, 44);

    await tap(page, 'menu');
    await tap(page, 'menu-settings');
    await fingerSized(
      page,
      '.settings .option, .settings select, .settings .segmented label',
      `${where}: the settings`,
    );

    await page.goto(`${h.url}?puzzle=english/eng-1fk1lt7`);
    await page.locator('[data-testid="puzzles"][data-puzzle="eng-1fk1lt7"]').waitFor();
    await fingerSized(
      page,
      '.puzzles .actions button, .puzzles select',
      `${where}: the puzzle trainer`,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const phone of [...PHONES, SMALL_SIDEWAYS]) {
  test(`${phone.name}: the clock's pause button is a finger's size, the board and both bars in view, the name and time readable`, async () => {
    const { context, page, errors } = await openOn(h, phone);
    const where = `${phone.name}, a game with a clock`;
    await page.goto(h.url);
    await openNewGame(page, 'friend');
    await page.locator('label[data-variant="russian"]').tap();
    await page.getByTestId('friend-clock').selectOption({ index: 1 });
    await tap(page, 'start');
    await page.locator('.play').waitFor();
    await tapSquare(page, squareIn('russian', 'c3'));
    await tapSquare(page, squareIn('russian', 'd4'));
    await page.getByTestId('clock-pause').waitFor();
    await fingerSized(page, '[data-testid="clock-pause"]', where);
    await boardInside(page, '.game-shell .board-frame', where);
    await barsInside(page, where);
    const small = phone === SMALL_SIDEWAYS;
    await barReadable(page, where, !small);
    await tap(page, 'clock-pause');
    await page.locator('[data-testid="clock-pause"][aria-pressed="true"]').waitFor();
    await fingerSized(page, '[data-testid="clock-pause"]', `${where}, paused`);
    await boardInside(page, '.game-shell .board-frame', `${where}, paused`);
    await barsInside(page, `${where}, paused`);
    await barReadable(page, `${where}, paused`, !small);
    await page.screenshot({ path: `${SCREENSHOTS}phone-clock-${phone.width}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** With the page at its top, the home's main actions `ids` lie inside the window. */
async function homeActionsInView(page: Page, ids: string[], where: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const { width, height } = page.viewportSize()!;
  for (const id of ids) {
    const r = (await page.getByTestId(id).boundingBox())!;
    assert.ok(
      r.y >= 0 && r.y + r.height <= height + 0.5 && r.x >= 0 && r.x + r.width <= width + 0.5,
      `${where}: ${id} ${JSON.stringify(r)} outside the ${width}x${height} window`,
    );
  }
}

const WAYS_TO_PLAY = ['home-computer', 'home-friend', 'home-online'];

test(`${SMALL_SIDEWAYS.name}: the home's ways to play in view, with Continue while a game runs`, async () => {
  const { context, page, errors } = await openOn(h, SMALL_SIDEWAYS);
  await page.goto(h.url);
  await page.locator('.home .damka-board svg').waitFor();
  await homeActionsInView(page, WAYS_TO_PLAY, 'the home');
  await noSidewaysScroll(page, 'the home');
  await fingerSized(page, '.home-action', 'the home');
  await page.screenshot({ path: `${SCREENSHOTS}phone-home-${SMALL_SIDEWAYS.width}.png` });
  // a game begun: the home offers Continue above the three, and all four are in view
  await startFriendGame(page, 'russian');
  await tapSquare(page, squareIn('russian', 'c3'));
  await tapSquare(page, squareIn('russian', 'd4'));
  await tap(page, 'menu');
  await tap(page, 'menu-new');
  await page.getByTestId('home-continue').waitFor();
  await homeActionsInView(page, ['home-continue', ...WAYS_TO_PLAY], 'the home with a game');
  await noSidewaysScroll(page, 'the home with a game');
  await fingerSized(page, '.home-action', 'the home with a game');
  await page.screenshot({ path: `${SCREENSHOTS}phone-home-continue-${SMALL_SIDEWAYS.width}.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const phone of [PHONES[1], SMALL_SIDEWAYS]) {
  test(`${phone.name}: every entry of the ☰ menu can be brought into view and tapped`, async () => {
    const { context, page, errors } = await openOn(h, phone);
    await page.goto(h.url);
    // a running game adds "Continue" to the menu
    await startFriendGame(page, 'russian');
    await tapSquare(page, squareIn('russian', 'c3'));
    await tapSquare(page, squareIn('russian', 'd4'));
    await tap(page, 'menu');
    const entries = await page
      .locator('#main-menu button, #main-menu select')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    assert.ok(
      entries.includes('menu-continue') && entries.includes('menu-language'),
      entries.join(),
    );
    for (const id of entries) {
      const m = await page.getByTestId(id!).evaluate((el) => {
        el.scrollIntoView({ block: 'nearest' });
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { top: r.top, bottom: r.bottom, height: innerHeight, hit: el.contains(hit) };
      });
      assert.ok(
        m.top >= 0 && m.bottom <= m.height + 0.5 && m.hit,
        `${phone.name}: ${id} out of reach ${JSON.stringify(m)}`,
      );
    }
    await tap(page, 'menu-settings');
    await page.getByTestId('language').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const phone of [PHONES[1], SMALL_SIDEWAYS]) {
  test(`${phone.name}: each board of a rules page fits in the window below the top bar`, async () => {
    const { context, page, errors } = await openOn(h, phone);
    for (const variant of ['russian', 'dhamet']) {
      await page.goto(`${h.url}rules/${variant}`);
      await page.locator('.rules-figure .board-frame svg').first().waitFor();
      const m = await page.evaluate(() => ({
        frames: [...document.querySelectorAll('.rules-figure .board-frame')].map(
          (el) => el.getBoundingClientRect().height,
        ),
        room: innerHeight - document.querySelector('.topbar')!.getBoundingClientRect().height,
      }));
      assert.ok(m.frames.length > 1, `${variant}: the diagrams`);
      for (const height of m.frames) {
        assert.ok(
          height <= m.room,
          `${phone.name}, ${variant}: a ${height}px board in ${m.room}px`,
        );
      }
      await noSidewaysScroll(page, `${phone.name}, the ${variant} rules`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
