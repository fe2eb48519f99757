import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Position, getVariant, variantOrThrow, type Variant } from '@damka/rules';
import {
  BENCH_POSITIONS,
  Engine,
  OpeningBook,
  bookKey,
  bookPlayed,
  bookVariants,
  bookWeight,
  buildBook,
  createEngineHost,
  decodeBook,
  encodeBook,
  loadBook,
  runBench,
  type BookFile,
  type EngineResponse,
} from '../src/index.ts';
import { HubEngine, type HubBackend } from '../src/protocols/hub-engine.ts';
import { startBookBuild } from '../src/book/build-node.ts';

const SAMPLE: BookFile = {
  variant: 'international',
  depth: 8,
  plies: 16,
  margin: 12,
  entries: [
    {
      lo: -5,
      hi: 0x7fffffff,
      moves: [
        { from: 31, to: 26, captures: [], split: false, weight: 255, score: 3 },
        { from: 12, to: 40, captures: [17, 28, 33], split: false, weight: 1, score: -2500 },
      ],
    },
    { lo: 0, hi: -1, moves: [{ from: 1, to: 2, captures: [], split: true, weight: 77, score: 0 }] },
  ],
};

test('the book format round-trips and refuses a damaged or foreign file', () => {
  const bytes = encodeBook(SAMPLE);
  const back = decodeBook(bytes, 'international');
  assert.ok(back.ok);
  assert.deepEqual(back.value, SAMPLE);
  assert.equal(decodeBook(bytes.subarray(0, bytes.length - 1)).ok, false);
  assert.equal(decodeBook(bytes, 'english').ok, false);
  const foreign = bytes.slice();
  foreign[0] = 0;
  assert.equal(decodeBook(foreign).ok, false);
});

/** Every position a game can reach by book moves (and forced moves) from the start, with its book moves. */
function walk(book: OpeningBook, variant: Variant): { entries: number; moves: number } {
  const seen = new Set<string>();
  const queue = [Position.start(variant)];
  let entries = 0;
  let moves = 0;
  while (queue.length > 0) {
    const p = queue.shift()!;
    const key = bookKey(p);
    if (!key || seen.has(`${key[0]}:${key[1]}`)) continue;
    seen.add(`${key[0]}:${key[1]}`);
    const legal = p.legalMoves();
    if (legal.length === 1) {
      queue.push(p.play(legal[0]!));
      continue;
    }
    const stored = book.file.entries.find((e) => e.lo === key[0] && e.hi === key[1]);
    if (!stored) continue;
    const choices = book.lookup(p);
    assert.equal(
      choices.length,
      stored.moves.length,
      `${variant.id}: a book move is illegal in ${p.fen}`,
    );
    for (const c of choices) assert.ok(legal.includes(c.move));
    entries++;
    moves += choices.length;
    for (const c of choices) queue.push(p.play(c.move));
  }
  return { entries, moves };
}

test('every move of every shipped book is legal, and every entry is reached from the start', async () => {
  const ids = bookVariants();
  assert.ok(ids.length > 0, 'no books shipped');
  for (const id of ids) {
    const variant = variantOrThrow(id);
    const book = await loadBook(variant);
    assert.ok(book, `${id}: the book does not load`);
    assert.ok(encodeBook(book.file).length <= 1024 * 1024, `${id}: book over 1 MB`);
    const { entries } = walk(book, variant);
    assert.equal(
      entries,
      book.size,
      `${id}: ${book.size - entries} entries not reached by book moves`,
    );
  }
});

test('a book applies only to the standard rules of its variant', async () => {
  const plain = await loadBook(variantOrThrow('international'));
  assert.ok(plain);
  const house = getVariant('international', { noForcedCapture: true });
  assert.ok(house.ok);
  assert.equal(await loadBook(house.value), null);
  assert.deepEqual(plain.lookup(Position.start(house.value)), []);
});

