/**
 * A White / Black radio group with its label, as the setup form and the board editor use it for
 * "you play" and "to move". One component, so the groups look and read the same everywhere.
 */
import type { Color } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';

export function ColorChoice({
  t,
  label,
  name,
  value,
  onChange,
}: {
  t: Translate;
  label: string;
  /** The radio group's form name (unique on the page). */
  name: string;
  value: Color;
  onChange: (c: Color) => void;
}) {
  return (
    <div class="segmented small" role="radiogroup" aria-label={label}>
      <span class="seg-label">{label}</span>
      {(['white', 'black'] as const).map((c) => (
        <label key={c} class={value === c ? 'on' : ''}>
          <input
            type="radio"
            name={name}
            value={c}
            checked={value === c}
            onChange={() => onChange(c)}
          />
          {t(c)}
        </label>
      ))}
    </div>
  );
}
