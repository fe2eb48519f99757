/**
 * The computer's worker logic in Node (`responder.ts`, the code the Web Worker runs): in every
 * variant the engine's entries replay as legal moves from the start — through Dhamet's compulsory
 * opening and at the lowest and highest levels; huff rules burn when a capture was skipped; an
 * analysis reports its progress and a line in the variant's notation; evaluations have the side to
 * move's sign; the panel's figures read from White's side; a game that does not replay is answered
 * with an error, never a crash.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, VARIANTS, variantOrThrow } from '@damka/rules';
import { entryOf, newGame, replay, type Entry, type SavedGame } from '../src/game/record.ts';
import { chooseBurn, createResponder, lineText } from '../src/computer/responder.ts';
import { computerThreads, levelOf } from '../src/computer/client.ts';
import { sharedTableBuffer } from '@damka/engine';
import type { Analysis, FromWorker, Question, QuestionKind } from '../src/computer/protocol.ts';
import { formatMen, whiteShare } from '../src/ui/analysis.tsx';

/** A responder with small tables and a fixed seed, and the answers it posted. */
function responder() {
  const answers: FromWorker[] = [];
  const r = createResponder((a) => answers.push(a), { seed: 7, ttBits: 14 });
  let id = 0;
  const ask = (
    type: QuestionKind,
    game: SavedGame,
    extra: Partial<Pick<Question, 'level' | 'moveTime'>> = {},
  ) => {
    answers.length = 0;
    id++;
    r.answer({ type, id, setup: game.setup, entries: game.entries, moveTime: 40, ...extra });
    const done = answers.find((a) => a.type !== 'info');
    assert.ok(done, 'an answer is posted');
    assert.equal(done.id, id);
    return { done, infos: answers.filter((a) => a.type === 'info') };
  };
  return { ask };
}

test('every variant: the computer plays legal entries from the start at levels 1 and 8', () => {
  const { ask } = responder();
  for (const rules of VARIANTS) {
    let game = newGame({ variant: rules.id, options: {} }, 'computer', 'black');
    // Dhamet's compulsory opening is ten plies: play past it
    const plies = rules.forcedOpening.length > 0 ? rules.forcedOpening.length + 2 : 6;
    for (let ply = 0; ply < plies; ply++) {
      const level = ply % 2 === 0 ? 1 : 8;
      const { done } = ask('think', game, { level });
      assert.equal(done.type, 'done', `${rules.id} ply ${ply}`);
      if (done.type !== 'done') return;
      if (!done.analysis?.best) break; // the game ended
      const before = replay(game);
      const after = replay({ ...game, entries: [...game.entries, done.analysis.best] });
      assert.equal(
        after.entries.length,
        before.entries.length + 1,
        `${rules.id} ply ${ply}: the computer's entry is legal`,
      );
      game = { ...game, entries: after.entries };
    }
    assert.ok(game.entries.length > 0, `${rules.id}: the computer moved`);
  }
});

test('Dhamet: the computer follows the compulsory opening', () => {
  const { ask } = responder();
  const game = newGame({ variant: 'dhamet', options: {} }, 'computer', 'white');
  const start = replay(game).positions[0]!;
  const forced = start.legalMoves();
  const { done } = ask('think', game, { level: 8 });
  assert.ok(done.type === 'done' && done.analysis?.best?.type === 'move');
  const best = done.analysis.best;
  assert.ok(forced.some((m) => m.from === best.from && m.to === best.to));
});

/** An Israeli game whose last entry skipped a capture, so the side to move may burn. */
function burnableGame(): SavedGame {
  let g = newGame({ variant: 'israeli', options: {} }, 'computer', 'black');
  for (let ply = 0; ply < 16; ply++) {
    const r = replay(g);
    const p = r.positions[r.positions.length - 1]!;
    const moves = p.legalMoves();
    const step = moves.find((m) => m.kind === 'step');
    if (moves.some((m) => m.kind === 'capture') && step) {
      return { ...g, entries: [...g.entries, entryOf(step)] };
    }
    g = { ...g, entries: [...g.entries, entryOf(moves[0]!)] };
  }
  throw new Error('no capture appeared on the line');
}

test('huff rules: the computer burns the piece that skipped a capture, then moves', () => {
  const { ask } = responder();
  const game = burnableGame();
  const position = replay(game).positions.at(-1)!;
  assert.ok(position.burnable.length > 0);
  const { done } = ask('think', game, { level: 4 });
  assert.ok(done.type === 'done' && done.analysis?.best?.type === 'burn');
  const burn = done.analysis.best;
  assert.ok(position.burnable.includes(burn.square));
  const burned: SavedGame = { ...game, entries: [...game.entries, burn] };
  assert.equal(replay(burned).entries.length, burned.entries.length, 'the burn replays');
  const next = ask('think', burned, { level: 4 }).done;
  assert.ok(next.type === 'done' && next.analysis?.best?.type === 'move', 'then a move');
  const moved = replay({ ...burned, entries: [...burned.entries, next.analysis.best] });
  assert.equal(moved.entries.length, burned.entries.length + 1);
  // the hint proposes the burn as well; give-away rules never burn
  assert.equal(ask('hint', game).done.type, 'done');
  assert.equal(chooseBurn(Position.start(variantOrThrow('giveaway'))), null);
});

