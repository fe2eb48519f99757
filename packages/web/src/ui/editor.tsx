/**
 * The board editor ("Set up a position"): the chosen variant's board, empty or at its start; a
 * palette of pieces (men and kings of both colours, queens where the variant has them, and an
 * eraser), each drawn as the board draws it, placed by clicking or by dragging across squares; the
 * side to move; the FEN, shown as it changes, typed or pasted to load a position, and copied; and
 * "Play from here" against a friend or the computer. Choosing another variant keeps the position
 * when that variant is played on the same board, and says what changed when it cannot.
 *
 * The editor knows no rules of its own: a position is checked with `Position.fromSetup` of
 * `@damka/rules` (men on their crowning row, more pieces than the variant starts with…), and its
 * reason is shown with the offending square marked. The board widget reports every pressed square
 * through its `onSquare` editing hook. Loaded on demand, so it costs the first page nothing.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  EMPTY,
  Position,
  VARIANTS,
  getVariant,
  makeFen,
  parseFen,
  opposite,
  pieceCode,
  pieceOf,
  roleOf,
  type Color,
  type Options,
  type PositionError,
  type Role,
  type Setup,
  type Topology,
  type Variant,
  variantOrThrow,
} from '@damka/rules';
import { BoardView, pieceIconMarkup, type BoardPiece } from '@damka/board';
import type { Translate } from '../i18n/index.ts';
import { ColorChoice } from './color-choice.tsx';
import { describer, useEdgeLabels } from './board.tsx';
import { newGame, type Mode, type SavedGame } from '../game/record.ts';
import { variantName } from '../rules-pages/texts.ts';
import { explainFen, positionReason } from '../pdn/fen-check.ts';

export interface EditorProps {
  readonly t: Translate;
  /** The variant and house rules chosen on the setup screen. */
  readonly variant: string;
  readonly options: Options;
  /** A FEN to start from (the setup screen's field); blank or unreadable: the start position. */
  readonly fen?: string;
  readonly coordinates: boolean;
  readonly flipped: boolean;
  readonly onPlay: (game: SavedGame) => void;
  readonly onBack: () => void;
}

/** A palette tool: a piece to place, or the eraser. */
export type Tool = { readonly color: Color; readonly role: Role } | 'erase';

/** The palette of a variant: man and king of each colour, queens where the variant crowns them. */
export function paletteFor(variant: Variant): Tool[] {
  const roles: Role[] = ['man'];
  if (variant.rules.promotion.stages.some((s) => s.to === 'queen')) roles.push('queen');
  roles.push('king');
  const tools: Tool[] = [];
  for (const color of ['white', 'black'] as const)
    for (const role of roles) tools.push({ color, role });
  tools.push('erase');
  return tools;
}

/** The board after pressing `square` with `tool` (a new array; the old one is left alone). */
export function applyTool(board: Int8Array, square: number, tool: Tool): Int8Array {
  const next = board.slice();
  next[square] = tool === 'erase' ? EMPTY : pieceCode(tool.color, tool.role);
  return next;
}

/** Whether the position may be played, and if not why and where (rules package's verdict). */
export function checkSetup(
  variant: Variant,
  setup: Setup,
):
  | { ok: true; position: Position }
  | { ok: false; message: string; error: PositionError; square?: number } {
  const p = Position.fromSetup(variant, setup);
  if (p.ok) return { ok: true, position: p.value };
  const e = p.error;
  return e.square === undefined
    ? { ok: false, message: e.message, error: e }
    : { ok: false, message: e.message, error: e, square: e.square };
}

/** The variant with its house rules; without them if they do not combine; International if unknown. */
function resolveVariant(id: string, options: Options): Variant {
  const withOptions = getVariant(id, options);
  if (withOptions.ok) return withOptions.value;
  const plain = getVariant(id);
  return plain.ok ? plain.value : variantOrThrow('international');
}

/**
 * Where the editor starts: the FEN as read (not yet judged, so an impossible position can be put
 * right here), else the variant's start position.
 */