test('levels 6-8 play from the book, levels 6-7 reproducibly by seed and with variety, level 8 its best move; level 5 and book: false search', async () => {
  const variant = variantOrThrow('international');
  const book = await loadBook(variant);
  assert.ok(book);
  const start = Position.start(variant);
  const bookMoves = book.lookup(start).map((c) => c.move);
  assert.ok(bookMoves.length >= 2, 'the start position has at least two book moves');
  const limits = { depth: 2 };
  const firsts = new Set<number>();
  for (let seed = 1; seed <= 24; seed++) {
    for (const level of [6, 7, 8]) {
      const r = new Engine(variant, { ttBits: 12, seed, book }).search(start, { level, limits });
      assert.equal(r.nodes, 0, `level ${level} searched a book position`);
      assert.ok(r.move && bookMoves.includes(r.move));
      if (level === 6) firsts.add(bookMoves.indexOf(r.move));
    }
    const again = new Engine(variant, { ttBits: 12, seed, book }).search(start, {
      level: 6,
      limits,
    });
    const first = new Engine(variant, { ttBits: 12, seed, book }).search(start, {
      level: 6,
      limits,
    });
    assert.equal(again.move, first.move, 'the same seed plays the same book move');
  }
  assert.ok(firsts.size >= 2, 'different seeds choose different book moves');
  // the strongest level plays the best-scored book move, whatever the seed
  const top = book.lookup(start).reduce((a, c) => (c.score > a.score ? c : a));
  for (let seed = 1; seed <= 6; seed++) {
    const r = new Engine(variant, { ttBits: 12, seed, book }).search(start, { level: 8, limits });
    assert.equal(r.move, top.move, `level 8 with seed ${seed}`);
  }
  for (const level of [1, 2, 3, 4, 5]) {
    const r = new Engine(variant, { ttBits: 12, seed: 1, book }).search(start, { level, limits });
    assert.ok(r.nodes > 0, `level ${level} played from the book`);
  }
  const off = new Engine(variant, { ttBits: 12, seed: 1, book });
  assert.ok(off.search(start, { level: 8, limits, book: false }).nodes > 0);
  assert.ok(off.analyse(start, { limits }).nodes > 0, 'analysis searches');
});

test('level 8 with time or nodes plays a book move only when its own search is no deeper', async () => {
  const variant = variantOrThrow('english');
  const shipped = await loadBook(variant);
  assert.ok(shipped);
  const start = Position.start(variant);
  const bookMoves = shipped.lookup(start).map((c) => c.move);
  assert.ok(bookMoves.length > 0);
  // the same entries at a depth no search below reaches, and at depth 1, which every one passes
  const deep = new OpeningBook({ ...shipped.file, depth: 60 });
  const shallow = new OpeningBook({ ...shipped.file, depth: 1 });
  for (const limits of [{ nodes: 3000 }, { moveTime: 30 }]) {
    const fromBook = new Engine(variant, { ttBits: 12, seed: 1, book: deep }).search(start, {
      level: 8,
      limits,
    });
    assert.ok(fromBook.nodes > 0, 'level 8 searched before taking the book move');
    assert.equal(fromBook.depth, 0, 'the book move is played, as deep as its search');
    assert.ok(fromBook.move && bookMoves.includes(fromBook.move));
    const searched = new Engine(variant, { ttBits: 12, seed: 1, book: shallow }).search(start, {
      level: 8,
      limits,
    });
    assert.ok(searched.depth > 1, `the search's own move, from depth ${searched.depth}`);
  }
  // a depth limit within the book's depth plays the book move without a search
  const capped = new Engine(variant, { ttBits: 12, seed: 1, book: deep }).search(start, {
    level: 8,
    limits: { depth: 10 },
  });
  assert.equal(capped.nodes, 0);
});

test('the bench never plays from a book, though some of its positions are book positions', async () => {
  let inBook = 0;
  for (const b of BENCH_POSITIONS) {
    const variant = getVariant(b.variant, b.options ?? {});
    assert.ok(variant.ok);
    const book = await loadBook(variant.value);
    let p = Position.start(variant.value);
    if (b.fen !== undefined) {
      const read = Position.fromFen(variant.value, b.fen);
      assert.ok(read.ok);
      p = read.value;
    }
    if (book && book.lookup(p).length > 0) inBook++;
  }
  assert.ok(inBook > 0, 'no bench position is in a book: this test would check nothing');
  const report = runBench(undefined, undefined, -6);
  for (const line of report.lines)
    assert.ok(line.nodes > 0, `bench line ${line.fen} searched nothing`);
});