test('analysis: progress after each iteration, a line in the notation, White-side score', () => {
  const { ask } = responder();
  // international: White 32 takes 27 and wins a man
  const game = newGame(
    { variant: 'international', options: {}, fen: 'B:W32,48,49:B27,3,4' },
    'friend',
    null,
  );
  const { done, infos } = ask('analyse', game, { moveTime: 2000 });
  assert.ok(infos.length >= 2, 'several iterations reported');
  const depths = infos.map((i) => (i.type === 'info' ? i.analysis.depth : 0));
  assert.deepEqual(
    depths,
    [...depths].sort((a, b) => a - b),
    'depths grow',
  );
  assert.ok(done.type === 'done' && done.analysis);
  const a = done.analysis;
  assert.ok(a.line.length >= 1);
  const start = replay(game).positions[0]!;
  // Black to move: the White-side score is the negated side-to-move score
  assert.equal(a.whiteScore, -a.score);
  const first = start.legalMoves().find((m) => lineText(start, [m])[0] === a.line[0]);
  assert.ok(first, `the line starts with a legal move (${a.line.join(' ')})`);
});

test('evaluate: a man up is good for the side to move, a man down bad', () => {
  const { ask } = responder();
  const up = newGame({ variant: 'english', options: {}, fen: 'W:W21,22,23:B1,2' }, 'friend', null);
  const down = newGame(
    { variant: 'english', options: {}, fen: 'B:W21,22,23:B1,2' },
    'friend',
    null,
  );
  const score = (g: SavedGame) => {
    const { done } = ask('evaluate', g, { moveTime: 100 });
    assert.ok(done.type === 'done' && done.analysis);
    return done.analysis.score;
  };
  assert.ok(score(up) > 50, 'White to move, a man up');
  assert.ok(score(down) < -50, 'Black to move, a man down');
});

test('a game that does not replay is answered with an error; levels are checked', () => {
  const { ask } = responder();
  const bad: Entry = { type: 'move', from: 0, to: 0, captures: [], path: [0] };
  const game = newGame({ variant: 'international', options: {} }, 'computer', 'black');
  const { done } = ask('think', { ...game, entries: [bad] });
  assert.equal(done.type, 'error');
  const unknown = ask('think', { ...game, setup: { variant: 'chess', options: {} } }).done;
  assert.equal(unknown.type, 'error');
  assert.equal(levelOf(5), 5);
  assert.equal(levelOf(0), 3);
  assert.equal(levelOf('8'), 3);
  assert.equal(levelOf(2.5), 3);
});

test('analysis figures: signed men from White’s side, and the bar’s share', () => {
  assert.equal(formatMen(125), '+1.25');
  assert.equal(formatMen(-40), '−0.40');
  assert.equal(formatMen(0), '0.00');
  const at = (whiteScore: number, mate?: number): Analysis => ({
    depth: 1,
    score: whiteScore,
    whiteScore,
    ...(mate !== undefined ? { mate } : {}),
    nodes: 1,
    time: 1,
    line: [],
    best: null,
  });
  assert.equal(whiteShare(at(0)), 50);
  assert.ok(whiteShare(at(100)) > 50 && whiteShare(at(100)) < whiteShare(at(300)));
  assert.ok(whiteShare(at(-300)) < 50 && whiteShare(at(-300)) > 0);
  assert.equal(whiteShare(at(29_990, 5)), 100);
  assert.equal(whiteShare(at(-29_990, 5)), 0);
});

test('threads: full-strength searches get helper threads, counted in the answer; evicted engines close theirs', () => {
  const started: { variant: string; threads: number }[] = [];
  let closed = 0;
  const answers: FromWorker[] = [];
  const r = createResponder((a) => answers.push(a), {
    seed: 7,
    ttBits: 14,
    helpersFor: (variant, threads) => {
      started.push({ variant: variant.id, threads });
      // helpers that search nothing but report nodes, as loaded threads do
      return {
        count: threads - 1,
        table: sharedTableBuffer(14),
        ttBits: 14,
        start: () => {},
        stop: () => 5000,
        newGame: () => {},
        close: async () => void closed++,
      };
    },
  });
  r.setThreads(3);
  const ask = (variant: string, type: QuestionKind, level?: number) => {
    answers.length = 0;
    r.answer({
      type,
      id: 1,
      setup: { variant, options: {} },
      entries: [],
      moveTime: 40,
      ...(level !== undefined ? { level } : {}),
    });
    const done = answers.find((a) => a.type === 'done');
    assert.ok(done?.type === 'done' && done.analysis);
    return done.analysis;
  };
  const full = ask('russian', 'think', 8);
  assert.equal(full.threads, 3);
  assert.ok(full.nodes > 5000);
  assert.equal(ask('russian', 'think', 2).threads, undefined, 'a lower level searches alone');
  assert.equal(ask('russian', 'hint').threads, 3);
  assert.deepEqual(started, [{ variant: 'russian', threads: 3 }]);
  // two engines are kept: a third variant's evicts the oldest, whose threads end
  ask('english', 'hint');
  ask('international', 'hint');
  assert.equal(started.length, 3);
  assert.equal(closed, 1);
});

test('the computer leaves one core to the page and searches on at most four', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 8, 16, NaN].map((cores) => computerThreads(cores)),
    [1, 1, 2, 3, 4, 4, 1],
  );
});
