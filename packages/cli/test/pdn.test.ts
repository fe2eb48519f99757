/**
 * `damka pdn check` and `damka pdn convert` on the rules package's PDN corpus and on broken files:
 * one line per game, exit code 0 / 1 / 2, and conversions that replay to the same moves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_PDN_LENGTH, parsePdn, replayGame } from '@damka/rules';
import { damka, lines } from './helpers.ts';
import { main } from '../src/main.ts';

const corpus = (name: string) =>
  fileURLToPath(new URL(`../../rules/test/data/pdn/${name}`, import.meta.url));

function withFile(text: string | Uint8Array, body: (path: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'damka-pdn-'));
  const path = join(dir, 'games.pdn');
  writeFileSync(path, text);
  return body(path).finally(() => rmSync(dir, { recursive: true, force: true }));
}

test('check: every corpus game is OK, exit 0', async () => {
  const r = await damka('pdn', 'check', corpus('variants.pdn'));
  assert.equal(r.code, 0, r.stderr);
  const out = lines(r.stdout);
  assert.equal(out.length, 10);
  assert.equal(out[0], 'game 1 (Damka corpus: Brazilian): OK, 30 plies');
  assert.equal(out[9], '9 games: 9 OK, 0 bad');
  assert.equal(r.stderr, '');
});

const BROKEN = `[Event "illegal"]
[GameType "25"]
1. e3-f4 b6-a5 2. f4-e5 d6:f4 3. g3:e5 f6-g5 *

[Event "syntax"]
1. 32-28 {never closed 19-23 *

[Event "fine"]
1. 32-28 19-23 2. 28x19 14x23 2-0

[Event "fen"]
[FEN "W:W51:B1"]
1. 51-46 *
`;

test('check: the first illegal move of each bad game, exit 1', async () => {
  await withFile(BROKEN, async (path) => {
    const r = await damka('pdn', 'check', path);
    assert.equal(r.code, 1);
    const out = lines(r.stdout);
    assert.equal(out.length, 5);
    assert.match(
      out[0]!,
      /^game 1 \(illegal\): illegal move: ply 6 \(3\.\.\. f6-g5\) at line 3, column 40: /,
    );
    assert.match(out[0]!, /f6:d4/); // the capture that had to be played is named
    assert.match(
      out[1]!,
      /^game 2: PDN error at line 6, column 10 near '\{': comment '\{' is never closed$/,
    );
    assert.equal(out[2], 'game 3 (fine): OK, 4 plies');
    assert.match(out[3]!, /^game 4 \(fen\): FEN tag: .*51/);
    assert.equal(out[4], '4 games: 1 OK, 3 bad');
  });
});

test('convert: algebraic and numeric output replays to the same moves', async () => {
  for (const file of ['international.pdn', 'english.pdn', 'russian.pdn', 'variants.pdn']) {
    for (const notation of ['algebraic', 'numeric']) {
      const r = await damka('pdn', 'convert', corpus(file), '--notation', notation);
      assert.equal(r.code, 0, r.stderr);
      const games = parsePdn(r.stdout).games;
      assert.ok(games.length > 0);
      for (const game of games) {
        assert.ok(game.ok);
        const replay = replayGame(game.value);
        assert.ok(replay.ok, `${file} ${notation}`);
        assert.equal(replay.value.naming.style, notation);
      }
    }
  }
  const r = await damka('pdn', 'convert', corpus('russian.pdn'), '-n', 'numeric');
  assert.match(r.stdout, /\[GameType "25,W,8,8,N2,0"\]/);
  assert.match(r.stdout, /^1\. 23-19 9-13 2\. 19-16 12:19 /m);
});

test('convert: bad games go to stderr, good ones to stdout, exit 1', async () => {
  await withFile(BROKEN, async (path) => {
    const r = await damka('pdn', 'convert', path, '--notation', 'algebraic');
    assert.equal(r.code, 1);
    assert.equal(lines(r.stderr).length, 3);
    assert.match(
      r.stdout,
      /^\[Event "fine"\]\n\[GameType "20,W,10,10,A0,0"\]\n\n1\. d4-e5 g7-f6 2\. e5xg7 h8xf6 2-0\n$/,
    );
  });
});

test('usage and unreadable files: exit 2 with one line on stderr', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['pdn'], /needs an action/],
    [['pdn', 'list', 'x.pdn'], /unknown pdn action 'list'/],
    [['pdn', 'check'], /needs a FILE/],
    [['pdn', 'check', '/no/such/file.pdn'], /cannot read \/no\/such\/file\.pdn: no such file/],
    [['pdn', 'convert', corpus('english.pdn')], /--notation numeric/],
    [['pdn', 'convert', corpus('english.pdn'), '--notation', 'roman'], /not 'roman'/],
    [['pdn', 'check', corpus('english.pdn'), '--notation', 'numeric'], /belongs to pdn convert/],
    [['pdn', 'check', corpus('english.pdn'), 'extra'], /cannot read extra: no such file/],
    [
      ['pdn', 'convert', corpus('english.pdn'), 'extra', '-n', 'numeric'],
      /unexpected argument 'extra'/,
    ],
    [['pdn', 'check', corpus('english.pdn'), '--game-type', '99'], /--game-type '99': GameType 99/],
    [
      ['pdn', 'convert', corpus('english.pdn'), '-n', 'numeric', '--json'],
      /--json belongs to pdn check/,
    ],
  ];
  for (const [argv, message] of cases) {
    const r = await damka(...argv);
    assert.equal(r.code, 2, argv.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(lines(r.stderr).length, 1);
    assert.match(r.stderr, message);
  }
  const dir = mkdtempSync(join(tmpdir(), 'damka-pdn-'));
  try {
    const r = await damka('pdn', 'check', dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /holds no \.pdn file/);
    // a file with no game in it: nothing was checked, which is not a clean check
    const empty = join(dir, 'empty.pdn');
    writeFileSync(empty, '');
    const one = await damka('pdn', 'check', empty);
    assert.equal(one.code, 2);
    assert.equal(one.stdout, '');
    assert.match(one.stderr, /empty\.pdn: no game in it/);
    // among other files it is named and the check fails
    const good = join(dir, 'good.pdn');
    writeFileSync(good, '[GameType "21"]\n1. 11-15 23-19 *\n');
    const both = await damka('pdn', 'check', dir);
    assert.equal(both.code, 1);
    assert.match(both.stdout, /empty\.pdn: no game in it/);
    assert.match(both.stdout, /total: 2 files \(1 not read\), 1 game: 1 OK, 0 bad/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const REAL = fileURLToPath(new URL('../../../../shared/pdn-real/', import.meta.url));

test('check: many files and folders, a line per bad game, a summary per file and in all', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-pdn-'));
  try {
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'a.pdn'), BROKEN);
    writeFileSync(join(dir, 'sub', 'b.PDN'), '[GameType "20"]\n1. 32- 28 19 -23 *\n');
    writeFileSync(join(dir, 'sub', 'notes.txt'), 'not a game');
    const r = await damka('pdn', 'check', dir, corpus('english.pdn'));
    assert.equal(r.code, 1);
    const out = lines(r.stdout);
    const a = join(dir, 'a.pdn');
    assert.match(out[0]!, new RegExp(`^${a}: game 1 \\(illegal\\): illegal move: ply 6`));
    assert.ok(out.includes(`${a}: 4 games: 1 OK, 3 bad`), out.join('\n'));
    assert.ok(out.includes(`${join(dir, 'sub', 'b.PDN')}: 1 game: 1 OK, 0 bad`));
    assert.ok(out.includes(`${corpus('english.pdn')}: 2 games: 2 OK, 0 bad`));
    assert.equal(out[out.length - 1], 'total: 3 files, 7 games: 4 OK, 3 bad');
    assert.ok(!out.some((l) => l.includes(': OK, ')), 'good games are not listed');
    assert.equal(r.stderr, '', 'no progress bar when stderr is not a terminal');
    // a file that cannot be read is one line; the others are still checked
    writeFileSync(join(dir, 'sub', 'big.pdn'), ' '.repeat(MAX_PDN_LENGTH + 1));
    const big = await damka('pdn', 'check', dir);
    assert.equal(big.code, 1);
    const bigOut = lines(big.stdout);
    assert.ok(
      bigOut.includes(`${join(dir, 'sub', 'big.pdn')} is larger than ${MAX_PDN_LENGTH} bytes`),
      big.stdout,
    );
    assert.equal(bigOut[bigOut.length - 1], 'total: 3 files (1 not read), 5 games: 2 OK, 3 bad');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('check --json: files, games and totals for scripts', async () => {
  await withFile(BROKEN, async (path) => {
    const r = await damka('pdn', 'check', '--json', path, corpus('russian.pdn'));
    assert.equal(r.code, 1);
    assert.equal(lines(r.stdout).length, 1);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.total, {
      files: 2,
      unreadable: 0,
      games: 6,
      ok: 3,
      bad: 3,
      warnings: 0,
    });
    const [broken, russian] = report.files;
    assert.equal(broken.file, path);
    assert.equal(broken.encoding, 'utf-8');
    assert.deepEqual(
      broken.results.map((g: { ok: boolean }) => g.ok),
      [false, false, true, false],
    );
    assert.deepEqual(broken.results[0].line, 3);
    assert.match(broken.results[1].error, /never closed/);
    assert.equal(russian.ok, 2);
    assert.equal(russian.results[0].plies, 36);
  });
});

test('check: one line per error, even for text with line breaks; warnings on the line', async () => {
  const text =
    '[Event "two\nlines"]\n1. 32-28 {x} 99-1 *\n\n' +
    '[Event "PlayOK"]\n[GameType "20,W,10,10,N1,0"]\n1. 32-28 19-23 *\n';
  await withFile(text, async (path) => {
    const r = await damka('pdn', 'check', path);
    const out = lines(r.stdout);
    assert.equal(out.length, 3, r.stdout);
    assert.match(out[1]!, /^game 2 \(PlayOK\): OK, 2 plies; warning: the moves do not fit/);
  });
});

test('check --game-type: untagged games; guessed with a warning, else a hint', async () => {
  const text = '[Event "untagged"]\n1. 11-15 23-19 2. 8-11 22-17 *\n';
  await withFile(text, async (path) => {
    const guessed = await damka('pdn', 'check', path);
    assert.equal(guessed.code, 0);
    assert.match(
      guessed.stdout,
      /^game 1 \(untagged\): OK, 4 plies; warning: no GameType tag, and the moves are not International: read as english \(GameType 21\)/m,
    );
    const good = await damka('pdn', 'check', '-g', '21', path);
    assert.equal(good.code, 0, good.stdout);
    assert.match(good.stdout, /^game 1 \(untagged\): OK, 4 plies$/m);
  });
  await withFile('[Event "nothing fits"]\n1. 11-15 11-15 *\n', async (path) => {
    const bad = await damka('pdn', 'check', path);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stdout,
      /ply 2 .*\(no GameType tag; read as english, the game the moves fit longest\)/,
    );
  });
  await withFile('[Event "no squares"]\n1. 99-98 *\n', async (path) => {
    const bad = await damka('pdn', 'check', path);
    assert.match(
      bad.stdout,
      /no GameType tag: read as International, and no standard game fits longer/,
    );
  });
});

test('check: real files - Tinsley (x for steps) and a Latin-1 file', async () => {
  const tinsley = await damka('pdn', 'check', '-g', '21', join(REAL, 'raven-checkers/tinsley.pdn'));
  const out = lines(tinsley.stdout);
  assert.equal(out[out.length - 1], '724 games: 721 OK, 3 bad');
  // the three records that are wrong (exclusions.tsv)
  assert.deepEqual(
    out
      .slice(0, -1)
      .filter((l) => !l.includes(': OK, '))
      .map((l) => l.split(':')[0]),
    ['game 541 (Petal 1981, game 18)', 'game 623', 'game 693'],
  );
  const cannes = await damka(
    'pdn',
    'check',
    '--json',
    '-g',
    '20',
    join(REAL, 'games-checkers/internt/Cannes_Open_Tournament_2002.pdn'),
  );
  assert.equal(cannes.code, 0);
  const report = JSON.parse(cannes.stdout);
  assert.equal(report.files[0].encoding, 'windows-1252');
  assert.equal(report.total.ok, 50);
});

test('check: a progress bar on a terminal, erased before the results', async () => {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: { write: (t: string) => out.push(t) },
    stderr: { isTTY: true, write: (t: string) => err.push(t) },
  };
  const code = await main(['pdn', 'check', '-g', '21', join(REAL, 'raven-checkers')], io);
  assert.equal(code, 1);
  const bar = err.join('');
  assert.match(bar, /\[#*-*\] \d+% .*tinsley\.pdn game \d+\/724/);
  assert.ok(bar.endsWith('\r\x1b[K'), 'the bar is erased');
  assert.match(out.join(''), /total: 2 files, 725 games: 722 OK, 3 bad\n$/);
});

test('convert --notation short: Russian games in short notation, read back', async () => {
  const r = await damka('pdn', 'convert', corpus('russian.pdn'), '-n', 'short');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^1\. ef4 ba5 2\. fg5 hf4 /m);
  for (const game of parsePdn(r.stdout).games) {
    assert.ok(game.ok);
    assert.ok(replayGame(game.value).ok);
  }
  const english = await damka('pdn', 'convert', corpus('english.pdn'), '-n', 'short');
  assert.equal(english.code, 1);
  assert.match(english.stderr, /short notation is for boards named a1/);
});

test('check: a file in another numbering hears the rule in its own squares', async () => {
  // Russian is named algebraically; this file numbers the squares (GameType 25, N2)
  const text = '[GameType "25,W,8,8,N2,0"]\n1. 22-18 11-15 2. 21-17 *\n';
  await withFile(text, async (path) => {
    const r = await damka('pdn', 'check', path);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /ply 3 \(2\. 21-17\).*Capture is compulsory: play 18:11\./);
    assert.doesNotMatch(r.stdout, /d4:f6/);
  });
});

test('check and convert read UTF-16 without a byte-order mark, with a warning on stderr', async () => {
  const text = '[Event "wide"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n';
  const units = [...text].map((c) => c.charCodeAt(0));
  const orders = [
    ['little-endian', units.flatMap((u) => [u & 0xff, u >> 8])],
    ['big-endian', units.flatMap((u) => [u >> 8, u & 0xff])],
  ] as const;
  for (const [order, bytes] of orders) {
    await withFile(new Uint8Array(bytes), async (path) => {
      const r = await damka('pdn', 'check', path);
      assert.equal(r.code, 0, r.stdout);
      assert.deepEqual(lines(r.stdout), ['game 1 (wide): OK, 4 plies', '1 game: 1 OK, 0 bad']);
      assert.equal(
        r.stderr,
        `damka: ${path}: this looks like UTF-16 (${order}) without a byte-order mark; read as such\n`,
      );
      const json = await damka('pdn', 'check', '--json', path);
      assert.equal(JSON.parse(json.stdout).files[0].encoding, `utf-16${order[0]}e-no-bom`);
      const converted = await damka('pdn', 'convert', path, '--notation', 'numeric');
      assert.equal(converted.code, 0);
      assert.match(converted.stdout, /1\. 32-28 19-23 2\. 28x19 14x23 \*/);
      assert.match(converted.stderr, /without a byte-order mark; read as such/);
    });
  }
});

test('damka pdn check: text from the file is quoted without its control characters', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-pdn-controls-'));
  try {
    const file = join(dir, 'controls.pdn');
    writeFileSync(
      file,
      [
        '[Event x\u001b[31mRED]\n1. 32-28 *',
        '[Event "bell\u0007"]\n[GameType "20"]\n1. 32-28 19-23 2. 28\u001b[2J-99 *',
        '[Event "ok"]\n1. 32-28 ab\u001bcd *',
      ].join('\n\n'),
    );
    const r = await damka('pdn', 'check', file);
    assert.equal(r.code, 1, r.stderr);
    const out = r.stdout + r.stderr;
    // eslint-disable-next-line no-control-regex -- control characters are what is looked for
    assert.doesNotMatch(out, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    assert.match(out, /\\x1b/);
    assert.equal(lines(r.stdout).filter((l) => /^game \d/.test(l)).length, 3, r.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
