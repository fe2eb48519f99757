/**
 * The rules pages in a real browser: Rules opens from the ☰ menu, every variant's page renders its
 * generated text with a start-position board and a worked-capture board (its legal landing squares
 * marked), the table of differences has one column per variant, deep links and the setup screen's
 * link reach a variant's page, Frisian's page states its limit on one king's quiet moves, a Hebrew page runs right to left around left-to-right boards — and
 * no console errors anywhere. Screenshots go to the test artifacts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VARIANTS, houseRuleConflicts, houseRulesFor } from '@damka/rules';
import { en } from '../src/i18n/en.ts';
import { PARAMETERS, piecesPerSide } from '../src/rules-pages/describe.ts';
import { SCREENSHOTS, useHarness } from './harness.ts';

const h = useHarness();

test('Rules from the menu: the index, the differences table and every variant page', async () => {
  const { page, errors } = await h.page();
  await page.goto(h.url);
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-rules').click();
  const table = page.getByTestId('differences');
  await table.waitFor();
  assert.equal(new URL(page.url()).pathname, '/rules');
  assert.equal(await table.locator('thead th[data-variant]').count(), VARIANTS.length);
  assert.ok((await table.locator('tbody tr').count()) >= 15, 'a row per rule parameter');
  assert.ok((await table.locator('td.differs').count()) > 0, 'differences are highlighted');
  // the rule column stays in view when the table scrolls sideways
  assert.equal(
    await table
      .locator('tbody th')
      .first()
      .evaluate((el) => getComputedStyle(el).position),
    'sticky',
  );
  await page.screenshot({ path: `${SCREENSHOTS}rules-index.png`, fullPage: true });

  for (const r of VARIANTS) {
    await page.locator(`.rules-variants li[data-variant="${r.id}"] a`).click();
    const article = page.locator(`article.rules-page[data-variant="${r.id}"]`);
    await article.waitFor();
    assert.equal(new URL(page.url()).pathname, `/rules/${r.id}`);
    // the start position with every piece of the variant's start, square names drawn
    const start = article.locator('[data-diagram="start"] .damka-board');
    await start.locator('.piece').first().waitFor();
    assert.equal(
      await start.locator('.piece').count(),
      2 * piecesPerSide(r.startFen),
      `${r.id}: start pieces`,
    );
    assert.ok((await start.locator('.label').count()) > 0, `${r.id}: square names`);
    // a worked capture whose legal landing squares are marked
    const choice = article.locator('[data-diagram="choice"]');
    assert.ok((await choice.locator('.damka-board .target').count()) >= 1, `${r.id}: captures`);
    assert.match((await choice.locator('figcaption').textContent()) ?? '', /\(takes [12]\)/);
    assert.equal(
      await article.locator('.fact').count(),
      PARAMETERS.length,
      `${r.id}: every parameter`,
    );
    // a limit on one king's quiet moves is stated where the record has one (Frisian, Frysk!)
    const limit = r.kingMoveLimit
      ? en.rp_kingMoveLimit.replace('{n}', String(r.kingMoveLimit))
      : en.rp_none;
    assert.equal(
      (await article.locator('[data-fact="kingMoveLimit"] dd').textContent())?.trim(),
      limit,
      `${r.id}: king-move limit`,
    );
    // every house rule that applies to the variant (the rules package's table says which)
    assert.equal(
      await article.locator('.rules-options li').count(),
      houseRulesFor(r).length,
      `${r.id}: options`,
    );
    // each switch names the switches it cannot hold together with on this variant, and only those
    const here = houseRulesFor(r);
    for (const o of here) {
      const clash = houseRuleConflicts(o).filter((n) => here.includes(n));
      const note = article.locator(`.rules-options li[data-option="${o}"] .option-conflicts`);
      assert.equal(await note.count(), clash.length > 0 ? 1 : 0, `${r.id} ${o}: conflict note`);
      for (const n of clash) {
        assert.ok(
          ((await note.textContent()) ?? '').includes(en[`option_${n}`]),
          `${r.id} ${o}: names ${n}`,
        );
      }
    }
    await page.screenshot({ path: `${SCREENSHOTS}rules-${r.id}.png`, fullPage: true });
    await page.getByTestId('rules-index').click();
    await table.waitFor();
  }
  // the back button returns to the previous page
  await page.locator('.rules-variants li[data-variant="italian"] a').click();
  await page.locator('article[data-variant="italian"]').waitFor();
  await page.goBack();
  await table.waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a deep link, the play button and the setup screen link', async () => {
  const { page, errors } = await h.page();
  await page.goto(`${h.url}rules/russian`);
  const russian = page.locator('article[data-variant="russian"]');
  await russian.waitFor();
  assert.match(
    (await russian.locator('[data-fact="precedence"] dd').textContent()) ?? '',
    /Free choice/,
  );
  // the choice diagram lists both captures under free choice
  assert.match(
    (await russian.locator('[data-diagram="choice"] figcaption').textContent()) ?? '',
    /takes 1.*takes 2|takes 2.*takes 1/,
  );
  // "play this variant" opens the new-game screen with the variant chosen
  await page.getByTestId('rules-play').click();
  await page.locator('label[data-variant="russian"].chosen').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  await page.locator('label[data-variant="italian"]').click();
  await page.getByTestId('variant-rules').click();
  await page.locator('article[data-variant="italian"]').waitFor();
  assert.equal(new URL(page.url()).pathname, '/rules/italian');
  const missing = await page.goto(`${h.url}rules/no-such-variant`);
  assert.equal(missing?.status(), 404);
  await page.locator('.rules-index [role="alert"]').waitFor();
  // the browser reports the 404 status itself; nothing else may fail
  assert.deepEqual(
    errors.filter((e) => !/status of 404/.test(e)),
    [],
  );
  await page.context().close();
});

test('he: a rules page runs right to left, its boards left to right', async () => {
  const { page, errors } = await h.page({ locale: 'he' });
  await page.goto(`${h.url}rules/international`);
  const article = page.locator('article[data-variant="international"]');
  await article.waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(
    await article.evaluate((el) => getComputedStyle(el).direction),
    'rtl',
    'the page text',
  );
  const board = article.locator('[data-diagram="start"] .damka-board');
  await board.waitFor();
  assert.equal(await board.evaluate((el) => getComputedStyle(el).direction), 'ltr');
  // the heading is the Hebrew name, and the text column sits left of the board
  assert.equal(await article.locator('h2').textContent(), 'בינלאומית');
  const boardBox = await board.boundingBox();
  const textBox = await article.locator('.rules-text').boundingBox();
  assert.ok(boardBox && textBox && textBox.x < boardBox.x, 'the layout is mirrored');
  await page.screenshot({ path: `${SCREENSHOTS}rules-he.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('fr: a language outside the first page loads on demand', async () => {
  const { page, errors } = await h.page({ locale: 'fr-FR' });
  await page.goto(`${h.url}rules`);
  await page.locator('.rules-index h2', { hasText: 'Les règles de chaque variante' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(
    await page.locator('.rules-variants li[data-variant="russian"] .variant-name').textContent(),
    'Russes',
  );
  // switching to Turkish from the menu loads that catalogue too
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-language').selectOption('tr');
  await page.locator('.rules-index h2', { hasText: 'Her türün kuralları' }).waitFor();
  assert.deepEqual(errors, []);
  await page.context().close();
});
