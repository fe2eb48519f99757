/**
 * The rules pages' text, generated from a variant's `Rules` record: every parameter of the record
 * (board, who starts, men's directions, kings and any limit on one king's quiet moves, capture
 * obligation and precedence, crowning, draw rules, …) becomes one labelled fact in the reader's language. The same facts fill the
 * side-by-side table of differences, so a page, the table and the game can never disagree: change
 * a field of the record and both texts change with it.
 *
 * Pure functions of (rules, translate): no DOM, tested in Node.
 */
import { VARIANTS, topology, type DrawRule, type PrecedenceStep, type Rules } from '@damka/rules';
import type { MessageKey } from '../i18n/en.ts';
import type { Translate } from '../i18n/index.ts';

export type SectionId = 'board' | 'moves' | 'captures' | 'crowning' | 'end';

export const SECTIONS: ReadonlyArray<{ readonly id: SectionId; readonly title: MessageKey }> = [
  { id: 'board', title: 'rp_sectionBoard' },
  { id: 'moves', title: 'rp_sectionMoves' },
  { id: 'captures', title: 'rp_sectionCaptures' },
  { id: 'crowning', title: 'rp_sectionCrowning' },
  { id: 'end', title: 'rp_sectionEnd' },
];

/** One rule parameter: where it is shown, its label, and how to compare and word it. */
export interface Parameter {
  readonly id: string;
  readonly section: SectionId;
  readonly label: MessageKey;
  /** The fields this parameter reads, as a comparable string (language-independent). */
  readonly value: (r: Rules) => string;
  /** The parameter in words: one item, or several for lists (draw rules, promotion stages). */
  readonly text: (r: Rules, t: Translate) => string | readonly string[];
}

const yesNo = (t: Translate, on: boolean) => t(on ? 'rp_yes' : 'rp_no');

/** Men per side in the start position, counted from the FEN (`W:W31-50:B1-20`, `a1,c1,…`). */
export function piecesPerSide(startFen: string): number {
  const part = startFen.split(':').find((p) => p.startsWith('W') && p.length > 1) ?? '';
  let n = 0;
  for (const token of part.slice(1).split(',')) {
    const range = /^K?(\d+)-(\d+)$/.exec(token.trim());
    if (range) n += Number(range[2]) - Number(range[1]) + 1;
    else if (token.trim() !== '') n += 1;
  }
  return n;
}

function squareCount(r: Rules): { n: number; last: string } {
  const topo = topology(r.topology);
  return { n: topo.size, last: String.fromCharCode(96 + topo.width) + String(topo.height) };
}

function manCaptures(r: Rules, t: Translate): string {
  if (r.man.captures === 'all' && r.man.backwardCaptureOnlyAfterForward) {
    return t('rp_manCapturesBackAfterForward');
  }
  return t(`rp_manCaptures_${r.man.captures}`);
}

function precedence(steps: readonly PrecedenceStep[], t: Translate): string {
  if (steps.length === 0) return t('rp_precedenceFree');
  const list = steps.map((s) => t(`rp_precedence_${s}`)).join(t('rp_precedenceThen'));
  return t('rp_precedenceOrder', { list });
}

function range([min, max]: readonly [number, number]): string {
  return min === max ? String(min) : `${min}–${max}`;
}

function drawText(d: DrawRule, t: Translate): string {
  switch (d.kind) {
    case 'repetition':
      return t('rp_draw_repetition', { times: d.times });
    case 'quietMoves':
      return t('rp_draw_quietMoves', { moves: d.moves });
    case 'endgame': {
      const text = t('rp_draw_endgame', {
        pieces: range(d.strongPieces),
        kings: d.minStrongKings,
        moves: d.moves,
      });
      return d.longDiagonal ? `${text} (${t('rp_draw_endgameDiagonal')})` : text;
    }
    case 'kingsBothSides':
      return t('rp_draw_kingsBothSides', {
        list: d.byPieces
          .map(([min, max, moves]) => t('rp_draw_kingsBand', { pieces: range([min, max]), moves }))
          .join(', '),
      });
    case 'onePieceEach':
      return t('rp_draw_onePieceEach');
    case 'oneKingEach':
      return t('rp_draw_oneKingEach');
  }
}

