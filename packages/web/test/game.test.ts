/**
 * The web app's pure modules in Node: game replay and results, undo against the computer, stored
 * games refused when malformed, the computer's burns, refusal explanations and the
 * message catalogues.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, variantOrThrow } from '@damka/rules';
import {
  entryOf,
  newGame,
  parseSaved,
  replay,
  undoCount,
  type GameResult,
  type SavedGame,
} from '../src/game/record.ts';
import { chooseBurn } from '../src/computer/responder.ts';
import { explainRefusal } from '../src/game/explain.ts';
import { LOCALES, direction, loadCatalogue, pickLocale, translator } from '../src/i18n/index.ts';
import { en } from '../src/i18n/en.ts';
import { he } from '../src/i18n/he.ts';
import { ar } from '../src/i18n/ar.ts';
import { ro } from '../src/i18n/ro.ts';
import { optionDefault, optionsFor } from '../src/ui/setup.tsx';

const t = translator('en');

function play(game: SavedGame, texts: string[]): SavedGame {
  let g = game;
  for (const text of texts) {
    const r = replay(g);
    const p = r.positions[r.positions.length - 1]!;
    const names = p.variant.squares.names;
    const m = p
      .legalMoves()
      .find(
        (x) =>
          `${names[x.from]}-${names[x.to]}` === text || `${names[x.from]}x${names[x.to]}` === text,
      );
    assert.ok(m, `legal: ${text}`);
    g = { ...g, entries: [...g.entries, entryOf(m)] };
  }
  return g;
}

test('replay rebuilds positions and notation; an illegal stored entry ends the replay', () => {
  const g = play(newGame({ variant: 'international', options: {} }, 'friend', null), [
    '32-28',
    '19-23',
    '28x19',
  ]);
  const r = replay(g);
  assert.equal(r.positions.length, 4);
  assert.deepEqual(r.notation, ['32-28', '19-23', '28x19']);
  assert.equal(r.result, null);
  const broken = {
    ...g,
    entries: [...g.entries, { type: 'move' as const, from: 0, to: 1, captures: [], path: [1] }],
  };
  assert.equal(replay(broken).entries.length, 3);
});

/** Who won, why and about whom (the reason's parameters are checked in draws.test.ts). */
function brief(r: GameResult | null) {
  return r && { winner: r.winner, reason: r.reason, side: r.side };
}

test('no legal move: a loss, or a win under give-away rules', () => {
  const normal = play(
    newGame({ variant: 'international', options: {}, fen: 'W:W6:B11' }, 'friend', null),
    ['6x17'],
  );
  assert.deepEqual(brief(replay(normal).result), {
    winner: 'white',
    reason: 'noMoves',
    side: 'black',
  });
  const give = play(newGame({ variant: 'giveaway', options: {}, fen: 'B:W6:B1' }, 'friend', null), [
    '1x10',
  ]);
  assert.deepEqual(brief(replay(give).result), {
    winner: 'white',
    reason: 'noMoves',
    side: 'white',
  });
});

test('threefold repetition draws', () => {
  // two kings shuffle back and forth: the start position comes back a third time after 8 plies
  let g = newGame({ variant: 'english', options: {}, fen: 'B:WK28:BK5' }, 'friend', null);
  const r0 = replay(g);
  const there: Array<{ from: number; to: number }> = [];
  for (let ply = 0; ply < 8; ply++) {
    const r = replay(g);
    assert.equal(r.result, null, `no result before ply ${ply}`);
    const p = r.positions[r.positions.length - 1]!;
    const back = ply >= 2 ? there[ply - 2]! : undefined;
    const m = back
      ? p.legalMoves().find((x) => x.from === back.to && x.to === back.from)!
      : p.legalMoves()[0]!;
    there.push({ from: m.from, to: m.to });
    g = { ...g, entries: [...g.entries, entryOf(m)] };
  }
  const r = replay(g);
  assert.equal(r.positions[8]!.fen, r0.positions[0]!.fen);
  assert.deepEqual(brief(r.result), { winner: null, reason: 'repetition', side: null });
});

test('resignation is a result; undo clears it', () => {
  const g = {
    ...newGame({ variant: 'russian', options: {} }, 'friend', null),
    resigned: 'white' as const,
  };
  assert.deepEqual(brief(replay(g).result), { winner: 'black', reason: 'resign', side: 'white' });
});

