/**
 * Real PDN files in the browser's import dialog, read from `../shared/pdn-real` as a user would
 * pick them: Marion Tinsley's 724 English games (no GameType tag, `x` written for plain steps,
 * results with Black's score first) and a Latin-1 file of International games (names with é and ç
 * as single bytes). Both list every game; the good ones open and replay; nothing is garbled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { REPO_ROOT, SCREENSHOTS, useHarness } from './harness.ts';

const REAL = `${REPO_ROOT}../shared/pdn-real/`;

const h = useHarness();

async function importFile(page: Page, path: string): Promise<void> {
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('pdn-import').waitFor();
  await page.getByTestId('pdn-file').setInputFiles({
    name: path.split('/').pop()!,
    mimeType: 'application/x-pdn',
    buffer: await readFile(`${REAL}${path}`),
  });
}

test("Tinsley's games: all 724 listed, 721 open, results read with Black's score first", async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await importFile(page, 'raven-checkers/tinsley.pdn');
  const items = page.locator('[data-testid="pdn-games"] li');
  await items.first().waitFor();
  assert.equal(await items.count(), 724);
  assert.equal(await page.locator('[data-testid="pdn-games"] li.ok').count(), 721);
  // game 3: Black E Fuller, White MF Tinsley, "1-0": Black won
  assert.match((await items.nth(2).textContent()) ?? '', /MF Tinsley – E Fuller.*Black wins/);
  // game 541: the record's own mistake, named with its place
  assert.match((await items.nth(540).textContent()) ?? '', /line 5588, column 5: 62\. 32-28/);
  await page.screenshot({ path: `${SCREENSHOTS}pdn-real-tinsley.png` });
  // game 1 opens as English; its 4. 10x14 is the step 10-14
  await items.nth(0).getByTestId('pdn-open').click();
  await page.locator('.play').waitFor();
  const moves = await page.locator('[data-testid="moves"] button.move').allTextContents();
  assert.equal(moves.length, 56);
  assert.deepEqual(moves.slice(0, 8), [
    '11-15',
    '23-18',
    '8-11',
    '27-23',
    '4-8',
    '23-19',
    '10-14',
    '19x10',
  ]);
  assert.match((await page.locator('.variant-line').textContent()) ?? '', /English/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a Latin-1 file: names with accents read right, never a U+FFFD', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844 });
  await page.goto(h.url);
  await importFile(page, 'games-checkers/internt/Cannes_Open_Tournament_2002.pdn');
  const items = page.locator('[data-testid="pdn-games"] li');
  await items.first().waitFor();
  assert.equal(await items.count(), 50);
  assert.equal(await page.locator('[data-testid="pdn-games"] li.ok').count(), 50);
  const listed = (await items.allTextContents()).join('\n');
  assert.match(listed, /Berçot – Kouamé/);
  assert.ok(!listed.includes('\ufffd'));
  const text = await page.getByTestId('pdn-text').inputValue();
  assert.ok(text.includes('[White "Berçot"]') && !text.includes('\ufffd'));
  await page.screenshot({ path: `${SCREENSHOTS}pdn-real-latin1.png` });
  assert.deepEqual(errors, []);
  await page.context().close();
});