/** Whether the variant has queens, the middle stage between man and king (Israeli 6x6). */
function hasQueens(r: Rules): boolean {
  return r.promotion.stages.some((s) => s.to === 'queen');
}

/** Every parameter the pages and the table show, in reading order. */
export const PARAMETERS: readonly Parameter[] = [
  {
    id: 'board',
    section: 'board',
    label: 'rp_param_board',
    value: (r) => r.topology,
    text: (r, t) => t(`rp_board_${r.topology}`),
  },
  {
    id: 'pieces',
    section: 'board',
    label: 'rp_param_pieces',
    value: (r) => String(piecesPerSide(r.startFen)),
    text: (r, t) => t('rp_piecesEach', { n: piecesPerSide(r.startFen) }),
  },
  {
    id: 'first',
    section: 'board',
    label: 'rp_param_first',
    value: (r) => r.firstPlayer,
    text: (r, t) => t(r.firstPlayer),
  },
  {
    id: 'notation',
    section: 'board',
    label: 'rp_param_notation',
    value: (r) => `${r.notation.squares}/${r.topology}`,
    text: (r, t) => t(`rp_notation_${r.notation.squares}`, squareCount(r)),
  },
  {
    id: 'opening',
    section: 'board',
    label: 'rp_param_opening',
    value: (r) => r.forcedOpening.join(' '),
    text: (r, t) => (r.forcedOpening.length ? r.forcedOpening.join(' ') : t('rp_none')),
  },
  {
    id: 'manMoves',
    section: 'moves',
    label: 'rp_param_manMoves',
    value: (r) => `${r.man.moves}/${String(r.man.lastPieceMayMoveBackward)}`,
    text: (r, t) =>
      r.man.lastPieceMayMoveBackward
        ? `${t(`rp_manMoves_${r.man.moves}`)}; ${t('optionSummary_lastPieceMayMoveBackward')}`
        : t(`rp_manMoves_${r.man.moves}`),
  },
  {
    id: 'king',
    section: 'moves',
    label: 'rp_param_king',
    value: (r) => `${r.king.range}/${r.king.landing ?? 'anyBeyond'}`,
    text: (r, t) =>
      r.king.range === 'flying' && r.king.landing !== undefined && r.king.landing !== 'anyBeyond'
        ? t(`rp_king_flying_${r.king.landing}`)
        : t(`rp_king_${r.king.range}`),
  },
  {
    id: 'kingMoveLimit',
    section: 'moves',
    label: 'rp_param_kingMoveLimit',
    value: (r) => String(r.kingMoveLimit ?? 0),
    text: (r, t) =>
      r.kingMoveLimit ? t('rp_kingMoveLimit', { n: r.kingMoveLimit }) : t('rp_none'),
  },
  {
    id: 'queen',
    section: 'moves',
    label: 'rp_param_queen',
    value: (r) => String(hasQueens(r)),
    text: (r, t) => t(hasQueens(r) ? 'rp_queen_short' : 'rp_queen_none'),
  },
  {
    id: 'kingSplit',
    section: 'moves',
    label: 'rp_param_kingSplit',
    value: (r) => String(r.kingSplit),
    text: (r, t) => yesNo(t, r.kingSplit),
  },
  {
    id: 'obligation',
    section: 'captures',
    label: 'rp_param_obligation',
    value: (r) => r.capture.obligation,
    text: (r, t) => t(`rp_obligation_${r.capture.obligation}`),
  },
  {
    id: 'manCaptures',
    section: 'captures',
    label: 'rp_param_manCaptures',
    value: (r) => `${r.man.captures}/${String(r.man.backwardCaptureOnlyAfterForward)}`,
    text: manCaptures,
  },
  {
    id: 'menTakeKings',
    section: 'captures',
    label: 'rp_param_menTakeKings',
    value: (r) => String(r.man.capturesKings),
    text: (r, t) => yesNo(t, r.man.capturesKings),
  },
  {
    id: 'precedence',
    section: 'captures',
    label: 'rp_param_precedence',
    value: (r) => r.capture.precedence.join(','),
    text: (r, t) => precedence(r.capture.precedence, t),
  },
  {
    id: 'removal',
    section: 'captures',
    label: 'rp_param_removal',
    value: (r) => r.capture.removal,
    text: (r, t) => t(`rp_removal_${r.capture.removal}`),
  },
  {
    id: 'reversal',
    section: 'captures',
    label: 'rp_param_reversal',
    value: (r) => String(r.capture.allowReversal),
    text: (r, t) => yesNo(t, r.capture.allowReversal),
  },
  {
    id: 'mustComplete',
    section: 'captures',
    label: 'rp_param_mustComplete',
    value: (r) => String(r.capture.mustComplete),
    text: (r, t) => yesNo(t, r.capture.mustComplete),
  },
  {
    id: 'promotion',
    section: 'crowning',
    label: 'rp_param_promotion',
    value: (r) => JSON.stringify(r.promotion.stages),
    text: (r, t) =>
      r.promotion.stages.map((s) =>
        t('rp_promotionStage', {
          from: t(`rp_roleFrom_${s.from}`),
          to: t(`rp_roleTo_${s.to}`),
          zone: t(`rp_zone_${s.zone}`),
        }),
      ),
  },
  {
    id: 'midCapture',
    section: 'crowning',
    label: 'rp_param_midCapture',
    value: (r) => r.promotion.midCapture,
    text: (r, t) => t(`rp_midCapture_${r.promotion.midCapture}`),
  },
  {
    id: 'noMove',
    section: 'end',
    label: 'rp_param_noMove',
    value: (r) => r.noMoveMeans,
    text: (r, t) => t(`rp_noMove_${r.noMoveMeans}`),
  },
  {
    id: 'draws',
    section: 'end',
    label: 'rp_param_draws',
    value: (r) => JSON.stringify(r.draws),
    text: (r, t) => (r.draws.length ? r.draws.map((d) => drawText(d, t)) : t('rp_none')),
  },
  {
    id: 'adjudication',
    section: 'end',
    label: 'rp_param_adjudication',
    value: (r) => String(r.materialAdjudication),
    text: (r, t) => yesNo(t, r.materialAdjudication),
  },
];

