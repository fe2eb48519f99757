/**
 * The two homes of the stored pattern tables agree: the web app's form (`patterns-data-browser.ts`,
 * one chunk a rule set, loaded on demand) holds no table until asked, loads each table once, and
 * ends with the very texts the form of every other program (`patterns-data.ts`, all tables up
 * front) holds, for the same ids; an engine made after `loadPatterns` reads the table, and a
 * helper thread builds its searcher only once its table is there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VARIANTS, variantOrThrow } from '@damka/rules';
import * as eager from '../src/patterns-data.ts';
import * as lazy from '../src/patterns-data-browser.ts';
import { loadPatterns, patternGeometry, storedPatterns } from '../src/patterns.ts';
import { helperAfterTables } from '../src/threads-helper.ts';
import type { HelperMessage } from '../src/threads.ts';

test('the browser form loads each table on demand, once, as the text every program reads', async () => {
  assert.deepEqual(Object.keys(lazy.PATTERN_TEXTS), [], 'nothing before it is asked');
  const first = lazy.loadPatternText('english');
  assert.equal(lazy.loadPatternText('english'), first, 'a second call shares the first load');
  assert.equal(await first, true);
  assert.deepEqual(Object.keys(lazy.PATTERN_TEXTS), ['english'], 'English alone');
  assert.equal(await lazy.loadPatternText('no-such-variant'), false);
  for (const id of Object.keys(eager.PATTERN_TEXTS)) {
    assert.equal(await lazy.loadPatternText(id), true, id);
    assert.equal(lazy.PATTERN_TEXTS[id], eager.PATTERN_TEXTS[id], `${id}: the same text`);
  }
  assert.deepEqual(
    Object.keys(lazy.PATTERN_TEXTS).sort(),
    Object.keys(eager.PATTERN_TEXTS).sort(),
    'the same ids in both homes',
  );
});

test('loadPatterns says which rule sets have a table, and their engines read it', async () => {
  for (const rules of VARIANTS) {
    const variant = variantOrThrow(rules.id);
    const has = await loadPatterns(variant);
    assert.equal(has, storedPatterns(variant) !== null, variant.id);
    if (patternGeometry(variant) === null) assert.equal(has, false, variant.id);
  }
  // Arab Dama reads English's table, Portuguese Spanish's
  assert.equal(await loadPatterns(variantOrThrow('arab-dama')), true);
  assert.equal(await loadPatterns(variantOrThrow('portuguese')), true);
});

test('a helper thread builds its searcher once its table is loaded, its messages kept in order', async () => {
  const english = variantOrThrow('english');
  const settings = {
    variant: 'english',
    options: english.options,
    ttBits: 10,
    table: new SharedArrayBuffer(8),
    control: new SharedArrayBuffer(8),
    index: 1,
  };
  let finish: (has: boolean) => void = () => {};
  const asked: string[] = [];
  const load = (v: typeof english) => {
    asked.push(v.id);
    return new Promise<boolean>((resolve) => (finish = resolve));
  };
  const built: string[] = [];
  const handled: unknown[] = [];
  const build = () => {
    built.push('runner');
    return { handle: (m: unknown) => handled.push(m) };
  };
  const handle = helperAfterTables(settings, load, build);
  const a = { type: 'stop' } as unknown as HelperMessage;
  const b = { type: 'quit' } as unknown as HelperMessage;
  handle(a);
  handle(b);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(asked, ['english']);
  assert.deepEqual(built, [], 'no searcher before the table');
  finish(true);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(built, ['runner']);
  assert.deepEqual(handled, [a, b], 'the waiting messages, in order');
  // settings that carry the engine's own table need no load
  const direct = helperAfterTables({ ...settings, patterns: null }, load, build);
  direct(a);
  assert.deepEqual(asked, ['english'], 'no second load');
  assert.deepEqual(handled, [a, b, a]);
});

test('a Node bundle (`npm run bench:engine`, `npm run tune`) carries the tables inside', async () => {
  // run-bundled leaves npm packages to Node and bundles Damka's own code; the engine's
  // `#pattern-data` import is its own code, and left outside it cannot load under plain Node.
  const esbuild = await import('esbuild');
  const script = '../../../scripts/build.mjs'; // plain JavaScript, no types to read
  const { npmOutside } = (await import(script)) as { npmOutside: import('esbuild').Plugin };
  const result = await esbuild.build({
    stdin: {
      contents:
        "import { storedPatterns } from './src/patterns.ts'; export const s = storedPatterns;",
      resolveDir: new URL('..', import.meta.url).pathname,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins: [npmOutside],
  });
  const text = result.outputFiles[0]!.text;
  assert.doesNotMatch(text, /from\s+["']#pattern-data["']/, 'the import is not left to Node');
  assert.match(text, /patterns-english\.data\.ts/, "English's table is inside");
});
