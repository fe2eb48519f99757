/**
 * The table of differences keeps its header row in view: on a 390x844 touch phone and at 1280x800
 * the table scrolls inside a box no taller than the screen, and after scrolling it down (and
 * sideways) the header row still sits at the box's top, above the rows that went by.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useHarness } from './harness.ts';
import { DEVICES, openOn } from './devices.ts';

const h = useHarness();

for (const vp of DEVICES) {
  test(`${vp.name}: the header row stays in view while the table scrolls`, async () => {
    const { context, page, errors } = await openOn(h, vp);
    await page.goto(`${h.url}rules`);
    const box = page.locator('.rules-differences .table-scroll');
    await box.waitFor();
    const scroller = await box.boundingBox();
    assert.ok(scroller && scroller.height <= vp.height, 'the box fits the screen');
    await box.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await box.evaluate((el) => {
      el.scrollTop = 600;
      el.scrollLeft = 300;
    });
    assert.ok((await box.evaluate((el) => el.scrollTop)) > 100, 'the table scrolled down');
    const top = (await box.boundingBox())!.y;
    const header = await page
      .locator('table.differences thead th[data-variant]')
      .nth(2)
      .boundingBox();
    const corner = await page.locator('table.differences thead th').first().boundingBox();
    const firstRow = await page.locator('table.differences tbody tr').first().boundingBox();
    assert.ok(header && Math.abs(header.y - top) <= 2, `header at ${header?.y}, box at ${top}`);
    assert.ok(corner && Math.abs(corner.y - top) <= 2, 'the corner cell too');
    assert.ok(firstRow && firstRow.y < top, 'the first rows went by under it');
    // what is drawn at the header's place is the header, not a row scrolled under it
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('thead') !== null,
      [header.x + header.width / 2, header.y + header.height / 2],
    );
    assert.ok(onTop, 'the header is drawn above the rows');
    await page.screenshot({ path: `${SCREENSHOTS}rules-table-${vp.name}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