export function initialSetup(variant: Variant, fen: string): Setup {
  if (fen.trim() !== '') {
    const read = parseFen(variant, fen.trim());
    if (read.ok) return read.value;
  }
  return Position.start(variant).setup();
}

/** Whether two boards have the same squares in the same places (a position reads the same on both). */
export function sameBoard(a: Topology, b: Topology): boolean {
  if (a.kind !== b.kind || a.width !== b.width || a.height !== b.height || a.size !== b.size)
    return false;
  for (let sq = 0; sq < a.size; sq++)
    if (a.file[sq] !== b.file[sq] || a.rank[sq] !== b.rank[sq]) return false;
  return true;
}

/**
 * What becomes of the editor's position when the variant changes from `from` to `to`: kept on the
 * same board, less any piece `to` does not have (`dropped` counts them); an untouched start
 * position becomes the new variant's start; on another board, the new variant's start (`reset`).
 */
export function carryOver(
  from: Variant,
  to: Variant,
  setup: Setup,
): { setup: Setup; change: 'kept' | 'dropped' | 'start' | 'reset'; dropped: number } {
  const start = Position.start(to).setup();
  if (!sameBoard(from.topology, to.topology)) return { setup: start, change: 'reset', dropped: 0 };
  const fromStart = Position.start(from).setup();
  if (setup.turn === fromStart.turn && setup.board.every((c, sq) => c === fromStart.board[sq]))
    return { setup: start, change: 'start', dropped: 0 };
  const roles = new Set(paletteFor(to).flatMap((x) => (x === 'erase' ? [] : [x.role])));
  const board = setup.board.slice();
  let dropped = 0;
  for (let sq = 0; sq < board.length; sq++) {
    if (board[sq] !== EMPTY && !roles.has(roleOf(board[sq]!))) {
      board[sq] = EMPTY;
      dropped++;
    }
  }
  return { setup: { turn: setup.turn, board }, change: dropped ? 'dropped' : 'kept', dropped };
}

function toolKey(tool: Tool): string {
  return tool === 'erase' ? 'erase' : `${tool.color}-${tool.role}`;
}

