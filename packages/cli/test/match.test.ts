/**
 * `damka match` end to end against `damka hub` run as an external Hub engine (the real
 * executable, as Scan would be run): two International games, the progress lines, the score line
 * and the PDN file; and the command's refusals of a bad command line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePdn } from '@damka/rules';
import { splitCommand } from '../src/commands/match.ts';
import { damka, lines } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/damka.cjs', import.meta.url));

test('damka match against damka hub: two games, progress, score, Elo and PDN', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-match-'));
  try {
    const pdn = join(dir, 'games.pdn');
    const hub = `"${process.execPath}" "${BIN}" hub --seed 2`;
    const r = await damka(
      'match',
      '--variant',
      'international',
      '--opponent-hub',
      hub,
      '--opponent-param',
      'strength=2',
      '--games',
      '2',
      '--time',
      '40',
      '--opponent-time',
      '40',
      '--pdn',
      pdn,
    );
    assert.equal(r.code, 0, r.stderr);
    const out = lines(r.stdout);
    assert.match(
      out[0]!,
      /^\[#{10}-{10}\] 1\/2 game 1: Damka white, opening \S+ \S+: (0|0\.5|1) \(/,
    );
    assert.match(out[1]!, /^\[#{20}\] 2\/2 game 2: Damka black/);
    assert.match(
      out[2]!,
      /^Damka level 8, 40 ms\/move, opening book vs Damka 0\.1\.0, 40 ms\/move$/,
    );
    assert.match(out[3]!, /^Damka \+\d =\d -\d: \d+\.\d%, Elo \S+ \(95%: \S+ to \S+\)$/);
    assert.match(
      out[4]!,
      /^mean time a move: Damka \d+ ms \(\d+ moves, longest \d+ ms\), opponent \d+ ms \(\d+ moves, longest \d+ ms\)$/,
    );
    const games = parsePdn(readFileSync(pdn, 'utf8')).games;
    assert.equal(games.length, 2);
    assert.ok(games.every((g) => g.ok && g.value.tags.get('GameType') === '20'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damka match refuses a missing opponent, two opponents and a bad parameter', async () => {
  const none = await damka('match', '--variant', 'russian');
  assert.equal(none.code, 2);
  assert.match(none.stderr, /choose an opponent for russian/);
  const two = await damka('match', '--opponent-level', '3', '--opponent-hub', 'x');
  assert.match(two.stderr, /choose one opponent/);
  const param = await damka('match', '--opponent-hub', 'x', '--opponent-param', 'strength');
  assert.match(param.stderr, /--opponent-param needs NAME=VALUE/);
  const missing = await damka(
    'match',
    '--variant',
    'international',
    '--opponent-hub',
    '/nonexistent/engine',
    '--games',
    '2',
  );
  assert.equal(missing.code, 1);
  // an engine that never started scores no game: not a win by default
  assert.match(missing.stderr, /not started: .*could not run/);
  assert.doesNotMatch(missing.stdout, /\+\d/);
});

test('damka match: an engine that always fails scores forfeits, no Elo, and exits 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-match-'));
  try {
    // a Hub engine that starts, then answers every search with a move off the board
    const engine = join(dir, 'garbage.mjs');
    writeFileSync(
      engine,
      `import { createInterface } from 'node:readline';
const say = (s) => process.stdout.write(s + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const cmd = line.split(' ')[0];
  if (cmd === 'hub') { say('id name=Garbage version=1'); say('wait'); }
  else if (cmd === 'init') say('ready');
  else if (cmd === 'ping') say('pong');
  else if (cmd === 'go') say('done move=99-98');
  else if (cmd === 'quit') process.exit(0);
});
`,
    );
    const hub = `"${process.execPath}" "${engine}"`;
    const run = (games: string) =>
      damka(
        'match',
        '--variant',
        'international',
        '--opponent-hub',
        hub,
        '--games',
        games,
        '--time',
        '20',
      );
    const one = await run('1');
    assert.equal(one.code, 1, one.stderr);
    assert.doesNotMatch(one.stdout, /Elo [+-]inf/);
    assert.match(one.stdout, /: 1 \(forfeit: Garbage 1, 20 ms\/move failed: /);
    assert.match(
      one.stdout,
      /^Damka no game played out, no Elo; forfeits \+1 -0 \(a side failed\)$/m,
    );
    assert.match(one.stdout, /^no game was played out: every game was a forfeit/m);
    const four = await run('4');
    assert.equal(four.code, 1);
    assert.doesNotMatch(four.stdout, /Elo [+-]inf/);
    assert.match(four.stdout, /^match stopped after game 2: Garbage .* failed twice in a row$/m);
    assert.match(four.stderr, /^damka: match stopped after game 2: /m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an engine command line is split into words, quotes grouping', () => {
  assert.deepEqual(splitCommand('/tmp/scan/scan hub'), ['/tmp/scan/scan', 'hub']);
  assert.deepEqual(splitCommand(`"/a b/node" 'x y' z`), ['/a b/node', 'x y', 'z']);
});

/** Two short English self-play games at level 8, 300 nodes a move, with `extra` options. */
function selfPlay(...extra: string[]) {
  const short = ['--nodes', '300', '--games', '2', '--max-plies', '12'];
  return damka('match', '--variant', 'english', '--opponent-level', '8', ...short, ...extra);
}

