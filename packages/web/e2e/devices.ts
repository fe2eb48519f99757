/**
 * The two screens the browser tests of serving, offline use and languages run on: a 390x844 phone
 * with touch, and a 1280x800 desktop. `openOn` opens a fresh browser context (own storage, own
 * service worker) on one of them, recording console errors and uncaught exceptions.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { recordErrors, type Harness } from './harness.ts';

export interface Device {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly touch: boolean;
}

export const DEVICES: readonly [Device, Device] = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'desktop', width: 1280, height: 800, touch: false },
];

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
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  return { context, page, errors: recordErrors(page) };
}
