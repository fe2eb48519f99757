/**
 * The board editor and the PDN import dialog, loaded on first use with a dynamic import: the
 * first page carries only these two small loaders, not the PDN reader or the editor.
 */
import { useEffect, useState } from 'preact/hooks';
import type { EditorProps } from '../ui/editor.tsx';
import type { PdnImportProps } from '../ui/pdn-import.tsx';

/** A module fetched once and kept; `null` while loading, `'failed'` when it could not be fetched. */
export function useModule<T>(
  load: () => Promise<T>,
  cache: { value: T | null },
): T | null | 'failed' {
  const [mod, setMod] = useState<T | null | 'failed'>(cache.value);
  useEffect(() => {
    if (mod) return;
    let live = true;
    load().then(
      (m) => {
        cache.value = m;
        if (live) setMod(m);
      },
      () => {
        if (live) setMod('failed');
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return mod;
}

const editorModule: { value: typeof import('../ui/editor.tsx') | null } = { value: null };
const importModule: { value: typeof import('../ui/pdn-import.tsx') | null } = { value: null };

export function LoadFailed({ text }: { text: string }) {
  return (
    <p class="error" role="alert">
      {text}
    </p>
  );
}

export function EditorLoader(props: EditorProps) {
  const mod = useModule(() => import('../ui/editor.tsx'), editorModule);
  if (mod === 'failed') return <LoadFailed text={props.t('toolLoadFailed')} />;
  if (!mod) return <p class="rules-loading" aria-busy="true" />;
  return <mod.Editor {...props} />;
}

export function PdnImportLoader(props: PdnImportProps) {
  const mod = useModule(() => import('../ui/pdn-import.tsx'), importModule);
  if (mod === 'failed') return <LoadFailed text={props.t('toolLoadFailed')} />;
  if (!mod) return null;
  return <mod.PdnImport {...props} />;
}