test('undo: one entry with a friend, back to the human turn against the computer', () => {
  const base = newGame({ variant: 'international', options: {} }, 'computer', 'black');
  const afterReply = play(base, ['32-28', '19-23']);
  assert.equal(undoCount(afterReply, replay(afterReply)), 2);
  const waiting = play(base, ['32-28']);
  assert.equal(undoCount(waiting, replay(waiting)), 1);
  const friend = play(newGame({ variant: 'international', options: {} }, 'friend', null), [
    '32-28',
    '19-23',
  ]);
  assert.equal(undoCount(friend, replay(friend)), 1);
  // the computer opened the game: nothing of the human's to take back
  const computerFirst = play(
    newGame({ variant: 'international', options: {} }, 'computer', 'white'),
    ['32-28'],
  );
  assert.equal(undoCount(computerFirst, replay(computerFirst)), 0);
});

test('stored games: valid ones load, malformed ones are refused', () => {
  const g = play(newGame({ variant: 'dhamet', options: {} }, 'friend', null), ['d4-e5']);
  const back = parseSaved(JSON.stringify(g));
  assert.ok(back);
  assert.equal(replay(back).entries.length, 1);
  assert.equal(parseSaved('{'), null);
  assert.equal(parseSaved('null'), null);
  assert.equal(
    parseSaved(JSON.stringify({ ...g, setup: { variant: 'chess', options: {} } })),
    null,
  );
  assert.equal(parseSaved(JSON.stringify({ ...g, entries: 'x' })), null);
});

test('refusals are explained from the legal moves', () => {
  const v = variantOrThrow('international');
  const start = Position.start(v);
  const sq = (n: string) => v.squares.parse(n);
  assert.equal(explainRefusal(start, sq('46'), -1, t), 'This piece has no legal move.');
  assert.ok(explainRefusal(start, sq('31'), sq('22'), t).length > 0);
  const capture = Position.fromFen(v, 'W:W33,40:B28,5');
  assert.ok(capture.ok);
  assert.match(explainRefusal(capture.value, sq('40'), sq('34'), t), /capture is compulsory.*33/i);
  const dhamet = Position.start(variantOrThrow('dhamet'));
  const d = variantOrThrow('dhamet').squares;
  assert.match(explainRefusal(dhamet, d.parse('e4'), d.parse('e5'), t), /d4-e5/);
});

test('refusals under the newer rule sets are worded in the player’s language', async () => {
  await loadCatalogue('ru');
  const ru = translator('ru');
  const at = (id: string, fen: string) => {
    const v = variantOrThrow(id);
    const p = Position.fromFen(v, fen);
    assert.ok(p.ok, `${id} ${fen}`);
    return { p: p.value, sq: (n: string) => v.squares.parse(n) };
  };
  const thai = at('thai', 'W:WKa1:Bc3,h8');
  assert.equal(
    explainRefusal(thai.p, thai.sq('a1'), thai.sq('e5'), ru),
    ru('why_kingLandsRightBehind'),
  );
  const killer = at('killer', 'W:WK46:BK37,5');
  assert.equal(
    explainRefusal(killer.p, killer.sq('46'), killer.sq('28'), ru),
    ru('why_kingStopsBehindKing'),
  );
  const bt = at('breakthrough', 'W:WK5,31:B20');
  assert.equal(explainRefusal(bt.p, bt.sq('31'), bt.sq('27'), ru), ru('why_gameOver'));
  assert.notEqual(ru('why_gameOver'), t('why_gameOver'));
});

