/**
 * How web games end beyond "no move": every variant's draw rules judged through the web record
 * (the rules' Game model), draws by agreement and material adjudication, the computer's answer to
 * a draw offer (its evaluation, or the endgame tables' verdict when one covers the position), the reason sentences in every language with the game's own figures, and saved
 * games from older versions (no agreement, clock or flag fields) still loading.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, positionKey, variantOrThrow } from '@damka/rules';
import {
  entryOf,
  newGame,
  parseSaved,
  replay,
  withUndo,
  type GameSetup,
  type SavedGame,
} from '../src/game/record.ts';
import {
  DRAW_ACCEPT_CENTIMEN,
  DRAW_OPENING_PLIES,
  computerAcceptsDraw,
  gameStage,
  resultReason,
  resultTitle,
  timeoutResult,
  type GameResult,
} from '../src/game/draws.ts';
import { LOCALES, loadCatalogue, translator } from '../src/i18n/index.ts';
import { en } from '../src/i18n/en.ts';
import { he } from '../src/i18n/he.ts';
import { ar } from '../src/i18n/ar.ts';
import { ro } from '../src/i18n/ro.ts';

/**
 * Play `plies` quiet moves: no capture, none that offers the opponent a capture, and each time the
 * move to the position seen least so far — so no repetition ends the game before the rule tested.
 * Checks after every ply that the game has not ended early.
 */
function quietLine(setup: GameSetup, plies: number): SavedGame {
  let game = newGame(setup, 'friend', null);
  const seen = new Map<string, number>();
  for (let ply = 0; ply < plies; ply++) {
    const r = replay(game);
    assert.equal(r.result, null, `no result before ply ${ply} (${r.result?.reason ?? ''})`);
    const p = r.positions[r.positions.length - 1]!;
    seen.set(positionKey(p), (seen.get(positionKey(p)) ?? 0) + 1);
    const quiet = p.legalMoves().filter(
      (m) =>
        m.kind === 'step' &&
        !p
          .play(m)
          .legalMoves()
          .some((x) => x.kind !== 'step'),
    );
    assert.ok(quiet.length > 0, `a quiet move at ply ${ply}`);
    const count = (m: (typeof quiet)[number]) => seen.get(positionKey(p.play(m))) ?? 0;
    const best = quiet.reduce((a, b) => (count(b) < count(a) ? b : a));
    game = { ...game, entries: [...game.entries, entryOf(best)] };
  }
  return game;
}

test('International: two kings against a lone king, not won within 5 moves each, draw', () => {
  const g = quietLine({ variant: 'international', options: {}, fen: 'W:WK1,K3:BK50' }, 10);
  const r = replay(g).result;
  assert.equal(r?.reason, 'endgame');
  assert.equal(r?.winner, null);
  assert.deepEqual(r?.detail, {
    code: 'endgame',
    moves: 5,
    strong: 'white',
    strongMen: 0,
    strongKings: 2,
  });
  assert.equal(
    resultReason(translator('en'), r!, false),
    'White did not win with 2 pieces against a lone king within 5 moves.',
  );
});

test('Breakthrough: the first crowning wins, and the reason says so', () => {
  const fen = 'W:W7:B45';
  const start = Position.fromFen(variantOrThrow('breakthrough'), fen);
  assert.ok(start.ok);
  const crowning = start.value.legalMoves()[0]!;
  const game = newGame({ variant: 'breakthrough', options: {}, fen }, 'friend', null);
  const r = replay({ ...game, entries: [entryOf(crowning)] }).result;
  assert.equal(r?.winner, 'white');
  assert.equal(
    resultReason(translator('en'), r!, false, true),
    'White crowned the first king, and that wins.',
  );
  assert.equal(resultReason(translator('en'), r!, false), 'Black has no legal move.');
});

test('English: 40 moves each without a capture or a man move, draw', () => {
  const g = quietLine({ variant: 'english', options: {}, fen: 'B:WK28,K32:BK1,K5' }, 80);
  const r = replay(g);
  assert.equal(r.result?.reason, 'quietMoves');
  assert.equal(
    resultReason(translator('en'), r.result!, false),
    '40 moves each without a capture or a man move.',
  );
  // the house rule without move-count draws keeps the same line going
  const free = quietLine(
    { variant: 'english', options: { noKingMoveLimit: true }, fen: 'B:WK28,K32:BK1,K5' },
    80,
  );
  assert.equal(replay(free).result, null);
});

