/**
 * A modal dialog: the dimmed overlay and the box with its ARIA roles, one component for every
 * dialog of the app (game over, resign, new game, PDN import) so they look and behave alike. The
 * Escape key and a click on the overlay outside the box call `onDismiss` when the dialog has one.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';

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
  // a layout effect: Escape works from the first frame the dialog shows
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !dismiss.current) return;
      e.preventDefault();
      dismiss.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div
      class="overlay"
      role="presentation"
      onClick={onDismiss ? (e) => e.target === e.currentTarget && onDismiss() : undefined}
    >
      <div
        class={extraClass ? `dialog ${extraClass}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        data-testid={testId}
      >
        {children}
      </div>
    </div>
  );
}
