/**
 * A White / Black radio group with its label — and "Random" when asked — as the new-game dialog
 * and the board editor use it for "you play" and "to move". One component, so the groups look
 * and read the same everywhere.
 */
import type { Color } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';

export function ColorChoice<V extends Color | 'random' = Color>({
  t,
  label,
  name,
  value,
  random = false,
  onChange,
}: {
  t: Translate;
  label: string;
  /** The radio group's form name (unique on the page). */
  name: string;
  value: V;
  /** Offer "Random" as a third choice. */
  random?: boolean;
  onChange: (c: V) => void;
}) {
  const choices = (random ? ['white', 'black', 'random'] : ['white', 'black']) as V[];
  return (
    <div class="segmented small" role="radiogroup" aria-label={label}>
      <span class="seg-label">{label}</span>
      {choices.map((c) => (
        <label key={c} class={value === c ? 'on' : ''}>
          <input
            type="radio"
            name={name}
            value={c}
            checked={value === c}
            onChange={() => onChange(c)}
          />
          {c === 'random' ? t('colorRandom') : t(c as Color)}
        </label>
      ))}
    </div>
  );
}
