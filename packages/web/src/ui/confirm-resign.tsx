/**
 * The "resign this game?" dialog, the same for games on this screen and online: Yes resigns,
 * No keeps playing.
 */
import type { Translate } from '../i18n/index.ts';
import { Dialog } from './dialog.tsx';

export function ConfirmResign({
  t,
  onResign,
  onCancel,
}: {
  t: Translate;
  onResign: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog role="alertdialog" labelledBy="confirm-resign-title" onDismiss={onCancel}>
      <h2 id="confirm-resign-title">{t('confirmResign')}</h2>
      <div class="dialog-actions">
        <button
          type="button"
          class="danger"
          onClick={onResign}
          data-testid="confirm-resign"
          autoFocus
        >
          {t('yes')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('no')}
        </button>
      </div>
    </Dialog>
  );
}
