/**
 * Against the computer, a draw offered in an ending an endgame table covers is answered from the
 * table: the one table of the position's material is fetched (served here from English 3-piece
 * tables the engine's builder writes into a temporary folder, as the server serves its cache
 * folder), a table-won ending is declined and a table-lost one accepted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { variantOrThrow } from '@damka/rules';
import { buildEgdb } from '@damka/engine/egdb-node';
import type { Page } from 'playwright-core';
import { fillFen, gameState, openNewGame, useHarness, waitForDrawNote } from './harness.ts';

const h = useHarness();
const dir = mkdtempSync(join(tmpdir(), 'damka-e2e-egdb-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
buildEgdb(variantOrThrow('english'), 3, dir);

/** A page whose `/egdb/` requests are answered from `dir`; `asked` lists the tables requested. */
async function pageWithTables(): Promise<{ page: Page; errors: string[]; asked: string[] }> {
  const { page, errors } = await h.page({ noServiceWorker: true });
  const asked: string[] = [];
  await page.route('**/egdb/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    asked.push(path);
    const file = join(dir, path.replace(/^\/egdb\//, ''));
    if (existsSync(file)) await route.fulfill({ status: 200, body: readFileSync(file) });
    else await route.fulfill({ status: 404, body: '' });
  });
  return { page, errors, asked };
}

/** A game against the computer from `fen` (the player has the side to move), then a draw offer. */
async function offerIn(page: Page, fen: string): Promise<void> {
  await openNewGame(page, 'computer');
  await page.locator('label[data-variant="english"]').click();
  await fillFen(page, fen);
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
  await page.getByTestId('offer-draw').click();
}

test('a draw offer in a table-covered ending: declined when won, accepted when lost', async () => {
  const { page, errors, asked } = await pageWithTables();
  await page.goto(h.url);
  // the computer (Black) has two kings against one: a table win, so it plays on
  await offerIn(page, 'W:WK29:BK1,K2');
  await waitForDrawNote(page, 'The computer declines the draw.');
  assert.equal((await gameState(page)).result, '');
  assert.ok(asked.includes('/egdb/english/w0m1k-b0m2k.egdb'), `tables asked: ${asked.join(', ')}`);
  // one king against two: a table loss for the computer, so it takes the draw
  asked.length = 0;
  await offerIn(page, 'W:WK1,K2:BK32');
  await page.getByTestId('result').waitFor({ timeout: 15_000 });
  assert.equal((await gameState(page)).result, 'agreement');
  assert.ok(asked.includes('/egdb/english/w0m2k-b0m1k.egdb'), `tables asked: ${asked.join(', ')}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});
