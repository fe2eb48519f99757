/**
 * The analysis panel: the engine's view of the position the game screen shows — the live position
 * or an earlier one under review. It shows the evaluation in men from White's point of view (with a
 * bar), the depth reached and the best line in the variant's notation, updated after every
 * iteration of the search. Stop keeps the last figures; showing another position restarts.
 *
 * The panel has its own engine worker, so analysing never delays the computer's moves and stopping
 * (which may terminate that worker) never disturbs them either.
 *
 * Down to a few pieces, the panel also asks the endgame tables (analysis-egdb.ts, loaded only then)
 * and, where one covers the position, shows its exact result above the search's figures and fills
 * the bar with it: a table's "White wins" is final where a score is an estimate.
 */
import { Fragment } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Translate } from '../i18n/index.ts';
import { replay, type Entry, type GameSetup } from '../game/record.ts';
import type { Position } from '@damka/rules';
import type { TableVerdict } from '@damka/engine/egdb';
import { ANALYSIS_TIME_MS, EngineWorker, type Analysis } from '../computer/client.ts';

export interface AnalysisProps {
  readonly t: Translate;
  readonly setup: GameSetup;
  /** The entries leading to the analysed position. */
  readonly entries: readonly Entry[];
  /** The best move found so far (null when none yet or the panel closes), to show on the board. */
  readonly onBest: (best: Entry | null) => void;
  readonly onClose: () => void;
}

const analyser = new EngineWorker();

/** Hundredths of a man as signed men: `+1.25`, `−0.40`, `0.00`. */
export function formatMen(centi: number): string {
  const men = Math.abs(centi) / 100;
  if (Math.round(centi) === 0) return '0.00';
  return `${centi > 0 ? '+' : '−'}${men.toFixed(2)}`;
}

/** White's share of the evaluation bar, 0–100 (50 is equal; a forced result fills it). */
export function whiteShare(a: Analysis): number {
  if (a.mate !== undefined) return a.whiteScore > 0 ? 100 : 0;
  return 50 + 50 * Math.tanh(a.whiteScore / 300);
}

/** Most pieces on the board for which the tables are asked at all (analysis, draw offers). */
export const TABLE_PIECES = 6;

/** The position after `entries`, or null when they do not replay. */
function positionAfter(setup: GameSetup, entries: readonly Entry[]): Position | null {
  try {
    const r = replay({ id: '', setup, entries, mode: 'friend', computer: null, resigned: null });
    return r.positions[r.positions.length - 1] ?? null;
  } catch {
    return null;
  }
}

/** Pieces on the board. */
function pieceCount(position: Position): number {
  let n = 0;
  for (const code of position.board()) if (code !== 0) n++;
  return n;
}

/** Nodes as a short count: 950, 12.4 k, 3.1 M. */
function formatCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1e6) return `${(n / 1000).toFixed(1)} k`;
  return `${(n / 1e6).toFixed(1)} M`;
}

type State = 'running' | 'stopped' | 'done' | 'failed';

