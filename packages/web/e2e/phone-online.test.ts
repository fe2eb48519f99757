/**
 * A friend online, from a phone: a 360x740 touch phone creates an English game through the real
 * server and plays it by taps; the friend opens the link on a desktop. Over a slow connection
 * (the server's messages reach the phone 1.5 s late) the phone's move shows on its board at once
 * and the turn passes, rather than the piece jumping back until the server answers; mid-game the
 * phone is reloaded, turned sideways and loses its connection for a while, and each time the game
 * goes on with both screens showing the same moves — and no console errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Position, variantOrThrow, type Move } from '@damka/rules';
import { DEVICES, PHONES, openOn, tapSquare } from './devices.ts';
import { useGameServer } from './game-server.ts';
import { SCREENSHOTS, clickSquare, squareIn, useHarness } from './harness.ts';

const h = useHarness();
const server = useGameServer('phone-online');
const english = variantOrThrow('english');
const sq = (name: string) => squareIn('english', name);

const online = (page: Page) => page.getByTestId('online');

async function waitForPly(page: Page, ply: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="online"]')?.getAttribute('data-ply')) === n,
    ply,
    { timeout: 20_000 },
  );
}

/**
 * A legal move of the position the server recorded: the one from `from` to `to` when named, else
 * a step when there is one, else the first.
 */
async function aMove(page: Page, from?: string, to?: string): Promise<Move> {
  const fen = (await online(page).getAttribute('data-fen')) ?? '';
  const position = Position.fromFen(english, fen);
  assert.ok(position.ok, fen);
  const moves = position.value.legalMoves();
  if (from && to) {
    const named = moves.find((m) => m.from === sq(from) && m.to === sq(to));
    assert.ok(named, `${from}-${to} is legal in ${fen}`);
    return named;
  }
  return moves.find((m) => m.kind === 'step') ?? moves[0]!;
}

/** Play a move by its squares: taps on the phone, clicks on the desktop. */
async function play(page: Page, move: Move, touch: boolean): Promise<void> {
  for (const square of [move.from, ...move.path]) {
    await (touch ? tapSquare(page, square) : clickSquare(page, square));
  }
}

test('a phone plays a desktop by link: a slow connection, a reload, a turn and a lost connection', async () => {
  const phone = await openOn(h, PHONES[0]);
  const desktop = await openOn(h, DEVICES[1]);
  // the server's messages to the phone are held back by `lateMs`
  let lateMs = 0;
  await phone.page.routeWebSocket(/.*/, (ws) => {
    const toServer = ws.connectToServer();
    toServer.onMessage((m) => setTimeout(() => ws.send(m), lateMs));
    ws.onMessage((m) => toServer.send(m));
  });

  // the phone creates the game as White, the desktop opens the friend's link
  await phone.page.goto(server.url);
  await phone.page.getByTestId('menu').tap();
  await phone.page.getByTestId('menu-online').tap();
  await phone.page.locator('label[data-variant="english"]').tap();
  await phone.page.locator('label:has(input[name="human"][value="white"])').tap();
  await phone.page.getByTestId('start').tap();
  await phone.page.getByTestId('waiting').waitFor();
  const friend = await phone.page.getByTestId('friend-link').inputValue();
  await desktop.page.goto(friend);
  await online(desktop.page).waitFor();
  await phone.page.getByTestId('waiting').waitFor({ state: 'detached' });
  assert.equal(await online(phone.page).getAttribute('data-seat'), 'white');

  // Black (the desktop) opens; then the phone's move over the slow connection
  await play(desktop.page, await aMove(desktop.page), false);
  await waitForPly(phone.page, 1);
  lateMs = 1500;
  await play(phone.page, await aMove(phone.page, '22', '18'), true);
  const seen = await phone.page.evaluate(
    ([from, to]) => ({
      list: [...document.querySelectorAll('[data-testid="moves"] .move')].map((m) => m.textContent),
      from: document.querySelector(`.damka-board .piece[data-square="${from}"]`) !== null,
      to: document
        .querySelector(`.damka-board .piece[data-square="${to}"]`)
        ?.getAttribute('data-piece'),
      status: document.querySelector('[data-testid="status"]')?.textContent,
      recorded: document.querySelector('[data-testid="online"]')?.getAttribute('data-ply'),
    }),
    [sq('22'), sq('18')],
  );
  assert.equal(seen.recorded, '1', 'the server has not answered yet');
  assert.deepEqual(
    { from: seen.from, to: seen.to, status: seen.status, last: seen.list.at(-1) },
    { from: false, to: 'white man', status: 'Black to move', last: '22-18' },
    'the move shows at once, on the board and in the list, the turn passed',
  );
  await waitForPly(desktop.page, 2);
  await waitForPly(phone.page, 2);
  lateMs = 0;

  // a reload mid-game: the same game, the same seat, and the phone plays on
  await play(desktop.page, await aMove(desktop.page), false);
  await waitForPly(phone.page, 3);
  await phone.page.reload();
  await online(phone.page).waitFor();
  await waitForPly(phone.page, 3);
  assert.equal(await online(phone.page).getAttribute('data-seat'), 'white');
  await play(phone.page, await aMove(phone.page), true);
  await waitForPly(desktop.page, 4);

  // the phone turned sideways: the board fits, a tap still plays
  await phone.page.setViewportSize({ width: PHONES[0].height, height: PHONES[0].width });
  await play(desktop.page, await aMove(desktop.page), false);
  await waitForPly(phone.page, 5);
  await play(phone.page, await aMove(phone.page), true);
  await waitForPly(desktop.page, 6);
  await phone.page.screenshot({ path: `${SCREENSHOTS}phone-online-sideways.png` });

  // the connection lost while the desktop moves; back, the phone catches up and plays on
  await phone.context.setOffline(true);
  await play(desktop.page, await aMove(desktop.page), false);
  await phone.page.waitForTimeout(1000);
  await phone.context.setOffline(false);
  await waitForPly(phone.page, 7);
  await phone.page.setViewportSize({ width: PHONES[0].width, height: PHONES[0].height });
  await play(phone.page, await aMove(phone.page), true);
  await waitForPly(desktop.page, 8);
  await waitForPly(phone.page, 8);

  const moves = (page: Page) => page.locator('[data-testid="moves"] .move').allTextContents();
  assert.equal((await moves(phone.page)).length, 8);
  assert.deepEqual(await moves(phone.page), await moves(desktop.page));
  for (const x of [phone, desktop]) {
    assert.deepEqual(x.errors, []);
    await x.context.close();
  }
});