test('the draw count is shown while it runs', () => {
  const g = quietLine({ variant: 'international', options: {}, fen: 'W:WK1,K3:BK50' }, 4);
  const progress = replay(g).drawProgress;
  assert.ok(progress.some((p) => p.moves === 2 && p.limit === 5));
});

test('Turkish: one piece each is drawn at once; Dhamet-style rules come from the variant data', () => {
  const g = newGame({ variant: 'turkish', options: {}, fen: 'W:Wa2:Bh7' }, 'friend', null);
  const r = replay(g).result;
  assert.equal(r?.reason, 'onePieceEach');
  assert.equal(resultTitle(translator('en'), r!), 'Draw');
});

test('agreed draws; material adjudication decides them under the house rule; undo clears them', () => {
  const setup: GameSetup = { variant: 'russian', options: {}, fen: 'W:Wa1,c1,e1:Bh8,f8' };
  const agreed = { ...newGame(setup, 'friend', null), agreed: true };
  const r = replay(agreed);
  assert.deepEqual(
    { winner: r.result?.winner, reason: r.result?.reason },
    { winner: null, reason: 'agreement' },
  );
  assert.equal(resultReason(translator('en'), r.result!, false), 'Both players agreed to a draw.');
  const adjudicated = replay({
    ...agreed,
    setup: { ...setup, options: { materialAdjudication: true } },
  }).result!;
  assert.equal(adjudicated.winner, 'white');
  assert.deepEqual(adjudicated.adjudication, { white: 3, black: 2 });
  assert.equal(
    resultReason(translator('en'), adjudicated, false),
    'Both players agreed to a draw. White wins on material, 3 pieces to 2.',
  );
  // the agreement belongs after the last move: an undo takes it back with the move
  const played = quietLine(setup, 1);
  const withAgreement = { ...played, agreed: true };
  const undone = withUndo(withAgreement, replay(withAgreement), 1, Date.now());
  assert.equal(undone.agreed, undefined);
  assert.equal(replay(undone).result, null);
});

test('the computer declines every draw in the opening and weighs its evaluation by stage', () => {
  assert.equal(DRAW_ACCEPT_CENTIMEN, 25);
  // the opening: move 1, or a long game with nearly every piece still on the board
  assert.equal(gameStage(0, true, 40, 40), 'opening');
  assert.equal(gameStage(DRAW_OPENING_PLIES - 1, true, 20, 40), 'opening');
  assert.equal(gameStage(40, true, 38, 40), 'opening');
  assert.equal(gameStage(40, true, 30, 40), 'middlegame');
  assert.equal(gameStage(60, true, 16, 40), 'endgame');
  // a game set up from a FEN: its material tells the stage from the first move
  assert.equal(gameStage(0, false, 7, 40), 'endgame');
  assert.equal(gameStage(0, false, 38, 40), 'opening');
  for (const score of [-500, -26, 0, 25, 300]) {
    assert.equal(computerAcceptsDraw(score, false, 'opening'), false, `opening ${score}`);
    assert.equal(computerAcceptsDraw(score, true, 'opening'), false, `opening ${score}`);
  }
  // score from the side to move: the human offers on his turn, so the computer's view is -score
  assert.equal(computerAcceptsDraw(-25, false, 'endgame'), true);
  assert.equal(computerAcceptsDraw(-26, false, 'endgame'), false);
  assert.equal(computerAcceptsDraw(300, false, 'endgame'), true);
  assert.equal(computerAcceptsDraw(25, true, 'endgame'), true);
  assert.equal(computerAcceptsDraw(26, true, 'endgame'), false);
  // the middlegame: only when it stands worse
  assert.equal(computerAcceptsDraw(0, false, 'middlegame'), false);
  assert.equal(computerAcceptsDraw(25, false, 'middlegame'), false);
  assert.equal(computerAcceptsDraw(26, false, 'middlegame'), true);
  assert.equal(computerAcceptsDraw(-26, true, 'middlegame'), true);
  assert.equal(computerAcceptsDraw(null, false, 'endgame'), false, 'no evaluation: decline');
  assert.equal(computerAcceptsDraw(Number.NaN, false, 'endgame'), false);
});