export interface Fact {
  readonly id: string;
  readonly label: string;
  /** One or more sentences (several for lists such as the draw rules). */
  readonly items: readonly string[];
}

function items(text: string | readonly string[]): readonly string[] {
  return typeof text === 'string' ? [text] : text;
}

/** A variant's page text: each section with its facts, in reading order. */
export function describeRules(
  r: Rules,
  t: Translate,
): Array<{ id: SectionId; title: string; facts: Fact[] }> {
  return SECTIONS.map((s) => ({
    id: s.id,
    title: t(s.title),
    facts: PARAMETERS.filter((p) => p.section === s.id).map((p) => ({
      id: p.id,
      label: t(p.label),
      items: items(p.text(r, t)),
    })),
  }));
}

export interface DifferenceRow {
  readonly id: string;
  readonly label: string;
  /** One cell per column: the text, and whether it differs from the reference variant. */
  readonly cells: ReadonlyArray<{ readonly items: readonly string[]; readonly differs: boolean }>;
}

export interface DifferenceTable {
  readonly columns: readonly Rules[];
  readonly rows: readonly DifferenceRow[];
}

/**
 * The side-by-side table: one row per parameter, one column per variant, each cell marked when it
 * differs from `reference` (International by default).
 */
export function differenceTable(
  t: Translate,
  columns: readonly Rules[] = VARIANTS,
  reference: Rules = VARIANTS[0]!,
): DifferenceTable {
  return {
    columns,
    rows: PARAMETERS.map((p) => ({
      id: p.id,
      label: t(p.label),
      cells: columns.map((r) => ({
        items: items(p.text(r, t)),
        differs: p.value(r) !== p.value(reference),
      })),
    })),
  };
}
