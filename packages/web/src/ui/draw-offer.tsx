/**
 * Draw offers in a local game. With a friend on the same screen, the side to move offers and a
 * banner asks the other side to accept or decline; any move withdraws an open offer. Against the
 * computer, the player offers on his turn and the computer answers from the endgame tables when
 * the board is down to a few pieces and a table covers the position (a drawn or lost ending:
 * accepted; a won one: declined; `analysis-egdb.ts`, loaded only then), else from its own
 * evaluation of the position and the stage of the game (`computerAcceptsDraw`: never in the
 * opening): the evaluation is asked of the computer player's `evaluate` when it has one, looked up
 * at run time so the app works with computer players that cannot evaluate (they always decline).
 * An accepted offer is recorded in the game as an agreed draw.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { opposite, type Color, type Position } from '@damka/rules';
import type { Translate } from '../i18n/index.ts';
import { computerAcceptsDraw, gameStage } from '../game/draws.ts';
import type { Entry, GameSetup, SavedGame } from '../game/record.ts';
import { TABLE_PIECES } from './analysis.tsx';

type Evaluate = (setup: GameSetup, entries: readonly Entry[]) => Promise<number | null>;

/** The computer player's evaluation function, if it has one. */
function evaluatorOf(player: object | undefined): Evaluate | null {
  if (!player) return null;
  const fn: unknown = Reflect.get(player, 'evaluate');
  return typeof fn === 'function'
    ? (setup, entries) => (fn as Evaluate).call(player, setup, entries)
    : null;
}

export interface DrawOfferProps {
  readonly t: Translate;
  readonly game: SavedGame;
  /** The entries actually played (the replay's), and the side to move after them. */
  readonly entries: readonly Entry[];
  readonly turn: Color;
  /** The position after `entries`, for the endgame tables. */
  readonly position: Position;
  /** Pieces on the board now and in the variant's start position, for the stage of the game. */
  readonly pieces: number;
  readonly fullPieces: number;
  /** The player at the board may act now (live position, game going on, not the computer's turn). */
  readonly canAct: boolean;
  /** The computer player, asked for its evaluation in `computer` mode. */
  readonly computer?: object;
  readonly onChange: (game: SavedGame) => void;
}

export function DrawOffer({
  t,
  game,
  entries,
  turn,
  position,
  pieces,
  fullPieces,
  canAct,
  computer,
  onChange,
}: DrawOfferProps) {
  const [offeredBy, setOfferedBy] = useState<Color | null>(null);
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const question = useRef(0);

  // a move (or an undo) withdraws any open offer and forgets a pending answer
  useEffect(() => {
    question.current++;
    setOfferedBy(null);
    setAsking(false);
    setNote('');
  }, [entries.length]);

  const agree = () => onChange({ ...game, agreed: true });

  const offer = () => {
    setNote('');
    if (game.mode === 'friend') {
      setOfferedBy(turn);
      return;
    }
    const stage = gameStage(entries.length, !game.setup.fen, pieces, fullPieces);
    if (stage === 'opening') {
      setNote(t('computerDeclinesDrawOpening'));
      return;
    }
    const id = ++question.current;
    setAsking(true);
    setNote(t('computerConsidersDraw'));
    const evaluate = evaluatorOf(computer);
    const answer = evaluate
      ? evaluate(game.setup, entries).catch(() => null)
      : Promise.resolve(null);
    const side = game.computer;
    const table =
      side && pieces <= TABLE_PIECES
        ? import('./analysis-egdb.ts')
            .then((m) => m.loadDrawDecision(position, side))
            .catch(() => undefined)
        : Promise.resolve(undefined);
    void Promise.all([answer, table]).then(([score, decision]) => {
      if (question.current !== id) return; // the game moved on
      setAsking(false);
      if (computerAcceptsDraw(score, turn === game.computer, stage, decision)) {
        setNote('');
        agree();
      } else setNote(t('computerDeclinesDraw'));
    });
  };

  const decline = () => {
    if (offeredBy) setNote(t('drawDeclined', { color: t(opposite(offeredBy)) }));
    setOfferedBy(null);
  };

  return (
    <div class="draw-offer-block">
      <button
        type="button"
        onClick={offer}
        disabled={!canAct || offeredBy !== null || asking}
        data-testid="offer-draw"
      >
        {t('offerDraw')}
      </button>
      {offeredBy && canAct && (
        <div class="draw-offer" role="group" aria-live="polite" data-testid="draw-offer">
          <p>{t('drawOfferedBy', { color: t(offeredBy) })}</p>
          <div class="draw-offer-actions">
            <button type="button" class="primary" onClick={agree} data-testid="accept-draw">
              {t('acceptDraw')}
            </button>
            <button type="button" onClick={decline} data-testid="decline-draw">
              {t('declineDraw')}
            </button>
          </div>
        </div>
      )}
      {note && (
        <p class="draw-note" role="status" data-testid="draw-note">
          {note}
        </p>
      )}
    </div>
  );
}
