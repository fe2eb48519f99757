/**
 * Every user mistake gives exit code 2, nothing on stdout and exactly one line on stderr that
 * names the problem — never a stack trace.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bufferIo,
  guard,
  UsageError,
  writableFile,
  writeResult,
  type CommandModule,
} from '../src/command.ts';
import { COMMANDS } from '../src/commands/index.ts';
import { main } from '../src/main.ts';
import { damka } from './helpers.ts';

const PERFT = ['perft', '--variant', 'international', '--depth', '2'];

// files a build would go on from: another variant's progress, and a file that is no state file
const files = mkdtempSync(join(tmpdir(), 'damka-errors-'));
process.on('exit', () => rmSync(files, { recursive: true, force: true }));
const RUSSIAN_STATE =
  '{"variant":"russian","done":["self#1"],"positions":5,"candidates":1,"ms":9}\n';
writeFileSync(join(files, 'russian.state.json'), RUSSIAN_STATE);
writeFileSync(join(files, 'odd.state.json'), '{"variant":"english","done":[1],"ms":"soon"}\n');
const PUZZLES = ['puzzles', 'build', '--variant', 'english', '--self-play', '0', '--no-egdb'];

const MISTAKES: ReadonlyArray<{ argv: string[]; says: RegExp }> = [
  {
    argv: [...PERFT, '--fen', 'W:W31-50:B51'],
    says: /^FEN: no square '51' in international \(at character 11\)$/,
  },
  { argv: [...PERFT, '--fen', 'X:W31-50:B1-20'], says: /^FEN: side to move must be W or B/ },
  { argv: [...PERFT, '--fen', 'W:W31-50:Q1-20'], says: /^FEN: expected a W or B piece list/ },
  { argv: [...PERFT, '--fen', ''], says: /^FEN: empty FEN/ },
  { argv: [...PERFT, '--fen', 'W:W1,31-49'], says: /^FEN: .*white man cannot stand on 1/ },
  {
    argv: ['moves', '--variant', 'english', '--fen', 'B:W21-40:B1-12'],
    says: /^FEN: no square 33 in english/,
  },
  {
    argv: ['perft', '--variant', 'checkers', '--depth', '1'],
    says: /^unknown variant 'checkers' \(known: international, /,
  },
  { argv: ['moves', '--variant', 'lasca'], says: /^unknown variant 'lasca'/ },
  { argv: ['perft', '--depth', '1'], says: /^--variant is required/ },
  // a negative number after a string option is that option's value, not an option
  {
    argv: ['bench', '--depth-delta', '-30'],
    says: /^--depth-delta wants an integer from -20 to 20, not '-30'$/,
  },
  { argv: ['moves'], says: /^--variant is required/ },
  { argv: [...PERFT, '--option', 'flyingMen=true'], says: /^unknown option 'flyingMen' \(known: / },
  {
    argv: [...PERFT, '--option', 'giveaway=perhaps'],
    says: /^option 'giveaway' wants true or false, not 'perhaps'$/,
  },
  {
    argv: [...PERFT, '--option', 'souffle=true'],
    says: /^option 'souffle' applies to dhamet only$/,
  },
  {
    argv: [...PERFT, '--option', 'noForcedCapture=true', '--option', 'burnedPieces=true'],
    says: /^options 'noForcedCapture' and 'burnedPieces' cannot be combined$/,
  },
  { argv: ['perft', '--variant', 'international'], says: /^--depth is required$/ },
  {
    argv: ['perft', '--variant', 'international', '--depth', 'five'],
    says: /^--depth must be a whole number from 0 to 30, not 'five'$/,
  },
  {
    argv: ['perft', '--variant', 'international', '--depth', '2.5'],
    says: /^--depth must be a whole number/,
  },
  {
    argv: ['perft', '--variant', 'international', '--depth', '31'],
    says: /^--depth must be a whole number/,
  },
  {
    argv: ['perft', '--variant', 'international', '--depth=-1'],
    says: /^--depth must be a whole number/,
  },
  {
    argv: ['perft', '--variant', 'international', '--depth'],
    says: /^option '-d, --depth <value>' argument missing/,
  },
  {
    argv: [...PERFT, '--duplicates', 'some'],
    says: /^--duplicates must be keep or drop, not 'some'$/,
  },
  { argv: [...PERFT, '--speed'], says: /^unknown option '--speed' \(see damka help perft\)$/ },
  { argv: [...PERFT, 'extra'], says: /^unexpected argument 'extra' \(see damka help perft\)$/ },
  { argv: [...PERFT, '--divide=yes'], says: /^option '--divide' does not take an argument/ },
  { argv: ['variants', '--all'], says: /^unknown option '--all'/ },
  { argv: ['play-chess'], says: /^unknown command 'play-chess' \(see damka --help\)$/ },
  { argv: ['toString'], says: /^unknown command 'toString'/ },
  { argv: ['--verbose'], says: /^unknown option '--verbose': a command comes first/ },
  { argv: ['help', 'nothing'], says: /^unknown command 'nothing'/ },
  { argv: ['help', 'perft', 'moves'], says: /^help: give one command name$/ },
  {
    argv: ['book', 'show', '--variant', 'english', '--book', '/no/such/book.data.ts'],
    says: /^cannot read \/no\/such\/book\.data\.ts: no such file or folder$/,
  },
  // a folder named to read from must be there: a misspelt one is not a folder with no tables
  {
    argv: ['bench', '--egdb', '/no/such/dir'],
    says: /^cannot read \/no\/such\/dir: no such file or folder$/,
  },
  {
    argv: ['analyse', '--variant', 'english', '--egdb-dir', '/no/such/dir'],
    says: /^cannot read \/no\/such\/dir: no such file or folder$/,
  },
  {
    argv: ['egdb', 'probe', '--variant', 'english', '--fen', 'W:WK1:BK32', '--dir', '/no/such/dir'],
    says: /^cannot read \/no\/such\/dir: no such file or folder$/,
  },
  {
    argv: ['egdb', 'build', '--variant', 'english', '-n', '2', '--out', ''],
    says: /^--out wants a folder, not an empty name$/,
  },
  {
    argv: ['match', '--variant', 'frisian', '--egdb', '--games', '1', '--opponent-level', '1'],
    says: /^frisian has no endgame tables: the king-move limit/,
  },
  // a place that takes no folders (Linux's /proc) is said before any work, not after it
  {
    argv: ['egdb', 'build', '--variant', 'english', '-n', '2', '--out', '/proc/damka-x'],
    says: /^cannot write tables to \/proc\/damka-x: no such file or folder$/,
  },
  {
    argv: ['book', 'build', '--variant', 'english', '--out', '/proc/damka-x/english.data.ts'],
    says: /^cannot write the book to \/proc\/damka-x\/english\.data\.ts: no such file or folder$/,
  },
  {
    argv: ['puzzles', 'build', '--variant', 'english', '--out', '/proc/damka-x/english.json'],
    says: /^cannot write the puzzle set to \/proc\/damka-x\/english\.json: no such/,
  },
  // a file to write at the end is checked before the games or the review start
  {
    argv: ['match', '--variant', 'english', '--opponent-level', '1', '--pdn', '/no/such/dir/m.pdn'],
    says: /^cannot write \/no\/such\/dir\/m\.pdn: no such file or folder$/,
  },
  {
    argv: ['match', '--variant', 'english', '--opponent-level', '1', '--pdn', tmpdir()],
    says: /: a folder, not a file$/,
  },
  {
    argv: ['review', 'no-such-game.pdn', '--out', '/no/such/dir/r.pdn'],
    says: /^cannot write \/no\/such\/dir\/r\.pdn: no such file or folder$/,
  },
  // two limits of which one would be ignored
  {
    argv: ['analyse', '--variant', 'english', '--time', '99999999999', '--depth', '2'],
    says: /^give --time or --depth, not both$/,
  },
  // a folder where the build keeps a file is said, not an internal error
  {
    argv: [...PUZZLES, '--out', files, '--state', join(files, 'a.state.json')],
    says: /^cannot read .*damka-errors-\w+: a folder, not a file$/,
  },
  {
    argv: [...PUZZLES, '--out', join(files, 'b.json'), '--state', files],
    says: /^cannot read .*damka-errors-\w+: a folder, not a file$/,
  },
  // another build's progress, or a file that is none, is not written over
  {
    argv: [
      ...PUZZLES,
      '--out',
      join(files, 'c.json'),
      '--state',
      join(files, 'russian.state.json'),
    ],
    says: /^--state: '.*russian\.state\.json' holds the progress of a russian build$/,
  },
  {
    argv: [...PUZZLES, '--out', join(files, 'd.json'), '--state', join(files, 'odd.state.json')],
    says: /^--state: '.*odd\.state\.json' is not a state file$/,
  },
];

for (const { argv, says } of MISTAKES) {
  test(`damka ${argv.map((a) => (a === '' ? "''" : a)).join(' ')} → exit 2, one line`, async () => {
    const r = await damka(...argv);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '', 'nothing on stdout');
    assert.match(r.stderr, /^damka: [^\n]+\n$/, 'exactly one line on stderr');
    assert.match(r.stderr.slice('damka: '.length, -1), says);
    assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/, 'no stack trace');
  });
}

test('an unexpected exception in a command is one line, exit code 1, no stack trace', async () => {
  const io = bufferIo();
  const broken: CommandModule = {
    usage: 'Usage: damka broken',
    run: guard(async () => {
      throw new TypeError('cannot read the board');
    }),
  };
  const code = await main(['broken'], io, {
    ...COMMANDS,
    broken: { summary: 'fails', load: async () => broken },
  });
  assert.equal(code, 1);
  assert.equal(io.out(), '');
  assert.equal(io.err(), 'damka: internal error: cannot read the board\n');
});

test('guard turns a UsageError into exit code 2 and one stderr line', async () => {
  const io = bufferIo();
  const run = guard(async () => {
    throw new UsageError('two\nlines become one');
  });
  assert.equal(await run([], io), 2);
  assert.equal(io.err(), 'damka: two lines become one\n');
});

test('a result whose file cannot be written at the end goes to stdout, and the failure is said', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-write-'));
  const file = join(dir, 'games.pdn');
  assert.equal(writableFile('--pdn', file), file);
  rmSync(dir, { recursive: true }); // the folder goes away while the games are played
  const io = bufferIo();
  assert.throws(
    () => writeResult(io, file, '[Event "x"]\n1. 11-15 *\n'),
    (e: unknown) =>
      e instanceof UsageError &&
      /^cannot write .*: no such file or folder; it was written to standard output instead$/.test(
        e.message,
      ),
  );
  assert.equal(io.out(), '[Event "x"]\n1. 11-15 *\n');
});

test("a puzzle build refused another build's progress file and left it as it was", () => {
  assert.equal(readFileSync(join(files, 'russian.state.json'), 'utf8'), RUSSIAN_STATE);
});