export function Editor({
  t,
  variant: initialVariant,
  options: initialOptions,
  fen: initialFen,
  ...props
}: EditorProps) {
  const [variantId, setVariantId] = useState(initialVariant);
  const [options, setOptions] = useState<Options>(initialOptions);
  const variant = useMemo(() => resolveVariant(variantId, options), [variantId, options]);
  const initial = useMemo(() => initialSetup(variant, initialFen ?? ''), []);
  const [board, setBoard] = useState<Int8Array>(initial.board);
  const [turn, setTurn] = useState<Color>(initial.turn);
  const [tool, setTool] = useState<Tool>({ color: 'white', role: 'man' });
  const [mode, setMode] = useState<Mode>('friend');
  const [human, setHuman] = useState<Color>('white');
  /** What the last change of variant did to the position, said until the next edit. */
  const [notice, setNotice] = useState<{
    change: 'kept' | 'dropped' | 'reset';
    variant: Variant;
    dropped: number;
  } | null>(null);
  /** The FEN field's text while it is being typed in (null: the field shows the board's FEN). */
  const [fenDraft, setFenDraft] = useState<string | null>(null);
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const fenInput = useRef<HTMLInputElement>(null);

  const host = useRef<HTMLDivElement>(null);
  const view = useRef<BoardView | null>(null);
  const toolRef = useRef(tool);
  toolRef.current = tool;

  const setup: Setup = { turn, board };
  const fen = makeFen(variant, setup);
  const draftRead =
    fenDraft === null || fenDraft.trim() === '' ? null : parseFen(variant, fenDraft.trim());
  const fenError =
    draftRead && !draftRead.ok
      ? t('invalidFen', {
          reason: explainFen(t, variant, fenDraft ?? '') ?? draftRead.error.message,
        })
      : null;
  const verdict = checkSetup(variant, setup);
  const noMoves =
    verdict.ok &&
    verdict.position.legalMoves().length === 0 &&
    verdict.position.burnable.length === 0;
  const palette = paletteFor(variant);
  const pieces = useMemo(() => {
    const out: Array<BoardPiece | undefined> = [];
    for (let sq = 0; sq < board.length; sq++) out.push(pieceOf(board[sq]!));
    return out;
  }, [board]);

  const topology = variant.topology;
  const edgeLabels = useEdgeLabels(variant);
  const describe = useMemo(() => describer(t), [t]);

  useEffect(() => {
    if (!host.current) return;
    const v = new BoardView(host.current, {
      geometry: topology,
      pieces: [],
      onSquare: (sq) => {
        setBoard((b) => applyTool(b, sq, toolRef.current));
        edited();
      },
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.set({
      geometry: topology,
      pieces,
      labels: variant.squares.names,
      edgeLabels,
      coordinates: props.coordinates,
      flipped: props.flipped,
      lastMove:
        !verdict.ok && verdict.square !== undefined
          ? { from: verdict.square, to: verdict.square }
          : null,
      ariaLabel: t('editorBoardLabel', { variant: variantName(t, variant.rules) }),
      describe,
    });
  });

  /** After any edit: the FEN field shows the board again, and older messages go. */
  function edited() {
    setFenDraft(null);
    setNotice(null);
    setCopied(null);
  }

  const pickVariant = (id: string) => {
    const v = getVariant(id);
    if (!v.ok) return;
    const next = carryOver(variant, v.value, setup);
    setVariantId(id);
    setOptions({});
    setBoard(next.setup.board);
    setTurn(next.setup.turn);
    edited();
    if (next.change !== 'start')
      setNotice({ change: next.change, variant: v.value, dropped: next.dropped });
  };

  const noticeText =
    notice &&
    t(
      notice.change === 'kept'
        ? 'ed_positionKept'
        : notice.change === 'dropped'
          ? 'ed_piecesDropped'
          : 'ed_boardChanged',
      { variant: variantName(t, notice.variant.rules), n: notice.dropped },
    );

  /** The FEN field typed in: a FEN that reads is put on the board at once; one that does not is
   * explained beside the field and the board stays as it was. */
  const typeFen = (text: string) => {
    setFenDraft(text);
    setNotice(null);
    setCopied(null);
    if (text.trim() === '') return;
    const read = parseFen(variant, text.trim());
    if (!read.ok) return;
    setBoard(read.value.board);
    setTurn(read.value.turn);
  };

  const copyFen = async () => {
    try {
      await navigator.clipboard.writeText(fen);
      setCopied('ok');
    } catch {
      // no clipboard (an insecure page, a refusal): the FEN is selected in its field instead
      setCopied('failed');
      setFenDraft(null);
      fenInput.current?.focus();
      fenInput.current?.select();
    }
  };

  const toolName = (x: Tool) =>
    x === 'erase'
      ? t('editorErase')
      : t('srPiece', {
          color: t(x.color === 'white' ? 'srWhite' : 'srBlack'),
          role: t(x.role === 'man' ? 'srMan' : x.role === 'queen' ? 'srQueen' : 'srKing'),
        });

  const play = () => {
    if (!verdict.ok) return;
    const game = newGame(
      { variant: variant.id, options: variant.options, fen: verdict.position.fen },
      mode,
      mode === 'computer' ? opposite(human) : null,
    );
    props.onPlay(game);
  };

  return (
    <div class="editor" data-testid="editor">
      <div class="board-column">
        <div class={`board-frame kind-${topology.kind}`}>
          <div ref={host} class="board-host" data-testid="editor-board" />
        </div>
        <p class="keyboard-hint">{t('editorHint')}</p>
      </div>
      <aside class="side editor-side">
        <h2>{t('editorTitle')}</h2>
        <label class="field">
          <span>{t('chooseRules')}</span>
          <select
            value={variantId}
            data-testid="editor-variant"
            onChange={(e) => pickVariant(e.currentTarget.value)}
          >
            {VARIANTS.map((r) => (
              <option key={r.id} value={r.id}>
                {variantName(t, r)}
              </option>
            ))}
          </select>
        </label>
        <div class="palette" role="toolbar" aria-label={t('editorPalette')}>
          {palette.map((x) => {
            const key = toolKey(x);
            const on = toolKey(tool) === key;
            return (
              <button
                key={key}
                type="button"
                class={`tool tool-${key}${on ? ' on' : ''}`}
                aria-pressed={on}
                title={toolName(x)}
                aria-label={toolName(x)}
                data-tool={key}
                onClick={() => setTool(x)}
              >
                {x === 'erase' ? (
                  <span class="tool-icon" aria-hidden="true" />
                ) : (
                  <span
                    class="tool-icon"
                    aria-hidden="true"
                    dangerouslySetInnerHTML={{ __html: pieceIconMarkup(x) }}
                  />
                )}
              </button>
            );
          })}
        </div>
        <ColorChoice
          t={t}
          label={t('editorTurn')}
          name="editor-turn"
          value={turn}
          onChange={(c) => {
            setTurn(c);
            edited();
          }}
        />
        <div class="editor-buttons">
          <button
            type="button"
            data-testid="editor-clear"
            onClick={() => {
              setBoard(new Int8Array(topology.size));
              edited();
            }}
          >
            {t('editorClear')}
          </button>
          <button
            type="button"
            data-testid="editor-start"
            onClick={() => {
              setBoard(Position.start(variant).board());
              setTurn(variant.rules.firstPlayer);
              edited();
            }}
          >
            {t('editorStartPosition')}
          </button>
        </div>
        {noticeText && (
          <p class="hint editor-notice" role="status" data-testid="editor-notice">
            {noticeText}
          </p>
        )}
        <div class="editor-fen-row">
          <label class="field">
            <span>FEN</span>
            <input
              ref={fenInput}
              type="text"
              dir="ltr"
              spellcheck={false}
              class="editor-fen"
              data-testid="editor-fen"
              value={fenDraft ?? fen}
              aria-invalid={fenError !== null}
              aria-describedby={fenError ? 'editor-fen-error' : undefined}
              onInput={(e) => typeFen(e.currentTarget.value)}
              onFocus={(e) => e.currentTarget.select()}
              onBlur={() => {
                if (fenError === null) setFenDraft(null);
              }}
            />
          </label>
          <button type="button" data-testid="editor-copy-fen" onClick={() => void copyFen()}>
            {t('fenCopy')}
          </button>
        </div>
        {fenError && (
          <p class="error" role="alert" id="editor-fen-error" data-testid="editor-fen-error">
            {fenError}
          </p>
        )}
        {copied && (
          <p class="hint" role="status" data-testid="editor-copied">
            {copied === 'ok' ? t('fenCopied') : t('ed_copyUnavailable')}
          </p>
        )}
        <p class={verdict.ok ? 'hint' : 'error'} role="status" data-testid="editor-verdict">
          {verdict.ok
            ? noMoves
              ? t('editorNoMoves', { color: t(turn) })
              : t('editorValid')
            : t('editorInvalid', { reason: positionReason(t, variant, verdict.error, board) })}
        </p>
        <div class="segmented" role="radiogroup" aria-label={t('opponent')}>
          {(['friend', 'computer'] as const).map((m) => (
            <label key={m} class={mode === m ? 'on' : ''}>
              <input
                type="radio"
                name="editor-mode"
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              {t(m === 'friend' ? 'vsFriend' : 'vsComputer')}
            </label>
          ))}
        </div>
        {mode === 'computer' && (
          <ColorChoice
            t={t}
            label={t('playAs')}
            name="editor-human"
            value={human}
            onChange={setHuman}
          />
        )}
        <div class="actions">
          <button type="button" onClick={props.onBack}>
            {t('back')}
          </button>
          <button
            type="button"
            class="primary"
            disabled={!verdict.ok}
            data-testid="editor-play"
            onClick={play}
          >
            {t('editorPlay')}
          </button>
        </div>
      </aside>
    </div>
  );
}
