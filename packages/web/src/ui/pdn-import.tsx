/**
 * The PDN import dialog: a file picker or pasted text, read with `@damka/rules` (through
 * `pdn/game-pdn.ts`). One playable game opens at once; a file with several games lists them
 * (White – Black, result, event, date; a thousand at a time, with a find box) to choose one, and
 * a game that does not open says why with its line and column; a file whose encoding had to be
 * guessed (UTF-16 without its byte-order mark) says so above the list or the message, in case the
 * guess was wrong. Nothing read here can break the page: every failure is a message, and the
 * reading runs in a worker (`pdn/read-pdn.ts`), so a file of hundreds of games never freezes it
 * and can be stopped. Loaded on demand, so it costs the first page nothing.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { MAX_PDN_LENGTH } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';
import type { SavedGame } from '../game/record.ts';
import { Dialog } from './dialog.tsx';
import type { PdnListing } from '../pdn/game-pdn.ts';
import { readPdnOffThread, type PdnRead } from '../pdn/read-pdn.ts';

/**
 * The longest file text put into the paste box: a text area holding megabytes takes seconds to lay
 * out, a pause of the whole page just as the list of games appears.
 */
const FILE_TEXT_SHOWN = 100_000;

/**
 * Games listed at a time: a row for each of tens of thousands of games (a database pasted) is a
 * page no one can find a game in; more are shown on request, and the find box narrows the list.
 */
export const GAMES_SHOWN = 1000;

/** A list longer than this gets the find box. */
const FIND_FROM = 20;

/** The listing's words the find box looks in. */
function searchText(g: PdnListing): string {
  return `${g.white} ${g.black} ${g.event ?? ''} ${g.date ?? ''}`.toLowerCase();
}

export interface PdnImportProps {
  readonly t: Translate;
  readonly onOpen: (game: SavedGame) => void;
  readonly onClose: () => void;
}

export function PdnImport({ t, onOpen, onClose }: PdnImportProps) {
  const [text, setText] = useState('');
  const [games, setGames] = useState<PdnListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The file's encoding was guessed (shown with the list or the message it leads to). */
  const [guessed, setGuessed] = useState(false);
  const [find, setFind] = useState('');
  const [shown, setShown] = useState(GAMES_SHOWN);
  const first = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    first.current?.focus();
  }, []);

  const [reading, setReading] = useState(false);
  const current = useRef<PdnRead | null>(null);

  const stopReading = () => {
    current.current?.stop();
    current.current = null;
    setReading(false);
  };
  useEffect(() => stopReading, []);

  /** What the reader found, shown: one good game opens at once, else the list or a message. */
  const show = (source: string, fromFile: boolean, list: PdnListing[]) => {
    if (source.trim() === '') {
      // a chosen file with nothing in it is not the user forgetting to choose one
      setError(t(fromFile ? 'pdnFileEmpty' : 'pdnEmpty'));
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

  /**
   * Read pasted text, or a file's bytes (decoded by what they are: UTF-8, UTF-16, Latin-1), in a
   * worker: the page stays live while a big file replays, and a new read stops the one before.
   */
  const read = (pasted: string, bytes?: Uint8Array) => {
    stopReading();
    setError(null);
    setGuessed(false);
    setGames(null);
    setFind('');
    setShown(GAMES_SHOWN);
    if (!bytes && (pasted.trim() === '' || pasted.length > MAX_PDN_LENGTH)) {
      show(pasted, false, []);
      return;
    }
    const idPrefix = `pdn-${Date.now().toString(36)}`;
    const job = readPdnOffThread(bytes ? { idPrefix, bytes } : { idPrefix, text: pasted });
    current.current = job;
    setReading(true);
    void job.answer.then((answer) => {
      if (current.current !== job) return; // stopped, or another read began
      current.current = null;
      setReading(false);
      if (!answer.ok) {
        setError(t('pdnUnreadable', { reason: answer.reason }));
        return;
      }
      // a file's text goes into the paste box to be edited, unless it is too long to edit there
      if (bytes) setText(answer.text.length <= FILE_TEXT_SHOWN ? answer.text : '');
      setGuessed(answer.guessed);
      show(answer.text, bytes !== undefined, answer.games);
    });
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

  const matching = useMemo(() => {
    const wanted = find.trim().toLowerCase();
    return games && wanted !== '' ? games.filter((g) => searchText(g).includes(wanted)) : games;
  }, [games, find]);

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
      {reading && (
        <p class="hint" role="status" aria-busy="true" data-testid="pdn-reading">
          {t('pdnReading')}
        </p>
      )}
      {guessed && (
        <p class="hint" role="status" data-testid="pdn-encoding">
          {t('pdnEncodingGuessed')}
        </p>
      )}
      {error && (
        <p class="error" role="alert" data-testid="pdn-error">
          {error}
        </p>
      )}
      {games && matching && (
        <div class="pdn-games">
          <p>{t('pdnChoose', { n: games.length })}</p>
          {games.length > FIND_FROM && (
            <label class="field">
              <span>{t('pdnFind')}</span>
              <input
                type="search"
                dir="auto"
                data-testid="pdn-find"
                value={find}
                onInput={(e) => {
                  setFind(e.currentTarget.value);
                  setShown(GAMES_SHOWN);
                }}
              />
            </label>
          )}
          {matching.length === 0 && (
            <p class="hint" data-testid="pdn-no-match">
              {t('pdnNoMatch')}
            </p>
          )}
          <ol data-testid="pdn-games">
            {matching.slice(0, shown).map((g) => (
              <li key={g.index} value={g.index + 1} class={g.game.ok ? 'ok' : 'bad'}>
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
          {matching.length > shown && (
            <button
              type="button"
              data-testid="pdn-more"
              onClick={() => setShown((n) => n + GAMES_SHOWN)}
            >
              {t('pdnShowMore', { n: matching.length - shown })}
            </button>
          )}
        </div>
      )}
      <div class="dialog-actions">
        <button
          type="button"
          class="primary"
          data-testid="pdn-read"
          disabled={reading}
          onClick={() => read(text)}
        >
          {t('pdnRead')}
        </button>
        {reading && (
          <button type="button" data-testid="pdn-stop" onClick={stopReading}>
            {t('pdnStop')}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}