test('the builder is deterministic and resumes where it stopped', async () => {
  const variant = variantOrThrow('english');
  // deep enough that a search left in the transposition table by earlier positions would change
  // later scores: the resumed build, which has not made those searches, must still match
  const options = { depth: 5, plies: 8, positions: 12, margin: 20, maxMoves: 3, ttBits: 12 };
  const whole = (await buildBook(variant, options, undefined)).book;
  assert.equal(whole.entries.length, 12);
  assert.deepEqual((await buildBook(variant, options, undefined)).book, whole);
  let calls = 0;
  const part = await buildBook(variant, options, undefined, { shouldStop: () => ++calls > 5 });
  assert.equal(part.complete, false);
  let searched = 0;
  const resumed = await buildBook(variant, options, part.book, {
    onEntry: (_, fresh) => (searched += fresh ? 1 : 0),
  });
  assert.ok(resumed.complete);
  assert.equal(searched, 12 - part.book.entries.length);
  assert.deepEqual(resumed.book, whole);
  const book = new OpeningBook(whole);
  const { entries } = walk(book, variant);
  assert.equal(entries, whole.entries.length);
});

test('a build on a worker thread gives the same book, and its stop ends the search in hand', async () => {
  const variant = variantOrThrow('english');
  const options = { depth: 5, plies: 8, positions: 12, margin: 20, maxMoves: 3, ttBits: 12 };
  const whole = (await buildBook(variant, options, undefined)).book;
  const job = { variant: 'english', variantOptions: {}, previous: undefined, cpuLimit: Infinity };
  const saves: number[] = [];
  const onWorker = startBookBuild(
    { ...job, options },
    { save: (book) => saves.push(book.entries.length) },
  );
  const done = await onWorker.done;
  assert.ok(done.complete);
  assert.deepEqual(done.book, whole);
  assert.equal(saves.at(-1), 12);
  // a search of depth 40 never ends by itself: stopped, it keeps nothing of its position
  const deep = startBookBuild({ ...job, options: { ...options, depth: 40 } }, { save: () => {} });
  setTimeout(() => deep.stop(), 500);
  const stopped = await deep.done;
  assert.equal(stopped.complete, false);
  assert.equal(stopped.book.entries.length, 0);
  // a save that fails ends the build with its error
  const failing = startBookBuild(
    { ...job, options },
    {
      save: () => {
        throw new Error('disk full');
      },
    },
  );
  await assert.rejects(failing.done, /disk full/);
});

test('the host plays from the book it loads, and not after init with book: false', async () => {
  const run = async (bookOn: boolean) => {
    const out: EngineResponse[] = [];
    let loads = 0;
    const host = createEngineHost(
      (m) => out.push(m),
      undefined,
      (variant) => {
        loads++;
        return loadBook(variant);
      },
    );
    host.handle({ type: 'init', seed: 3, ttBits: 12, book: bookOn });
    const game = { variant: 'international' };
    host.handle({ type: 'search', id: 1, game, level: 7, limits: { depth: 2 } });
    host.handle({ type: 'search', id: 2, game, level: 7, limits: { depth: 2 } });
    for (let i = 0; i < 50 && out.filter((m) => m.type === 'result').length < 2; i++)
      await new Promise((r) => setTimeout(r, 5));
    const results = out.filter((m) => m.type === 'result');
    assert.deepEqual(
      results.map((m) => m.id),
      [1, 2],
    );
    return { nodes: results.map((m) => m.result.nodes), loads };
  };
  const on = await run(true);
  assert.deepEqual(on.nodes, [0, 0]);
  assert.equal(on.loads, 1);
  const off = await run(false);
  assert.ok(off.nodes.every((n) => n > 0));
  assert.equal(off.loads, 0);
});

test('the Hub engine announces a book parameter and passes it to its backend', () => {
  const settings: { ttBits: number; book: boolean; threads: number }[] = [];
  const out: string[] = [];
  const backend: HubBackend = {
    search: () => new Promise(() => {}),
    stop: () => {},
    newGame: () => {},
    close: async () => {},
  };
  const hub = new HubEngine({
    send: (l) => out.push(l),
    createBackend: (s) => {
      settings.push({ ...s });
      return backend;
    },
  });
  hub.handle('hub');
  assert.ok(out.includes('param name=book value=true type=bool'));
  hub.handle('set-param name=book value=maybe');
  assert.match(out.at(-1)!, /^error message=/);
  hub.handle('set-param name=book value=false');
  hub.handle('init');
  assert.deepEqual(settings, [{ ttBits: 20, book: false, threads: 1 }]);
});

