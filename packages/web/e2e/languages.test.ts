/**
 * Every screen in another language, on a 390x844 touch phone and a 1280x800 desktop: in Hebrew
 * and in Russian the home page, the new-game dialog with its house rules, settings, the rules index and a variant page (the Israeli 6x6
 * queen's move included), a same-screen game with its spoken announcement after a move, a game
 * against the computer with a hint and the analysis, and the position editor show no English word.
 * "No English" is checked on what a reader meets: the visible text, aria labels, titles and the
 * board's live announcements, searched for Latin words; the only ones allowed are the language
 * picker's own names, the file formats (FEN, PDN) and key caps (Enter, Escape). The rules pages' list of
 * sources is left out: it cites rulebooks by their titles, which are names in their own language.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { LOCALE_NAMES } from '../src/i18n/index.ts';
import { DEVICES, openOn } from './devices.ts';
import {
  SCREENSHOTS,
  clickSquare,
  openNewGame,
  squareIn,
  startGame,
  useHarness,
} from './harness.ts';

const h = useHarness();

const ALLOWED = new Set([
  ...Object.values(LOCALE_NAMES).flatMap((name) => name.split(/\s+/)),
  'FEN',
  'PDN',
  // key caps, labelled so on keyboards of every language
  'Enter',
  'Escape',
  'Esc',
  'Damka',
]);

/** The Latin words a reader meets on the page now (text, labels, titles, announcements). */
async function latinWords(page: Page): Promise<string[]> {
  const text = await page.evaluate(`(() => {
    const sources = document.querySelector('.rules-sources');
    const parts = [document.title, document.body.innerText.replace(sources ? sources.innerText : '\u0000', '')];
    for (const el of document.querySelectorAll('[aria-label], [title]')) {
      parts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
    }
    for (const el of document.querySelectorAll('[aria-live]')) parts.push(el.textContent || '');
    return parts.join('\\n');
  })()`);
  const words = String(text).match(/\p{Script=Latin}{3,}/gu) ?? [];
  return [...new Set(words)].filter((w) => !ALLOWED.has(w));
}

async function noEnglish(page: Page, where: string): Promise<void> {
  assert.deepEqual(await latinWords(page), [], `English words on ${where}`);
}

for (const locale of ['he', 'ru'] as const) {
  for (const vp of DEVICES) {
    test(`${locale}, ${vp.name} ${vp.width}x${vp.height}: every screen without English`, async () => {
      const { context, page, errors } = await openOn(h, vp, locale);
      const shot = (name: string) =>
        page.screenshot({ path: `${SCREENSHOTS}lang-${locale}-${vp.name}-${name}.png` });

      await page.goto(h.url);
      await page.getByTestId('menu').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), locale);
      // the page shows English until the language's catalogue (a separate file) has arrived
      await page.waitForFunction(
        (l) => document.documentElement.dataset['catalogue'] === l,
        locale,
      );
      await noEnglish(page, 'the home page');

      await page.getByTestId('menu').click();
      await page.getByTestId('menu-settings').click();
      await page.getByTestId('language').waitFor();
      await noEnglish(page, 'the settings');

      await page.goto(`${h.url}rules`);
      await page.getByTestId('differences').waitFor();
      await noEnglish(page, 'the rules index');
      await page.goto(`${h.url}rules/israeli-6x6`);
      const queen = page.locator('article[data-variant="israeli-6x6"] [data-fact="queen"] dd');
      await queen.waitFor();
      assert.ok(((await queen.textContent()) ?? '').length > 20, 'the queen’s move is told');
      await noEnglish(page, 'the Israeli 6x6 rules page');
      await shot('rules');

      // the new-game dialog for a computer game, its house rules unfolded
      await page.goto(h.url);
      await openNewGame(page, 'computer');
      await page.locator('.house-rules summary').click();
      await noEnglish(page, 'the new-game dialog');
      await shot('new-game');
      await page.keyboard.press('Escape');
      await page.getByTestId('new-game').waitFor({ state: 'detached' });

      // a same-screen game: a move by touch or click, then the board's announcement
      await startGame(page, 'international');
      await clickSquare(page, squareIn('international', '32'));
      await clickSquare(page, squareIn('international', '28'));
      await page.waitForFunction(
        () => Number(document.querySelector('.play')?.getAttribute('data-ply')) === 1,
      );
      const live = page.locator('.damka-board [aria-live]');
      await page.waitForFunction(
        () => (document.querySelector('.damka-board [aria-live]')?.textContent ?? '').length > 3,
      );
      assert.match((await live.textContent()) ?? '', /32.*28/, 'the move is announced');
      await noEnglish(page, 'the game screen');
      await shot('game');

      // against the computer: a hint and the analysis panel
      await startGame(page, 'russian', { computer: true });
      await page.getByTestId('hint').click();
      await page.getByTestId('hint-text').waitFor();
      await page.getByTestId('analyse').click();
      await page.waitForTimeout(300);
      await noEnglish(page, 'the computer game with hint and analysis');
      await shot('computer');

      // the position editor, from the home
      await page.getByTestId('menu').click();
      await page.getByTestId('menu-new').click();
      await page.getByTestId('home-editor').click();
      await page.locator('.editor').waitFor();
      await noEnglish(page, 'the position editor');

      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
