/**
 * A modal dialog: the dimmed overlay and the box with its ARIA roles, one component for every
 * dialog of the app (game over, resign, PDN import) so they look and behave alike. A click on the
 * overlay outside the box calls `onDismiss` when the dialog has one.
 */
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