test('every shipped book is played from the start, through compulsory openings and house rules', async () => {
  for (const id of bookVariants()) {
    const variant = variantOrThrow(id);
    const shipped = await loadBook(variant);
    assert.ok(shipped);
    // a gated book is walked as if it were played: its moves must be as sound as a played one's
    const book = new OpeningBook(shipped.file);
    const engine = new Engine(variant, { ttBits: 12, seed: 9, book });
    let position = Position.start(variant);
    const history: Position[] = [];
    let fromBook = 0;
    for (let ply = 0; ply < 40 && position.legalMoves().length > 0; ply++) {
      const inBook = book.lookup(position).map((c) => c.move);
      const r = engine.search(position, { level: 8, history, limits: { depth: 1 } });
      assert.ok(r.move && position.legalMoves().includes(r.move), `${id}: illegal move`);
      if (inBook.length > 0) {
        assert.ok(inBook.includes(r.move) && r.nodes === 0, `${id}: book position searched`);
        fromBook++;
      }
      history.push(position);
      position = position.play(r.move);
    }
    assert.ok(fromBook > 0, `${id}: no book move played`);
  }
});

test('a move is weighted by its score: halved for every quarter of the margin below the best', () => {
  assert.equal(bookWeight(0, 20), 255);
  assert.equal(bookWeight(5, 20), 128);
  assert.equal(bookWeight(10, 20), 64);
  assert.equal(bookWeight(20, 20), 16);
  assert.equal(bookWeight(21, 20), 0, 'beyond the margin: a reply, never played');
  assert.equal(bookWeight(0, 0), 255);
  assert.equal(bookWeight(1, 0), 0);
  assert.equal(bookWeight(120, 240), 64);
  assert.equal(bookWeight(239, 240), 16, 'about 1/16 of the best at the edge of the margin');
});

test('replies beyond the play margin are kept with weight 0 and never chosen', async () => {
  const variant = variantOrThrow('english');
  const options = { depth: 3, plies: 2, positions: 3, margin: 0, maxMoves: 7, ttBits: 12 };
  const narrow = (await buildBook(variant, options, undefined)).book;
  const wide = (await buildBook(variant, { ...options, replyMargin: 1000 }, undefined)).book;
  const start = Position.start(variant);
  const played = new OpeningBook(narrow).lookup(start);
  const known = new OpeningBook(wide).lookup(start);
  assert.equal(known.length, Math.min(7, start.legalMoves().length), 'every reply kept');
  assert.ok(played.length < known.length, 'the play margin keeps fewer');
  assert.deepEqual(
    known.filter((c) => c.weight > 0).map((c) => c.move),
    played.map((c) => c.move),
    'the moves played are the same with or without the replies',
  );
  const book = new OpeningBook(wide);
  for (let i = 0; i < 20; i++) {
    const pick = book.choose(start, () => i / 20);
    assert.ok(pick && pick.weight > 0, 'a reply of weight 0 was chosen');
  }
  const onlyReplies: BookFile = {
    ...wide,
    entries: wide.entries.map((e) => ({ ...e, moves: e.moves.map((m) => ({ ...m, weight: 0 })) })),
  };
  assert.equal(
    new OpeningBook(onlyReplies).choose(start, () => 0.5),
    undefined,
  );
});

test('a gated book is listed but not played: the levels search', async () => {
  const gated = bookVariants().filter((id) => !bookPlayed(id));
  const played = bookVariants().filter((id) => bookPlayed(id));
  assert.ok(played.length > 0, 'no book is played by the levels');
  for (const id of [...gated.slice(0, 2), ...played]) {
    const variant = variantOrThrow(id);
    const book = await loadBook(variant);
    assert.ok(book);
    assert.equal(book.played, bookPlayed(id));
    const start = Position.start(variant);
    const r = new Engine(variant, { ttBits: 12, seed: 1, book }).search(start, {
      level: 7,
      limits: { depth: 2 },
    });
    if (book.lookup(start).length === 0) continue;
    assert.equal(r.nodes === 0, book.played, `${id}: played ${book.played}, nodes ${r.nodes}`);
  }
  const file = (await loadBook(variantOrThrow(played[0]!)))!.file;
  const off = new OpeningBook(file, { played: false });
  const start = Position.start(variantOrThrow(played[0]!));
  assert.ok(off.lookup(start).length > 0);
  assert.equal(
    off.choose(start, () => 0),
    undefined,
  );
});