test('self-play at a node budget: three-ply openings, the opponent without its pattern table', async () => {
  const r = await selfPlay('--opponent-patterns', 'none', '--opening-plies', '3');
  assert.equal(r.code, 0, r.stderr);
  const games = lines(r.stdout).filter((l) => / game \d: /.test(l));
  assert.equal(games.length, 2);
  for (const g of games) assert.match(g, /opening \S+ \S+ \S+: /);
  assert.match(
    r.stdout,
    /Damka level 8, 300 nodes, opening book vs Damka level 8, 300 nodes, opening book, no pattern table/,
  );
  const bad = await damka('match', '--opponent-level', '8', '--opponent-patterns', 'old');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--opponent-patterns: cannot read old/);
});

test('a fitted table from a file plays against the stored one; a table of another board is refused', async () => {
  // Russian's table has English's 8x8 windows: a stand-in for a new English fit
  const table = fileURLToPath(
    new URL('../../engine/src/patterns-russian.data.ts', import.meta.url),
  );
  const r = await selfPlay('--patterns', table);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /Damka level 8, 300 nodes, opening book, pattern table patterns-russian\.data\.ts vs Damka level 8, 300 nodes, opening book\n/,
  );
  const tenByTen = fileURLToPath(
    new URL('../../engine/src/patterns-international.data.ts', import.meta.url),
  );
  const bad = await damka('match', '--opponent-level', '8', '--opponent-patterns', tenByTen);
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /english's tables have 59049, 98415, 144342 or 242757 entries a phase \(9, 15, 22 or 37 windows\); this one has \d+/,
  );
  // the opponent's table belongs to a Damka opponent: with rapid-draughts it is refused
  const alone = await damka('match', '--opponent-patterns', 'none', '--games', '2');
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--opponent-patterns goes with --opponent-level/);
});

test('damka match --threads: Damka on two threads against one, named so; bad values refused', async () => {
  const r = await damka(
    'match',
    '--variant',
    'english',
    '--games',
    '2',
    '--time',
    '40',
    '--max-plies',
    '30',
    '--threads',
    '2',
    '--opponent-level',
    '8',
    '--opponent-threads',
    '1',
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /^Damka level 8, 40 ms\/move, opening book, 2 threads vs Damka level 8, 40 ms\/move, opening book$/m,
  );
  const alone = await damka('match', '--threads', '2', '--opponent-threads', '2');
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--opponent-threads goes with --opponent-level/);
  const bad = await damka('match', '--threads', '0', '--opponent-level', '3');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /threads/);
});
