/**
 * Browser-test harness: builds the app once, serves `dist` on a free loopback port with the same
 * server `npm start` uses, and drives Chromium through playwright-core: the system's when it has
 * one, else the one an npm dev dependency carries (found by scripts/test-services.mjs; never a
 * downloaded browser). A browser that cannot start fails at once with the reason, and a launch has
 * a time limit, so a broken browser never leaves the test process waiting. Every page records
 * console errors and uncaught exceptions so tests can assert none. A test file calls `useHarness()`
 * once at its top: the harness starts before its first test and closes after its last.
 */
import { spawnSync } from 'node:child_process';
import { after, before } from 'node:test';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { variantOrThrow } from '@damka/rules';

export const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const SCREENSHOTS = `${REPO_ROOT}artifacts/screenshots/`;

/** How long a browser may take to start before the test fails (DAMKA_TEST_LAUNCH_TIMEOUT_MS). */
const launchTimeoutMs = () => Number(process.env.DAMKA_TEST_LAUNCH_TIMEOUT_MS) || 30_000;
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

let built = false;

/** Build the app (once per process) unless DAMKA_E2E_NO_BUILD is set and a build exists. */
export function buildOnce(): void {
  if (built) return;
  const reuse = process.env.DAMKA_E2E_NO_BUILD === '1' && existsSync(`${WEB_ROOT}dist/index.html`);
  if (!reuse) {
    const r = spawnSync(
      process.execPath,
      [`${REPO_ROOT}node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'warn'],
      {
        cwd: WEB_ROOT,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('vite build failed');
  }
  built = true;
}

export interface Harness {
  readonly browser: Browser;
  /** Where the browser came from: the system, CHROMIUM_PATH or an npm package. */
  readonly browserSource: string;
  readonly server: Server;
  readonly url: string;
  /** A fresh page (own storage) that records console errors into `errors`. */
  page(options?: {
    locale?: string;
    width?: number;
    height?: number;
    /** Let moves animate (pages otherwise ask for reduced motion, for steady clicks). */
    motion?: boolean;
    /** No service worker: every request then reaches `page.route` (a worker's own do not). */
    noServiceWorker?: boolean;
  }): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

interface FoundBrowser {
  executablePath: string;
  env: Record<string, string>;
  from: string;
}

/** Start the browser, or fail at once (or after the launch time limit) saying which one and why. */
async function launchBrowser(): Promise<{ browser: Browser; from: string }> {
  const services = (await import(pathToFileURL(`${REPO_ROOT}scripts/test-services.mjs`).href)) as {
    findChromium: () => FoundBrowser;
  };
  const found = services.findChromium(); // throws with the reason when there is no usable browser
  const before = new Set(groupLeaderChildren());
  try {
    const browser = await chromium.launch({
      executablePath: found.executablePath,
      args: ARGS,
      env: { ...process.env, ...found.env },
      timeout: launchTimeoutMs(),
    });
    return { browser, from: found.from };
  } catch (e) {
    for (const pid of groupLeaderChildren().filter((p) => !before.has(p))) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    const reason = String((e as Error).message).split('\n')[0];
    throw new Error(
      `the browser ${found.executablePath} (${found.from}) did not start: ${reason}`,
      {
        cause: e,
      },
    );
  }
}

/**
 * This process's children that lead their own process group, as playwright starts a browser: after
 * a launch timeout it waits for a browser that never answers to close by itself, which would keep
 * the test process alive, so a failed launch kills the ones that were not there before it.
 */
function groupLeaderChildren(): number[] {
  if (process.platform !== 'linux') return [];
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === process.pid && Number(pgrp) === Number(entry)) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export async function startHarness(): Promise<Harness> {
  buildOnce();
  const { browser, from: browserSource } = await launchBrowser();
  const { createServer } = (await import(`${WEB_ROOT}serve.mjs`)) as { createServer: () => Server };
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
  } catch (e) {
    await browser.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    browser,
    browserSource,
    server,
    url,
    async page(options = {}) {
      const context = await browser.newContext({
        locale: options.locale ?? 'en-US',
        viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
        reducedMotion: options.motion ? 'no-preference' : 'reduce',
        ...(options.noServiceWorker ? { serviceWorkers: 'block' as const } : {}),
      });
      const page = await context.newPage();
      return { page, errors: recordErrors(page) };
    },
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Each recorded page's errors, for the messages of helpers that are handed only the page. */
const recorded = new WeakMap<Page, string[]>();

/** The console errors and uncaught exceptions of `page`, collected from now on. */
export function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  recorded.set(page, errors);
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/**
 * The harness of a test file: started in a `before` hook and closed in an `after` hook of the file,
 * read through the returned object once the tests run (using it earlier is a test error).
 */
export function useHarness(): Harness {
  let h: Harness | undefined;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });
  const get = (): Harness => {
    if (!h) throw new Error('the browser harness is used before it started');
    return h;
  };
  return {
    get browser() {
      return get().browser;
    },
    get browserSource() {
      return get().browserSource;
    },
    get server() {
      return get().server;
    },
    get url() {
      return get().url;
    },
    page: (options) => get().page(options),
    close: () => get().close(),
  };
}

/** International draughts, the variant most browser tests play. */
export const INTERNATIONAL = variantOrThrow('international');

/** The International square named `name` (a test error when there is none). */
export const intSquare = (name: string): number => squareIn('international', name);

/** The square of `variantId` named `name` in its own notation (a test error when there is none). */
export function squareIn(variantId: string, name: string): number {
  const s = variantOrThrow(variantId).squares.parse(name);
  if (s < 0) throw new Error(`${variantId} has no square ${name}`);
  return s;
}

/** Click the centre of square `sq` on the board (works for squares, cells and points alike). */
export async function clickSquare(page: Page, sq: number): Promise<void> {
  // a square scrolled out of the window (after a click on a button below the board) comes back
  // into view first: a mouse click outside the window reaches nothing
  // (in one step in the page: the board redraws its SVG, so a square found earlier may be gone)
  await page.locator(`.damka-board [data-square="${sq}"].sq`).waitFor({ state: 'attached' });
  await page.evaluate((s) => {
    const el = document.querySelector(`.damka-board [data-square="${s}"].sq`);
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, sq);
  const box = await squareBox(page, sq);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // the click must reach the board: a bar or dialog over the square would take it instead
  const covering = await page.evaluate(
    ([px, py]) => {
      const hit = document.elementFromPoint(px!, py!);
      if (hit?.closest('.damka-board')) return null;
      return hit ? `${hit.tagName.toLowerCase()}.${hit.getAttribute('class') ?? ''}` : 'nothing';
    },
    [x, y],
  );
  if (covering) throw new Error(`square ${sq} at (${x}, ${y}) is covered by ${covering}`);
  await page.mouse.click(x, y);
}

/** The on-screen box of a square (waiting for it: the board redraws its SVG on changes). */
export async function squareBox(
  page: Page,
  sq: number,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const locator = page.locator(`.damka-board [data-square="${sq}"].sq`);
  for (let attempt = 0; attempt < 20; attempt++) {
    await locator.waitFor({ state: 'attached', timeout: 5000 });
    const box = await locator.boundingBox();
    if (box) return box;
    await page.waitForTimeout(25);
  }
  throw new Error(`square ${sq} is not on screen`);
}

/** Drag from the centre of one square to the centre of another. */
export async function dragSquare(page: Page, from: number, to: number): Promise<void> {
  const a = await squareBox(page, from);
  const b = await squareBox(page, to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2 + a.width / 2, (a.y + b.y) / 2 + a.height / 2, {
    steps: 4,
  });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up();
}

/**
 * Wait until the app has rendered its top bar. When it has not within `ms`, fail with what the
 * page shows instead (its address, load state, the start of its body and its recorded errors), so
 * that a page that never mounts says why rather than timing out on the first click.
 */
export async function appMounted(page: Page, ms = 30_000): Promise<void> {
  try {
    await page.getByTestId('menu').waitFor({ timeout: ms });
  } catch (e) {
    const seen = await page
      .evaluate(() => ({
        readyState: document.readyState,
        body: document.body?.innerHTML.slice(0, 400) ?? '(no body)',
        scripts: [...document.scripts].map((s) => s.src || '(inline)'),
      }))
      .catch((err: unknown) => ({ unreadable: String(err) }));
    const errors = recorded.get(page) ?? [];
    throw new Error(
      `the app did not render its menu within ${ms} ms at ${page.url()}: ` +
        `${JSON.stringify(seen)}; page errors: ${JSON.stringify(errors)}`,
      { cause: e },
    );
  }
}

/** From any screen: the ☰ menu's "New game" (the home), then one of its three ways to play. */
export async function openNewGame(
  page: Page,
  kind: 'computer' | 'friend' | 'online' = 'friend',
): Promise<void> {
  await appMounted(page);
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-new').click();
  await page.getByTestId(`home-${kind}`).click();
  await page.getByTestId('new-game').waitFor();
}

/** Fill the new-game dialog's start position (unfolding it first). */
export async function fillFen(page: Page, fen: string): Promise<void> {
  const field = page.locator('.start-position .fen input');
  if (!(await field.isVisible())) await page.locator('.start-position summary').click();
  await field.fill(fen);
}

/** Open the new-game dialog, pick a variant and opponent, optionally a FEN, and start. */
export async function startGame(
  page: Page,
  variant: string,
  opts: { fen?: string; computer?: boolean } = {},
): Promise<void> {
  await openNewGame(page, opts.computer ? 'computer' : 'friend');
  await page.locator(`label[data-variant="${variant}"]`).click();
  if (opts.fen) await fillFen(page, opts.fen);
  await page.getByTestId('start').click();
  await page.locator('.play').waitFor();
}

/** Wait until the game screen's draw note reads exactly `text` (the computer thinks first). */
export async function waitForDrawNote(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="draw-note"]')?.textContent === want,
    text,
    { timeout: 15_000 },
  );
}

/** The game's state as the page exposes it on the game screen. */
export async function gameState(page: Page): Promise<{ fen: string; ply: number; result: string }> {
  const el = page.locator('.play');
  return {
    fen: (await el.getAttribute('data-fen')) ?? '',
    ply: Number(await el.getAttribute('data-ply')),
    result: (await el.getAttribute('data-result')) ?? '',
  };
}

/**
 * The accessible name of the square under the focused board's keyboard cursor (the board's active
 * descendant), e.g. "33, white man"; a note instead when no board has focus.
 */
export async function cursorName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const board = document.activeElement;
    if (!board?.classList.contains('damka-board')) return '(no board has focus)';
    const id = board.getAttribute('aria-activedescendant');
    return (id && document.getElementById(id)?.getAttribute('aria-label')) || '';
  });
}