test('catalogues: every language names the menu and game strings; directions and locale picking', () => {
  const menuAndGame = [
    'newGame',
    'continueGame',
    'settings',
    'language',
    'chooseRules',
    'houseRules',
    'opponent',
    'vsFriend',
    'vsComputer',
    'start',
    'toMove',
    'yourMove',
    'thinking',
    'moves',
    'undo',
    'resign',
    'flipBoard',
    'winner',
    'draw',
    'reasonNoMoves',
    'reasonResign',
    'refused',
    'refusedNoMove',
  ] as const;
  for (const [name, table] of [
    ['he', he],
    ['ar', ar],
    ['ro', ro],
  ] as const) {
    for (const key of menuAndGame) {
      assert.ok(table[key] && table[key] !== en[key], `${name}.${key} translated`);
    }
    for (const [key, text] of Object.entries(table)) {
      const want = (en[key as keyof typeof en].match(/\{\w+\}/g) ?? []).sort();
      assert.deepEqual((text.match(/\{\w+\}/g) ?? []).sort(), want, `${name}.${key} placeholders`);
    }
  }
  assert.equal(direction('he'), 'rtl');
  assert.equal(direction('ar'), 'rtl');
  assert.equal(direction('ro'), 'ltr');
  assert.equal(direction('en'), 'ltr');
  assert.equal(pickLocale(['de-DE', 'he-IL']), 'he');
  assert.equal(pickLocale(['fr-FR', 'he-IL']), 'fr');
  assert.equal(pickLocale(['de']), 'en');
  assert.equal(translator('ro')('winner', { color: 'Albul' }), 'Câștigă Albul');
  assert.equal(translator('he')('srMan'), 'חייל', 'the board announcements are translated');
  assert.equal(LOCALES.length, 11);
});

test('house-rule switches show the variant defaults', () => {
  const israeli = variantOrThrow('israeli').rules;
  assert.equal(optionDefault(israeli, 'burnedPieces'), true);
  assert.equal(optionDefault(variantOrThrow('dhamet').rules, 'forcedOpening'), true);
  assert.equal(optionDefault(variantOrThrow('giveaway').rules, 'giveaway'), true);
  assert.equal(optionDefault(variantOrThrow('international').rules, 'giveaway'), false);
  assert.ok(!optionsFor(israeli).includes('souffle'));
  assert.ok(optionsFor(variantOrThrow('dhamet').rules).includes('souffle'));
});

test('huff rules: a skipped capture lets the opponent burn a piece, recorded as an entry', () => {
  // Israeli: find the first position on a simple line where a capture is available, skip it
  let g = newGame({ variant: 'israeli', options: {} }, 'friend', null);
  for (let ply = 0; ply < 12; ply++) {
    const r = replay(g);
    const p = r.positions[r.positions.length - 1]!;
    const moves = p.legalMoves();
    const step = moves.find((m) => m.kind === 'step');
    if (moves.some((m) => m.kind === 'capture') && step) {
      g = { ...g, entries: [...g.entries, entryOf(step)] };
      const after = replay(g);
      const q = after.positions[after.positions.length - 1]!;
      assert.ok(q.burnable.length > 0, 'the skipped capture makes pieces burnable');
      const victim = q.burnable[0]!;
      const burned = { ...g, entries: [...g.entries, { type: 'burn' as const, square: victim }] };
      const b = replay(burned);
      assert.equal(b.entries.length, g.entries.length + 1);
      const last = b.positions[b.positions.length - 1]!;
      assert.equal(last.pieceAt(victim), undefined);
      assert.equal(last.turn, q.turn, 'a burn is not a move');
      assert.equal(b.notation[b.notation.length - 1], q.variant.squares.names[victim]);
      // the computer burns when it may
      const e = chooseBurn(q);
      assert.equal(e?.type, 'burn');
      return;
    }
    g = { ...g, entries: [...g.entries, entryOf(moves[0]!)] };
  }
  assert.fail('no capture appeared on the line');
});

test('a king split and the king step between the same squares stay apart through save and replay', () => {
  const setup = { variant: 'international', options: { kingSplit: true }, fen: 'W:WK28:B5' };
  const start = Position.fromFen(variantOrThrow('international', { kingSplit: true }), setup.fen);
  assert.ok(start.ok);
  const split = start.value.legalMoves().find((m) => m.kind === 'split');
  assert.ok(split, 'the position offers a king split');
  const step = start.value
    .legalMoves()
    .find((m) => m.kind === 'step' && m.from === split.from && m.to === split.to);
  assert.ok(step, 'and a king step between the same squares');
  for (const move of [split, step]) {
    const game: SavedGame = { ...newGame(setup, 'friend', null), entries: [entryOf(move)] };
    const reloaded = parseSaved(JSON.stringify(game));
    assert.ok(reloaded);
    const replayed = replay(reloaded);
    assert.equal(replayed.entries.length, 1);
    const after = replayed.positions[1]!;
    assert.equal(after.fen, start.value.play(move).fen, `${move.kind} replays as itself`);
  }
});
