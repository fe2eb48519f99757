/**
 * A modal dialog: the dimmed overlay and the box with its ARIA roles, one component for every
 * dialog of the app (game over, resign, new game, PDN import) so they look and behave alike. The
 * Escape key and a click on the overlay outside the box call `onDismiss` when the dialog has one.
 *
 * Focus belongs to the dialog while it is open: it moves into the box when the dialog opens (to the
 * control marked `autoFocus`, else the first one), Tab and Shift+Tab cycle through the box's
 * controls without leaving it, and when the dialog closes focus goes back to the control that had
 * it before (the button that opened it), when that is still on the page. When one dialog opens
 * over another, only the top one holds focus and answers Escape.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The open dialogs, the top one last. */
const open: HTMLElement[] = [];

/** The controls of `box` that Tab stops at, in order (one radio button per group, as browsers do). */
export function tabStops(box: HTMLElement): HTMLElement[] {
  const all = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = all.filter(
      (x): x is HTMLInputElement =>
        x instanceof HTMLInputElement && x.type === 'radio' && x.name === el.name,
    );
    const checked = group.find((x) => x.checked);
    return checked ? checked === el : group[0] === el;
  });
}

export function Dialog({
  role = 'dialog',
  labelledBy,
  testId,
  extraClass,
  onDismiss,
  children,
}: {
  role?: 'dialog' | 'alertdialog';
  /** The id of the dialog's title. */
  labelledBy: string;
  testId?: string;
  extraClass?: string;
  onDismiss?: () => void;
  children: ComponentChildren;
}) {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  const boxRef = useRef<HTMLDivElement>(null);
  // a layout effect: Escape and the focus trap work from the first frame the dialog shows
  useLayoutEffect(() => {
    const box = boxRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    open.push(box);
    const isTop = () => open[open.length - 1] === box;
    if (!box.contains(document.activeElement)) {
      const first = box.querySelector<HTMLElement>('[autofocus]') ?? tabStops(box)[0] ?? box;
      first.focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (!isTop()) return;
      if (e.key === 'Escape' && dismiss.current) {
        e.preventDefault();
        dismiss.current();
      } else if (e.key === 'Tab') {
        const stops = tabStops(box);
        if (stops.length === 0) {
          e.preventDefault();
          box.focus();
          return;
        }
        const at = stops.indexOf(document.activeElement as HTMLElement);
        const last = stops.length - 1;
        if (e.shiftKey && at <= 0) {
          e.preventDefault();
          stops[last]!.focus();
        } else if (!e.shiftKey && (at === last || at < 0)) {
          e.preventDefault();
          stops[0]!.focus();
        }
      }
    };
    // focus that lands outside the box some other way (a click on the page behind) comes back
    const onFocusIn = (e: FocusEvent) => {
      if (!isTop() || box.contains(e.target as Node)) return;
      (tabStops(box)[0] ?? box).focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      open.splice(open.indexOf(box), 1);
      const inside =
        box.contains(document.activeElement) || document.activeElement === document.body;
      if (opener && opener.isConnected && (inside || !document.activeElement)) opener.focus();
    };
  }, []);
  return (
    <div
      class="overlay"
      role="presentation"
      onClick={onDismiss ? (e) => e.target === e.currentTarget && onDismiss() : undefined}
    >
      <div
        ref={boxRef}
        class={extraClass ? `dialog ${extraClass}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        data-testid={testId}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