test('an endgame table covering the position decides the draw, whatever the evaluation says', () => {
  // a table-drawn (or lost) ending: accepted even where the evaluation alone would decline
  assert.equal(computerAcceptsDraw(-300, false, 'endgame', 'accept'), true);
  assert.equal(computerAcceptsDraw(null, false, 'endgame', 'accept'), true);
  assert.equal(computerAcceptsDraw(0, false, 'middlegame', 'accept'), true);
  // a table-won ending: declined even where the evaluation alone would accept
  assert.equal(computerAcceptsDraw(300, false, 'endgame', 'decline'), false);
  assert.equal(computerAcceptsDraw(-300, true, 'endgame', 'decline'), false);
  // no table: the evaluation decides as before
  assert.equal(computerAcceptsDraw(300, false, 'endgame', undefined), true);
});

test('reasons in every language carry the game figures; the new messages exist in each', async () => {
  const block = Object.keys(en).filter((k) =>
    /^(reason(QuietMoves|Endgame|LongDiagonal|KingsBoth|OnePiece|OneKing|Agreement|Timeout|Material))|^(drawCount|offerDraw|drawOffered|acceptDraw|declineDraw|drawDeclined|computer(Considers|Declines)Draw|clock(Friend|Left|Pause|Resume|Paused)|animation)/.test(
      k,
    ),
  );
  assert.ok(block.length >= 25, `found ${block.length}`);
  for (const [name, table] of Object.entries({ he, ar, ro })) {
    const missing = [...block, 'sound'].filter((k) => !(k in table));
    assert.deepEqual(missing, [], `${name} lacks ${missing.join(', ')}`);
  }
  const endgame: GameResult = {
    winner: null,
    reason: 'endgame',
    side: null,
    detail: {
      code: 'endgame',
      moves: 5,
      strong: 'black',
      strongMen: 1,
      strongKings: 2,
      longDiagonal: 'weak',
    },
  };
  const timeout = timeoutResult('white');
  assert.equal(timeout.winner, 'black');
  for (const locale of LOCALES) {
    await loadCatalogue(locale);
    const t = translator(locale);
    const text = resultReason(t, endgame, false);
    assert.match(text, /5/, `${locale}: ${text}`);
    assert.match(text, /3/, `${locale}: ${text}`);
    assert.ok(text.includes(t('black')), `${locale} names the strong side: ${text}`);
    assert.ok(text.includes(t('reasonLongDiagonalWeak')), locale);
    const lost = resultReason(t, timeout, false);
    assert.ok(lost.includes(t('white')) && !lost.includes('{'), `${locale}: ${lost}`);
    if (locale !== 'en') assert.notEqual(lost, resultReason(translator('en'), timeout, false));
  }
  assert.equal(resultReason(translator('en'), timeout, false), 'White lost on time.');
});

function firstMove(variant: string) {
  const r = replay(newGame({ variant, options: {} }, 'friend', null));
  return entryOf(r.positions[0]!.legalMoves()[0]!);
}

test('saved games from older versions load; malformed entries end the game record there', () => {
  // the shape written before clocks and agreements existed
  const old = {
    id: 'k1',
    setup: { variant: 'international', options: {} },
    entries: [JSON.parse(JSON.stringify(firstMove('international'))) as unknown],
    mode: 'friend',
    computer: null,
    resigned: null,
  };
  const loaded = parseSaved(JSON.stringify(old));
  assert.ok(loaded);
  assert.equal(loaded.clock, undefined);
  assert.equal(loaded.agreed, undefined);
  assert.equal(replay(loaded).entries.length, 1);
  const broken = parseSaved(
    JSON.stringify({
      ...old,
      entries: [...old.entries, { type: 'move', from: 'x' }, ...old.entries],
      agreed: 'yes',
    }),
  );
  assert.ok(broken);
  assert.equal(broken.entries.length, 1, 'kept up to the malformed entry');
  assert.equal(broken.agreed, undefined, 'only `true` is an agreement');
  assert.equal(parseSaved(JSON.stringify({ ...old, entries: [null] }))?.entries.length, 0);
});
