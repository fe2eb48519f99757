/**
 * Loads the rules screens on first use with a dynamic import, so their text tables and diagram
 * code stay out of the first page's JavaScript.
 */
import { useEffect, useState } from 'preact/hooks';
import type { RulesScreenProps } from './screen.tsx';

type ScreenModule = typeof import('./screen.tsx');

let loaded: ScreenModule | null = null;

export function RulesScreenLoader(props: RulesScreenProps) {
  const [mod, setMod] = useState<ScreenModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (mod) return;
    let live = true;
    import('./screen.tsx').then(
      (m) => {
        loaded = m;
        if (live) setMod(m);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [mod]);
  if (mod) return <mod.RulesScreen {...props} />;
  if (failed) {
    return (
      <p class="error" role="alert">
        {props.t('rp_loadFailed')}
      </p>
    );
  }
  return <p class="rules-loading" aria-busy="true" />;
}
