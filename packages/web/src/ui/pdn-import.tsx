/**
 * The PDN import dialog: a file picker or pasted text, read with `@damka/rules` (through
 * `pdn/game-pdn.ts`). One playable game opens at once; a file with several games lists them
 * (White – Black, result, event, date) to choose one, and a game that does not open says why with
 * its line and column. Nothing read here can break the page: every failure is a message. Loaded on
 * demand, so it costs the first page nothing.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { MAX_PDN_LENGTH } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';
import type { SavedGame } from '../game/record.ts';
import { Dialog } from './dialog.tsx';
import { readPdnBytes, readPdnGames, type PdnListing } from '../pdn/game-pdn.ts';

export interface PdnImportProps {
  readonly t: Translate;
  readonly onOpen: (game: SavedGame) => void;
  readonly onClose: () => void;
}

export function PdnImport({ t, onOpen, onClose }: PdnImportProps) {
  const [text, setText] = useState('');
  const [games, setGames] = useState<PdnListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    first.current?.focus();
  }, []);

  /** Read pasted text, or a file's bytes (decoded by what they are: UTF-8, UTF-16, Latin-1). */
  const read = (pasted: string, bytes?: Uint8Array) => {
    setError(null);
    setGames(null);
    let source = pasted;
    let list: PdnListing[] = [];
    try {
      if (bytes) {
        const decoded = readPdnBytes(bytes, `pdn-${Date.now().toString(36)}`);
        source = decoded.text;
        setText(source);
        list = decoded.games;
      } else if (source.trim() !== '' && source.length <= MAX_PDN_LENGTH) {
        list = readPdnGames(source, `pdn-${Date.now().toString(36)}`);
      }
    } catch (e) {
      setError(t('pdnUnreadable', { reason: e instanceof Error ? e.message : String(e) }));
      return;
    }
    if (source.trim() === '') {
      // a chosen file with nothing in it is not the user forgetting to choose one
      setError(t(bytes ? 'pdnFileEmpty' : 'pdnEmpty'));
      return;
    }
    if (source.length > MAX_PDN_LENGTH) {
      setError(t('pdnTooLong'));
      return;
    }
    if (list.length === 0) {
      setError(t('pdnNoGames'));
      return;
    }
    const only = list[0]!;
    if (list.length === 1 && only.game.ok) {
      onOpen(only.game.value);
      return;
    }
    setGames(list);
  };

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_PDN_LENGTH) {
      setError(t('pdnTooLong'));
      return;
    }
    try {
      read('', new Uint8Array(await file.arrayBuffer()));
    } catch {
      setError(t('pdnFileUnreadable'));
    }
  };

  const resultText = (who: PdnListing['winner']) => {
    if (who === 'white' || who === 'black') return t('winner', { color: t(who) });
    if (who === 'draw') return t('draw');
    return t('pdnNoResult');
  };

  return (
    <Dialog
      labelledBy="pdn-import-title"
      testId="pdn-import"
      extraClass="pdn-import"
      onDismiss={onClose}
    >
      <h2 id="pdn-import-title">{t('pdnImportTitle')}</h2>
      <p class="hint">{t('pdnImportHint')}</p>
      <label class="field">
        <span>{t('pdnFile')}</span>
        <input
          type="file"
          accept=".pdn,.txt,text/plain,application/x-pdn"
          data-testid="pdn-file"
          onChange={(e) => void onFile(e.currentTarget)}
        />
      </label>
      <label class="field">
        <span>{t('pdnPaste')}</span>
        <textarea
          ref={first}
          dir="ltr"
          rows={8}
          spellcheck={false}
          value={text}
          data-testid="pdn-text"
          placeholder={'[GameType "20"]\n\n1. 32-28 19-23 *'}
          onInput={(e) => setText(e.currentTarget.value)}
        />
      </label>
      {error && (
        <p class="error" role="alert" data-testid="pdn-error">
          {error}
        </p>
      )}
      {games && (
        <div class="pdn-games">
          <p>{t('pdnChoose', { n: games.length })}</p>
          <ol data-testid="pdn-games">
            {games.map((g) => (
              <li key={g.index} class={g.game.ok ? 'ok' : 'bad'}>
                <span class="pdn-players" dir="auto">
                  {g.white} – {g.black}
                </span>
                <span class="pdn-meta">
                  {resultText(g.winner)}
                  {g.event ? ` · ${g.event}` : ''}
                  {g.date ? ` · ${g.date}` : ''}
                </span>
                {g.game.ok ? (
                  <button
                    type="button"
                    data-testid="pdn-open"
                    onClick={() => g.game.ok && onOpen(g.game.value)}
                  >
                    {t('pdnOpen', { n: g.game.plies })}
                  </button>
                ) : (
                  <span class="error pdn-game-error" dir="ltr">
                    {g.game.error}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
      <div class="dialog-actions">
        <button type="button" class="primary" data-testid="pdn-read" onClick={() => read(text)}>
          {t('pdnRead')}
        </button>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}
