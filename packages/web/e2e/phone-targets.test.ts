/**
 * Every control a finger presses is at least 44x44 CSS px on a phone, the size the phone platforms
 * ask for: on each phone of devices.ts held upright and sideways (390x844, 360x740 and 320x568
 * each way), on every screen a player goes through — the home before and during a game, the ☰
 * menu open, the new-game dialog unfolded, a game with a clock and several moves played, the
 * position editor, the settings, the rules index and a rules page, the puzzle trainer — every
 * visible button, link, text field, select, switch, folding summary and move of the move list is
 * measured, and the offenders are listed by screen. The board's squares are the one exception: the
 * board is sized to the screen, so on a small phone an 8x8 board's squares may be under 44 px (a
 * 10x10 or 12x12 board's always are), and a square is a target among touching neighbours.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Position, variantOrThrow } from '@damka/rules';
import { PHONE_VIEWPORTS, openOn, tapSquare } from './devices.ts';
import { gameState, useHarness } from './harness.ts';

const h = useHarness();

/** The smallest target a finger can be trusted to hit, in CSS pixels each way. */
const FINGER = 44;

const tap = (page: Page, testId: string) => page.getByTestId(testId).tap();

/**
 * The visible controls inside `scope` smaller than a finger each way, as "where: what WxH". A
 * radio button or checkbox counts by the label around it, which is what the finger presses, and a
 * link stretched over its card by the card.
 */
async function smallTargets(page: Page, where: string, scope = 'body'): Promise<string[]> {
  return page.evaluate(
    ({ where, scope, min }) => {
      const controls = [
        'button',
        'a[href]',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        'summary',
        '[role="button"]',
        '[role="switch"]',
        '.move-list .move',
      ].join(', ');
      const out: string[] = [];
      const seen = new Set<Element>();
      for (const root of document.querySelectorAll(scope)) {
        for (const el of root.querySelectorAll(controls)) {
          // the board's squares are sized with the board, which is sized to the screen
          if (el.closest('.damka-board')) continue;
          const choice =
            el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox');
          // a link stretched over its card by an absolute ::after is pressed anywhere on the card
          const stretched =
            el instanceof HTMLAnchorElement &&
            getComputedStyle(el, '::after').position === 'absolute' &&
            el.offsetParent;
          const target = (choice && el.closest('label')) || stretched || el;
          if (seen.has(target)) continue;
          seen.add(target);
          if (!target.checkVisibility({ visibilityProperty: true })) continue;
          const r = target.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.width >= min - 0.01 && r.height >= min - 0.01) continue;
          const name = (target.textContent || target.getAttribute('aria-label') || '')
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 24);
          const id = target.getAttribute('data-testid');
          const what = `${target.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${name}"`;
          out.push(`${where}: ${what} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
        }
      }
      return out;
    },
    { where, scope, min: FINGER },
  );
}

/** Play `plies` moves of the same-screen game on show by taps, each one its piece's only route. */
async function playMoves(page: Page, variant: string, plies: number): Promise<void> {
  const rules = variantOrThrow(variant);
  for (let i = 0; i < plies; i++) {
    const { fen, ply } = await gameState(page);
    const position = Position.fromFen(rules, fen);
    assert.ok(position.ok, fen);
    const moves = position.value.legalMoves();
    const move = moves.find(
      (m) => moves.filter((o) => o.from === m.from && o.to === m.to).length === 1,
    )!;
    await tapSquare(page, move.from);
    await tapSquare(page, move.to);
    await page.waitForFunction(
      (n) => document.querySelector('.play')?.getAttribute('data-ply') === String(n),
      ply + 1,
    );
  }
}

for (const phone of PHONE_VIEWPORTS) {
  test(`${phone.name}: every control on every screen is at least ${FINGER}x${FINGER} px`, async () => {
    const { context, page, errors } = await openOn(h, phone);
    const where = (screen: string) => `${phone.name}, ${screen}`;
    const small: string[] = [];
    await page.goto(h.url);
    await page.locator('.home .damka-board svg').waitFor();
    small.push(...(await smallTargets(page, where('the home'))));

    await tap(page, 'menu');
    await page.getByTestId('menu-new').waitFor();
    small.push(...(await smallTargets(page, where('the ☰ menu'), '.topbar, #main-menu')));
    await tap(page, 'menu-new');

    await tap(page, 'home-friend');
    await page.locator('form.setup').waitFor();
    await page.locator('.house-rules summary').tap();
    await page.locator('.start-position summary').tap();
    small.push(...(await smallTargets(page, where('the new-game dialog'), '.dialog')));
    await page.locator('label[data-variant="russian"]').tap();
    await page.getByTestId('friend-clock').selectOption({ index: 1 });
    await tap(page, 'start');
    await page.locator('.play').waitFor();
    await playMoves(page, 'russian', 6);
    await page.getByTestId('clock-pause').waitFor();
    assert.equal(await page.locator('.move-list .move').count(), 6, 'six moves in the list');
    small.push(...(await smallTargets(page, where('a game with six moves'))));

    await tap(page, 'menu');
    await page.getByTestId('menu-continue').waitFor();
    small.push(
      ...(await smallTargets(page, where('the ☰ menu in a game'), '.topbar, #main-menu')),
    );
    await tap(page, 'menu-new');
    await page.getByTestId('home-continue').waitFor();
    small.push(...(await smallTargets(page, where('the home with a game'))));

    await tap(page, 'menu');
    await tap(page, 'menu-editor');
    await page.getByTestId('editor').waitFor();
    small.push(...(await smallTargets(page, where('the position editor'))));

    await tap(page, 'menu');
    await tap(page, 'menu-settings');
    await page.getByTestId('language').waitFor();
    small.push(...(await smallTargets(page, where('the settings'))));

    await page.goto(`${h.url}rules`);
    await page.getByTestId('differences').waitFor();
    small.push(...(await smallTargets(page, where('the rules index'))));
    await page.goto(`${h.url}rules/russian`);
    await page.getByTestId('rules-play').waitFor();
    small.push(...(await smallTargets(page, where('the Russian rules'))));
    const before = errors.length;
    await page.goto(`${h.url}rules/no-such-variant`);
    await page.locator('.rules-missing').waitFor();
    small.push(...(await smallTargets(page, where('the page of an unknown variant'))));
    // the browser reports the page's 404 status itself; nothing else may fail there
    const missing = errors.splice(before);
    assert.deepEqual(
      missing.filter((e) => !/status of 404/.test(e)),
      [],
    );

    await page.goto(`${h.url}?puzzle=english/eng-1fk1lt7`);
    await page.locator('[data-testid="puzzles"][data-puzzle="eng-1fk1lt7"]').waitFor();
    small.push(...(await smallTargets(page, where('the puzzle trainer'))));

    assert.deepEqual(small, [], `controls smaller than ${FINGER}x${FINGER} px`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
