/**
 * Dialogs and the keyboard, in a real browser: when a dialog opens focus moves into it, Tab and
 * Shift+Tab cycle through its controls without ever reaching the page behind, and when it closes
 * focus returns to the button that opened it — for the new-game dialog, the PDN import dialog
 * (opened over the new-game dialog: only the top one holds focus) and the resign question. On a
 * 360 px phone the import dialog and its list of games fit the screen, long error texts included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGame, useHarness } from './harness.ts';

const h = useHarness();

/** The test id of the focused element, or of its nearest dialog, as seen by the page. */
async function focus(page: Page): Promise<{ id: string; dialog: string; tag: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const box = el?.closest('[role="dialog"], [role="alertdialog"]') as HTMLElement | null;
    return {
      id: el?.getAttribute('data-testid') ?? '',
      dialog: box
        ? (box.getAttribute('data-testid') ?? box.getAttribute('aria-labelledby') ?? '')
        : '',
      tag: el?.tagName ?? '',
    };
  });
}

/** Press `key` `n` times; after each press focus must be inside the dialog `dialog`. */
async function cycle(page: Page, key: string, n: number, dialog: string): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(key);
    const f = await focus(page);
    assert.equal(f.dialog, dialog, `${key} #${i + 1} left the dialog for ${f.tag} ${f.id}`);
    seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
  }
  return seen;
}

test('the new-game and import dialogs keep focus, cycle with Tab, and give it back', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844 });
  await page.goto(h.url);
  await page.getByTestId('home-friend').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('new-game').waitFor();
  assert.equal((await focus(page)).dialog, 'new-game', 'focus moves into the dialog');
  // Tab goes round the dialog's controls and comes back to where it started
  const stops = await page.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="new-game"] *')].filter(
        (e) => (e as HTMLElement).tabIndex >= 0,
      ).length,
  );
  const forward = await cycle(page, 'Tab', stops + 3, 'new-game');
  assert.ok(forward.size >= 3, `Tab reached ${forward.size} controls`);
  const backward = await cycle(page, 'Shift+Tab', stops + 3, 'new-game');
  assert.ok(backward.size >= 3, `Shift+Tab reached ${backward.size} controls`);
  // the import dialog over it: only the import dialog holds focus; closing it returns focus
  const importButton = page.getByTestId('open-import');
  if (!(await importButton.isVisible())) await page.locator('.start-position summary').click();
  await importButton.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('pdn-import').waitFor();
  assert.equal((await focus(page)).dialog, 'pdn-import');
  await cycle(page, 'Tab', 8, 'pdn-import');
  await cycle(page, 'Shift+Tab', 8, 'pdn-import');
  await page.keyboard.press('Escape');
  await page.getByTestId('pdn-import').waitFor({ state: 'detached' });
  assert.equal((await focus(page)).id, 'open-import', 'focus back on the import button');
  assert.ok(await page.getByTestId('new-game').isVisible(), 'Escape closed the top dialog only');
  await page.keyboard.press('Escape');
  await page.getByTestId('new-game').waitFor({ state: 'detached' });
  assert.equal((await focus(page)).id, 'home-friend', 'focus returns to the opener');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the resign question: focus on Yes, Tab cycles Yes and No, Escape gives focus back', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await startGame(page, 'russian');
  await page.getByTestId('resign').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('confirm-resign').waitFor();
  assert.equal((await focus(page)).id, 'confirm-resign', 'Yes has focus');
  await page.keyboard.press('Tab');
  assert.equal((await focus(page)).dialog, 'confirm-resign-title');
  assert.notEqual((await focus(page)).id, 'confirm-resign');
  await page.keyboard.press('Tab');
  assert.equal(
    (await focus(page)).id,
    'confirm-resign',
    'Tab from the last control goes to the first',
  );
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focus(page)).dialog, 'confirm-resign-title');
  assert.notEqual((await focus(page)).id, 'confirm-resign');
  await page.keyboard.press('Shift+Tab');
  assert.equal(
    (await focus(page)).id,
    'confirm-resign',
    'Shift+Tab from the first goes to the last',
  );
  await page.keyboard.press('Escape');
  await page.getByTestId('confirm-resign').waitFor({ state: 'detached' });
  assert.equal((await focus(page)).id, 'resign', 'focus returns to Resign');
  // the game-over dialog after a resignation: focus in it, Escape closes it
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await page.getByTestId('result').waitFor();
  assert.equal((await focus(page)).dialog, 'result');
  await cycle(page, 'Tab', 4, 'result');
  await page.keyboard.press('Escape');
  await page.getByTestId('result').waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the import dialog fits a 360 px phone, with a game list whose error has a long word', async () => {
  const { page, errors } = await h.page({ width: 360, height: 640 });
  await page.goto(h.url);
  await page.getByTestId('home-import').click();
  await page.getByTestId('pdn-import').waitFor();
  // two games, the second with a comment glued to its last move, as real files have
  await page
    .getByTestId('pdn-text')
    .fill(
      '[GameType "21"]\n1. 11-15 23-19 *\n\n[GameType "21"]\n' +
        '1. 11-15 23-19 2. 8-11Redoversteppedthetimecontrolonthismove. *\n',
    );
  await page.getByTestId('pdn-read').click();
  await page.locator('[data-testid="pdn-games"] li.bad').waitFor();
  const overflow = await page.evaluate(() => {
    const dialog = document.querySelector('[data-testid="pdn-import"]')!;
    const box = dialog.getBoundingClientRect();
    const out: string[] = [];
    if (dialog.scrollWidth > dialog.clientWidth) {
      out.push(`dialog scrolls sideways: ${dialog.scrollWidth} > ${dialog.clientWidth}`);
    }
    for (const el of dialog.querySelectorAll('label, textarea, input, li, li > *')) {
      const r = el.getBoundingClientRect();
      const parent = (el.tagName === 'LI' ? dialog : el.parentElement!).getBoundingClientRect();
      const limit = Math.min(box.right, parent.right);
      if (r.right > limit + 0.5) {
        out.push(`${el.tagName}.${el.className} ends at ${r.right}, past ${limit}`);
      }
    }
    return out;
  });
  assert.deepEqual(overflow, []);
  assert.deepEqual(errors, []);
  await page.context().close();
});
