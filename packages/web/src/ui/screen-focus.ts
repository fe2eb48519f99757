/**
 * Where keyboard focus goes when the screen changes. A screen is opened from a control that then
 * leaves the page (a ☰ menu item hidden with its menu, the start button of the new-game dialog), so
 * the browser would drop focus on the page's body and a keyboard or screen-reader user would start
 * again from the top. Instead focus lands on the new screen: on the board of a game (ready for the
 * arrow keys), else on the screen's heading, else on the main region itself. Focus that is still on
 * a control of the page (the menu button after Escape, a dialog's own) is left alone.
 */
import { useEffect } from 'preact/hooks';

/** How long a screen that is still loading (its code comes in a separate file) is waited for. */
const LOADING_WAIT_MS = 5000;

/** The game's board in `main`, else its first heading. */
function landingIn(main: HTMLElement): HTMLElement | null {
  return (
    main.querySelector<HTMLElement>('.game-shell .damka-board') ??
    main.querySelector<HTMLElement>('h1, h2')
  );
}

function focusQuietly(target: HTMLElement): void {
  // a heading or the region is focused only from a script: it takes no place in the Tab order
  if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

/**
 * Focus the new screen when focus was lost with the control that opened it. A screen still loading
 * gets focus on its main region at once, then on its heading when that arrives (unless focus has
 * moved on meanwhile).
 */
export function landFocus(menuId: string): void {
  const active = document.activeElement;
  // a control of the menu counts as lost only once the menu is closed: focus that went into an
  // open menu (Tab straight after opening it, before this effect ran) stays where the user put it
  const lost =
    !active ||
    active === document.body ||
    (active instanceof HTMLElement && !!active.closest(`#${menuId}[hidden]`));
  if (!lost) return;
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  const target = landingIn(main);
  if (target) {
    focusQuietly(target);
    return;
  }
  focusQuietly(main);
  const watch = new MutationObserver(() => {
    if (document.activeElement !== main) return watch.disconnect();
    const arrived = landingIn(main);
    if (!arrived) return;
    watch.disconnect();
    focusQuietly(arrived);
  });
  watch.observe(main, { childList: true, subtree: true });
  setTimeout(() => watch.disconnect(), LOADING_WAIT_MS);
}

/** Run `landFocus` after each render in which one of `keys` (the screen shown) changed. */
export function useScreenFocus(menuId: string, keys: readonly unknown[]): void {
  useEffect(() => landFocus(menuId), keys);
}