export function AnalysisPanel({ t, setup, entries, onBest, onClose }: AnalysisProps) {
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [verdict, setVerdict] = useState<TableVerdict | null>(null);
  const [state, setState] = useState<State>('running');
  const [noMove, setNoMove] = useState(false);
  const [run, setRun] = useState(0);
  const cancel = useRef<(() => void) | null>(null);
  const best = useRef(onBest);
  best.current = onBest;
  // the position, as a value: a new array with the same entries is the same position
  const key = useMemo(() => JSON.stringify([setup, entries]), [setup, entries]);

  useEffect(() => {
    let current = true;
    setAnalysis(null);
    setNoMove(false);
    setState('running');
    best.current(null);
    const asked = analyser.ask('analyse', setup, entries, ANALYSIS_TIME_MS, {
      onInfo: (a) => {
        if (!current) return;
        setAnalysis(a);
        best.current(a.best);
      },
    });
    cancel.current = () => {
      current = false;
      asked.cancel();
    };
    asked.answer.then((a) => {
      if (!current) return;
      cancel.current = null;
      if (a) {
        setAnalysis(a);
        best.current(a.best);
        setState('done');
      } else {
        // nothing to search (no legal move), or the engine failed
        setNoMove(true);
        setState('failed');
      }
    });
    return () => {
      current = false;
      asked.cancel();
    };
  }, [key, run]);

  // the endgame tables' verdict, for a position down to a few pieces
  useEffect(() => {
    let current = true;
    setVerdict(null);
    const position = positionAfter(setup, entries);
    if (position && pieceCount(position) <= TABLE_PIECES) {
      void import('./analysis-egdb.ts')
        .then((m) => m.loadVerdict(position))
        .then((v) => {
          if (current) setVerdict(v);
        })
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [key]);

  useEffect(() => () => best.current(null), []);

  const stop = () => {
    cancel.current?.();
    cancel.current = null;
    setState('stopped');
  };

  const share = verdict
    ? verdict.winner === 'white'
      ? 100
      : verdict.winner === 'black'
        ? 0
        : 50
    : analysis
      ? whiteShare(analysis)
      : 50;
  let score = '';
  if (analysis) {
    score =
      analysis.mate !== undefined
        ? t('analysisMate', {
            color: t(analysis.whiteScore > 0 ? 'white' : 'black'),
            n: Math.abs(analysis.mate),
          })
        : formatMen(analysis.whiteScore);
  }

  return (
    <section
      class="analysis-card"
      aria-labelledby="analysis-title"
      data-testid="analysis"
      data-state={state}
    >
      <div class="analysis-head">
        <h2 id="analysis-title">{t('analysis')}</h2>
        {state === 'running' && <span class="spinner" aria-hidden="true" />}
        <button
          type="button"
          class="link analysis-close"
          onClick={onClose}
          aria-label={t('analysisClose')}
          title={t('analysisClose')}
        >
          ×
        </button>
      </div>
      <div
        class="eval-bar"
        role="meter"
        aria-label={t('analysisBar')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
        data-testid="analysis-bar"
        dir="ltr"
      >
        <span class="eval-white" style={{ width: `${share.toFixed(1)}%` }} />
      </div>
      {verdict && (
        <p
          class="analysis-database"
          data-testid="analysis-database"
          data-winner={verdict.winner ?? 'draw'}
        >
          {verdict.winner === null
            ? t('analysisDatabaseDraw')
            : t('analysisDatabaseWin', { color: t(verdict.winner) })}
        </p>
      )}
      {analysis?.book && analysis.book.length > 0 && (
        <p class="analysis-book" data-testid="analysis-book" dir="ltr">
          <span>{t('analysisBook')}:</span>
          {analysis.book.map((b) => (
            <Fragment key={b.move}>
              {' '}
              <span class="pv-move" title={formatMen(b.whiteScore)}>
                {b.move}
              </span>{' '}
              <span class="hint">{b.share}%</span>
            </Fragment>
          ))}
        </p>
      )}
      {noMove ? (
        <p class="hint">{t('analysisNoMove')}</p>
      ) : (
        <>
          <p class="analysis-score" aria-live="polite">
            <strong
              data-testid="analysis-score"
              dir={analysis?.mate === undefined ? 'ltr' : 'auto'}
            >
              {score || '…'}
            </strong>{' '}
            <span class="analysis-depth" data-testid="analysis-depth">
              {analysis
                ? t('analysisDepth', { depth: analysis.depth, nodes: formatCount(analysis.nodes) })
                : t('analysisStarting')}
            </span>
          </p>
          <p class="analysis-line" data-testid="analysis-line" dir="ltr">
            {analysis?.line.map((move, i) => (
              <Fragment key={i}>
                {i > 0 ? ' ' : ''}
                <span class="pv-move">{move}</span>
              </Fragment>
            ))}
          </p>
        </>
      )}
      <div class="analysis-actions">
        {state === 'running' ? (
          <button type="button" onClick={stop} data-testid="analysis-stop">
            {t('analysisStop')}
          </button>
        ) : (
          <button type="button" onClick={() => setRun(run + 1)} data-testid="analysis-start">
            {t('analysisStart')}
          </button>
        )}
        <span class="hint">
          {state === 'stopped'
            ? t('analysisStopped')
            : state === 'done'
              ? t('analysisDone')
              : state === 'running'
                ? t('analysisRunning')
                : ''}
        </span>
      </div>
    </section>
  );
}
