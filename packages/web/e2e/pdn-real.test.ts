/**
 * Real PDN files in the browser's import dialog, read from `../shared/pdn-real` as a user would
 * pick them: Marion Tinsley's 724 English games (no GameType tag, `x` written for plain steps,
 * results with Black's score first) and a Latin-1 file of International games (names with é and ç
 * as single bytes). Both list every game; the good ones open and replay; nothing is garbled. The
 * page stays live while a big file is read (the reading runs in a worker), and a read can be stopped;
 * a file of 1,700 games is listed a thousand at a time, with a find box, and without putting its
 * megabytes of text into the paste box. The Latin-1 file saved as UTF-16 without its byte-order
 * mark reads the same, and the dialog says (here in Hebrew, on a phone) it guessed the encoding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { REPO_ROOT, SCREENSHOTS, useHarness } from './harness.ts';

const REAL = `${REPO_ROOT}../shared/pdn-real/`;

const h = useHarness();

/**
 * Starts counting, in the page, the longest time between two ticks of a 20 ms timer while the
 * dialog says it is reading: a page whose thread is busy replaying games shows it as one long gap.
 * (Drawing the finished list of 724 games is a pause of its own, after the reading, not counted.)
 */
async function watchTicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { longestGap: number };
    w.longestGap = 0;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (document.querySelector('[data-testid="pdn-reading"]')) {
        w.longestGap = Math.max(w.longestGap, now - last);
      }
      last = now;
    }, 20);
  });
}

const longestGap = (page: Page) =>
  page.evaluate(() => (window as unknown as { longestGap: number }).longestGap);

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
  await watchTicks(page);
  await importFile(page, 'raven-checkers/tinsley.pdn');
  // the page says it is reading, and answers meanwhile: the replay runs in a worker
  await page.getByTestId('pdn-reading').waitFor();
  const items = page.locator('[data-testid="pdn-games"] li');
  await items.first().waitFor();
  const gap = await longestGap(page);
  console.log(`# longest pause of the page while 724 games were read: ${Math.round(gap)} ms`);
  assert.ok(gap < 1000, `the page froze for ${Math.round(gap)} ms`);
  assert.equal(await page.getByTestId('pdn-reading').count(), 0);
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

test('the Latin-1 file saved as UTF-16 without a byte-order mark: read right, and the guess said (Hebrew, a phone)', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844, locale: 'he' });
  await page.goto(h.url);
  await page.waitForFunction(() => document.documentElement.dataset['catalogue'] === 'he');
  // as a Windows tool writes "Unicode" without its mark: every character two bytes, low first
  const latin1 = await readFile(`${REAL}games-checkers/internt/Cannes_Open_Tournament_2002.pdn`);
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('pdn-import').waitFor();
  await page.getByTestId('pdn-file').setInputFiles({
    name: 'cannes-utf16.pdn',
    mimeType: 'application/x-pdn',
    buffer: Buffer.from(latin1.toString('latin1'), 'utf16le'),
  });
  const items = page.locator('[data-testid="pdn-games"] li');
  await items.first().waitFor();
  assert.equal(await items.count(), 50);
  assert.equal(await page.locator('[data-testid="pdn-games"] li.ok').count(), 50);
  assert.match((await items.allTextContents()).join('\n'), /Berçot – Kouamé/);
  const notice = page.getByTestId('pdn-encoding');
  assert.match((await notice.textContent()) ?? '', /UTF-16 בלי סימן סדר בתים/);
  const box = (await notice.boundingBox())!;
  assert.ok(
    box.x >= 0 && box.x + box.width <= 390,
    `the notice runs off the phone: ${box.x}+${box.width}`,
  );
  // the same games from the original bytes: no word about the encoding
  await page.getByTestId('pdn-file').setInputFiles({
    name: 'cannes.pdn',
    mimeType: 'application/x-pdn',
    buffer: latin1,
  });
  await page.getByTestId('pdn-encoding').waitFor({ state: 'detached' });
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="pdn-reading"]') &&
      document.querySelectorAll('[data-testid="pdn-games"] li.ok').length === 50,
  );
  assert.equal(await page.getByTestId('pdn-encoding').count(), 0);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a big file being read can be stopped, and the dialog then reads another', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844 });
  await page.goto(h.url);
  await importFile(page, 'raven-checkers/tinsley.pdn');
  await page.getByTestId('pdn-reading').waitFor();
  assert.ok(await page.getByTestId('pdn-read').isDisabled());
  await page.getByTestId('pdn-stop').click();
  await page.getByTestId('pdn-reading').waitFor({ state: 'detached' });
  // no listing arrives later from the stopped read
  await page.waitForTimeout(500);
  assert.equal(await page.locator('[data-testid="pdn-games"]').count(), 0);
  await page.getByTestId('pdn-text').fill('[GameType "21"]\n\n1. 9-13 22-18 *');
  await page.getByTestId('pdn-read').click();
  await page.locator('.play').waitFor();
  assert.match((await page.locator('.variant-line').textContent()) ?? '', /English/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a file of 1,700 games is listed a thousand at a time, found by player, without pausing the page', async () => {
  const { page, errors } = await h.page({ width: 390, height: 844 });
  await page.goto(h.url);
  // every International file of the collection, one after the other: about 1.6 MB
  const manifest = await readFile(`${REAL}manifest.tsv`, 'utf8');
  const files = manifest
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([file, gameType]) => file && !file.startsWith('#') && gameType === '20');
  const parts: Buffer[] = [];
  for (const [file] of files) parts.push(await readFile(`${REAL}${file}`), Buffer.from('\n\n'));
  const buffer = Buffer.concat(parts);
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('pdn-import').waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { longestPause: number };
    w.longestPause = 0;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      w.longestPause = Math.max(w.longestPause, now - last);
      last = now;
    }, 20);
  });
  await page.getByTestId('pdn-file').setInputFiles({
    name: 'international.pdn',
    mimeType: 'application/x-pdn',
    buffer,
  });
  const items = page.locator('[data-testid="pdn-games"] li');
  await items.first().waitFor({ timeout: 120_000 });
  // a thousand at first, the rest on request
  assert.equal(await items.count(), 1000);
  await page.getByTestId('pdn-more').click();
  const total = await items.count();
  assert.ok(total > 1600, `${total} games listed`);
  assert.equal(await page.getByTestId('pdn-more').count(), 0);
  // the find box narrows the list to one player's games, each keeping its number in the file
  const player = ((await items.nth(1500).locator('.pdn-players').textContent()) ?? '')
    .split(' – ')[0]!
    .trim();
  await page.getByTestId('pdn-find').fill(player.toUpperCase());
  const found = await items.count();
  assert.ok(found > 0 && found < total, `${found} games of ${player}`);
  for (const text of await items.locator('.pdn-players').allTextContents()) {
    assert.ok(text.toLowerCase().includes(player.toLowerCase()), text);
  }
  assert.ok(Number(await items.last().getAttribute('value')) > found);
  await page.getByTestId('pdn-find').fill('no such player anywhere');
  await page.getByTestId('pdn-no-match').waitFor();
  assert.equal(await items.count(), 0);
  // megabytes of text are not put into the paste box, whose layout alone stalls the page
  assert.equal(await page.getByTestId('pdn-text').inputValue(), '');
  const pause = await page.evaluate(
    () => (window as unknown as { longestPause: number }).longestPause,
  );
  console.log(`# longest pause of the page for ${buffer.length} bytes: ${Math.round(pause)} ms`);
  assert.deepEqual(errors, []);
  await page.context().close();
});
