/**
 * `damka`, `damka --help`, `damka help [COMMAND]`, `damka COMMAND --help` and `damka variants`:
 * all built from the registry and the rules package, so nothing listed can go stale.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OPTION_NAMES, VARIANTS } from '@damka/rules';
import { COMMANDS } from '../src/commands/index.ts';
import { damka, lines } from './helpers.ts';

test('every registered command has a one-line summary and a usage text', async () => {
  for (const [name, { summary, load }] of Object.entries(COMMANDS)) {
    assert.match(summary, /^[^\n]+$/, `${name} summary`);
    const module = await load();
    assert.match(module.usage, new RegExp(`^Usage: damka ${name}\\b`), `${name} usage`);
    assert.equal(typeof module.run, 'function');
  }
});

test('damka, damka --help and damka help list every command with its summary', async () => {
  const outputs = await Promise.all([damka(), damka('--help'), damka('-h'), damka('help')]);
  for (const r of outputs) {
    assert.equal(r.code, 0);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, outputs[0]!.stdout);
  }
  const listed = lines(outputs[0]!.stdout).map((line) => line.trim().split(/\s{2,}/));
  for (const [name, { summary }] of Object.entries(COMMANDS)) {
    assert.ok(
      listed.some(([n, text]) => n === name && text === summary),
      `help lists '${name}  ${summary}'`,
    );
  }
});

test('damka help perft and damka perft --help show the usage of perft', async () => {
  const a = await damka('help', 'perft');
  const b = await damka('perft', '--variant', 'nonsense', '--help');
  assert.equal(a.code, 0);
  assert.equal(b.code, 0, 'help wins over other options');
  assert.equal(a.stdout, b.stdout);
  assert.match(a.stdout, /^Usage: damka perft /);
  assert.match(a.stdout, /--duplicates/);
});

test('damka variants lists every variant id with its name, and every option', async () => {
  const r = await damka('variants');
  assert.equal(r.code, 0, r.stderr);
  const out = lines(r.stdout);
  for (const v of VARIANTS) {
    assert.ok(
      out.some(
        (line) =>
          line.startsWith(`  ${v.id} `) && line.includes(v.name) && line.includes(v.summary),
      ),
      `${v.id} listed`,
    );
  }
  for (const name of OPTION_NAMES) assert.ok(out.includes(`  ${name}`), `${name} listed`);
});
