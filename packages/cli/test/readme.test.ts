/**
 * README.md stays true: every `$ npx damka …` example in a console block is run and must print
 * exactly what the README shows, and the variant table lists exactly the variants Damka has.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { VARIANTS } from '@damka/rules';
import { damka } from './helpers.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

interface Example {
  readonly argv: string[];
  readonly output: string;
}

/** The `$ npx damka …` commands of the README's console blocks, each with the lines after it. */
function examples(): Example[] {
  const out: Example[] = [];
  for (const block of README.matchAll(/```console\n([\s\S]*?)```/g)) {
    let current: { argv: string[]; output: string[] } | undefined;
    for (const line of block[1]!.split('\n')) {
      if (line.startsWith('$ ')) {
        if (current) out.push({ argv: current.argv, output: current.output.join('') });
        const words = line.slice(2).trim().split(/\s+/);
        assert.deepEqual(words.slice(0, 2), ['npx', 'damka'], `README example '${line}'`);
        current = { argv: words.slice(2), output: [] };
      } else if (current && line !== '') {
        current.output.push(`${line}\n`);
      }
    }
    if (current) out.push({ argv: current.argv, output: current.output.join('') });
  }
  return out;
}

test('README examples print what the README shows', async () => {
  const all = examples();
  assert.ok(all.length >= 4, `found ${all.length} examples`);
  for (const { argv, output } of all) {
    const r = await damka(...argv);
    const shown = r.code === 0 ? r.stdout : r.stdout + r.stderr;
    assert.equal(shown, output, `damka ${argv.join(' ')}`);
  }
});

test('the README variant table lists exactly the variant ids', () => {
  const section = README.slice(README.indexOf('## Variants'), README.indexOf('## Getting started'));
  const ids = [...section.matchAll(/^\| `([a-z0-9-]+)` /gm)].map((m) => m[1]);
  assert.deepEqual(
    ids,
    VARIANTS.map((v) => v.id),
  );
});

/** The shell commands of the README's "Getting started" block, comments dropped. */
function gettingStarted(): string[] {
  const section = README.slice(README.indexOf('## Getting started'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'Getting started has a sh block');
  return block[1]!
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}

test('the README gives exactly two commands, and CI runs each of them', () => {
  assert.deepEqual(gettingStarted(), ['npm ci && npm start', 'npm test']);
  // .ci/run installs with npm ci (with flags that only quiet it), runs `npm test`, then checks
  // that `npm start` serves the app on the port the README names.
  const ci = readFileSync(new URL('../../../.ci/run', import.meta.url), 'utf8');
  assert.match(ci, /^retry npm ci\b/m);
  assert.match(ci, /^npm test$/m);
  assert.match(ci, /\bnpm start\b.*&$/m);
  assert.match(ci, /http:\/\/localhost:8080\//);
  assert.match(README, /npm ci && npm start +# .*http:\/\/localhost:8080/);
});
