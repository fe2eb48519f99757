/**
 * The two screens the browser tests of serving, offline use and languages run on: a 390x844 phone
 * with touch, and a 1280x800 desktop; the small phone held upright and sideways that the phone
 * tests use, and the smallest phone the app is laid out for (568x320) held sideways; every one of
 * these phones held both ways (`PHONE_VIEWPORTS`, for checks that must hold on any phone). `openOn`
 * opens a fresh browser context (own storage, own service worker) on one of them, recording
 * console errors and uncaught exceptions; `tapSquare` presses a square with a finger (touch
 * events), as a player on a phone does.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { recordErrors, type Harness } from './harness.ts';

export interface Device {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly touch: boolean;
  /** Device pixels per CSS pixel (1 when absent). */
  readonly scale?: number;
}

export const DEVICES: readonly [Device, Device] = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'desktop', width: 1280, height: 800, touch: false },
];

/** A small phone (3x pixels) held upright and sideways. */
export const PHONES: readonly [Device, Device] = [
  { name: 'phone upright', width: 360, height: 740, touch: true, scale: 3 },
  { name: 'phone sideways', width: 740, height: 360, touch: true, scale: 3 },
];

/** The smallest phone the app is laid out for, an old 4-inch one (2x pixels), held sideways. */
export const SMALL_SIDEWAYS: Device = {
  name: 'small phone sideways',
  width: 568,
  height: 320,
  touch: true,
  scale: 2,
};

/** Every phone above, upright and sideways: 390x844, 360x740 and 320x568 each way. */
export const PHONE_VIEWPORTS: readonly Device[] = [DEVICES[0], PHONES[0], SMALL_SIDEWAYS].flatMap(
  (d) =>
    [d, { ...d, width: d.height, height: d.width }].map((v) => ({
      ...v,
      name: `${v.width}x${v.height} ${v.width < v.height ? 'upright' : 'sideways'}`,
    })),
);

export async function openOn(
  h: Harness,
  device: Device,
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({
    locale,
    viewport: { width: device.width, height: device.height },
    hasTouch: device.touch,
    isMobile: device.touch,
    ...(device.scale ? { deviceScaleFactor: device.scale } : {}),
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  return { context, page, errors: recordErrors(page) };
}

/**
 * Tap the centre of square `sq` of the board on show with a finger, after scrolling it into view
 * and checking that the board itself lies under that point (a bar or dialog over it would take
 * the tap). Found, scrolled and measured in one step: the board redraws its SVG on changes.
 */
export async function tapSquare(page: Page, sq: number): Promise<void> {
  await page.locator(`.damka-board [data-square="${sq}"].sq`).first().waitFor();
  const at = await page.evaluate((s) => {
    const el = document.querySelector(`.damka-board [data-square="${s}"].sq`);
    if (!el) return null;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const covering = hit?.closest('.damka-board')
      ? ''
      : hit
        ? `${hit.tagName.toLowerCase()}.${hit.getAttribute('class') ?? ''}`
        : 'nothing';
    return { x, y, covering };
  }, sq);
  if (!at) throw new Error(`square ${sq} is not on the board`);
  if (at.covering)
    throw new Error(`square ${sq} at (${at.x}, ${at.y}) is covered by ${at.covering}`);
  await page.touchscreen.tap(at.x, at.y);
}
