/**
 * Message catalogues: every key of every language exists in the English catalogue (so a renamed
 * key cannot linger unseen), every translation keeps the placeholders of its English text, the
 * rules pages are fully translated in every language, the languages outside the first page load
 * on demand with the menus and the game screen, and a missing key falls back to English key by key.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VARIANTS } from '@damka/rules';
import {
  CATALOGUES,
  LOCALES,
  direction,
  loadCatalogue,
  translator,
  type Locale,
} from '../src/i18n/index.ts';
import { en } from '../src/i18n/en.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every catalogue key is an English key, with the same placeholders', async () => {
  for (const locale of LOCALES) {
    await loadCatalogue(locale);
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    for (const [key, text] of Object.entries(catalogue)) {
      assert.ok(Object.hasOwn(en, key), `${locale}: '${key}' is not in en.ts`);
      const english = (en as Record<string, string>)[key]!;
      assert.deepEqual(placeholders(text), placeholders(english), `${locale}: ${key}`);
      assert.ok(text.trim().length > 0, `${locale}: ${key} is empty`);
    }
  }
});

const rulesPageKey = (k: string) =>
  k === 'rules' || /^(rp_|variantName_|variantSummary_|optionSummary_|option_)/.test(k);

test('the rules pages are translated in every language', async () => {
  const keys = Object.keys(en).filter(rulesPageKey);
  assert.ok(keys.length > 100);
  for (const r of VARIANTS) assert.ok(keys.includes(`variantName_${r.id}`), r.id);
  for (const locale of LOCALES) {
    await loadCatalogue(locale);
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    const missing = keys.filter((k) => !catalogue[k]);
    assert.deepEqual(missing, [], `${locale} lacks rules-page keys`);
  }
});

test('languages outside the first page load on demand and cover the main screens', async () => {
  const core = ['newGame', 'settings', 'white', 'black', 'winner', 'reasonTimeout', 'rules'];
  for (const locale of ['ru', 'fr', 'es', 'pt', 'it', 'tr', 'nl'] as const) {
    assert.ok(LOCALES.includes(locale), locale);
    await loadCatalogue(locale);
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    assert.ok(catalogue, `${locale} loaded`);
    for (const key of core) assert.ok(catalogue[key], `${locale} lacks ${key}`);
    for (const r of VARIANTS) assert.ok(catalogue[`variantName_${r.id}`], `${locale} ${r.id}`);
    const t = translator(locale);
    assert.notEqual(t('newGame'), en.newGame, locale);
  }
});

/**
 * Texts rightly the same as in English: names, and words the two languages share. Anything else
 * equal to its English text is an untranslated leftover. Each entry must still match, so the list
 * cannot keep stale exceptions.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly Locale[]>> = {
  appName: ['ro', 'ru', 'fr', 'es', 'pt', 'it', 'tr', 'nl'],
  variantName_dhamet: ['ro', 'fr', 'es', 'pt', 'it', 'tr', 'nl'],
  variantName_frysk: ['ro', 'fr', 'es', 'pt', 'it', 'nl'],
  menu: ['fr', 'pt', 'it', 'nl'],
  no: ['es', 'it'],
  rp_no: ['es', 'it'],
  rp_param_promotion: ['fr'],
  level6: ['fr', 'ro'],
  animationNormal: ['es', 'pt'],
  srPiece: ['tr'],
};

/** Whether a text has words at all once its placeholders are taken out (`{square}, {piece}`). */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

test('every language has every English key, translated (no English left over)', async () => {
  const english = en as Record<string, string>;
  const problems: string[] = [];
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    await loadCatalogue(locale);
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    for (const key of Object.keys(en)) {
      const text = catalogue[key];
      if (text === undefined || text.trim() === '') problems.push(`${locale} lacks ${key}`);
      else if (text === english[key] && hasWords(text) && !SAME_AS_ENGLISH[key]?.includes(locale))
        problems.push(`${locale}: ${key} is still English: ${JSON.stringify(text)}`);
    }
  }
  for (const [key, locales] of Object.entries(SAME_AS_ENGLISH)) {
    for (const locale of locales) {
      const catalogue = CATALOGUES[locale] as Record<string, string>;
      if (catalogue[key] !== english[key]) problems.push(`stale exception: ${locale} ${key}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the check finds a missing key and an English leftover', () => {
  // the same rule as above, on a made-up catalogue: the test above can fail
  const english = en as Record<string, string>;
  const fake: Record<string, string> = { ...english, newGame: english.newGame! };
  delete fake.settings;
  const found = Object.keys(en).filter(
    (k) => fake[k] === undefined || (fake[k] === english[k] && hasWords(fake[k]!)),
  );
  assert.ok(found.includes('settings') && found.includes('newGame'));
  assert.ok(!hasWords('{square}, {piece}') && hasWords('{color} wins'));
});

test('a key a catalogue lacks falls back to English; directions follow the script', () => {
  for (const locale of LOCALES) {
    const t = translator(locale as Locale);
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      assert.ok(t(key).length > 0, `${locale}: ${key}`);
    }
  }
  assert.equal(direction('he'), 'rtl');
  assert.equal(direction('ar'), 'rtl');
  assert.equal(direction('en'), 'ltr');
});

test('every reason the rules give for refusing a move or a FEN, and every server error, has its message in every language', async () => {
  const { readFileSync } = await import('node:fs');
  const { ERROR_CODES } = await import('@damka/protocol');
  const { REASON_KEYS } = await import('../src/game/explain.ts');
  const { SERVER_ERROR_KEYS } = await import('../src/online/errors.ts');
  // the codes as the rules package declares them (its ExplanationCode type), read from its source
  const source = readFileSync(new URL('../../rules/src/explain.ts', import.meta.url), 'utf8');
  const union = /export type ExplanationCode =([\s\S]*?';)/.exec(source)?.[1] ?? '';
  const codes = [...union.matchAll(/\|\s*'(\w+)'/g)].map((m) => m[1]!);
  assert.ok(codes.length >= 20, `read ${codes.length} codes`);
  const refusals = codes.filter((c) => c !== 'legal');
  assert.deepEqual(Object.keys(REASON_KEYS).sort(), [...refusals].sort());
  for (const c of ERROR_CODES) assert.ok(Object.hasOwn(SERVER_ERROR_KEYS, c), c);
  const { PROBLEM_KEYS } = await import('../src/pdn/fen-check.ts');
  const keys = [
    ...Object.values(REASON_KEYS),
    ...Object.values(SERVER_ERROR_KEYS),
    ...Object.values(PROBLEM_KEYS.fen),
    ...Object.values(PROBLEM_KEYS.position),
    'pos_crowningRow' as const,
    'pos_queenHomeRow' as const,
    'pos_tooMany' as const,
  ];
  assert.equal(new Set(Object.values(REASON_KEYS)).size, refusals.length, 'one key per reason');
  for (const locale of LOCALES) {
    await loadCatalogue(locale);
    const catalogue = CATALOGUES[locale] as Record<string, string>;
    for (const key of keys) {
      assert.ok(catalogue[key], `${locale} lacks ${key}`);
      if (locale !== 'en') assert.notEqual(catalogue[key], en[key], `${locale}: ${key} is English`);
    }
  }
});

test('a refused move is explained in the page language, with its squares and moves', async () => {
  const { Position: P, variantOrThrow: v } = await import('@damka/rules');
  const { explainRefusal } = await import('../src/game/explain.ts');
  const international = v('international');
  const sq = (n: string) => international.squares.parse(n);
  const start = P.start(international);
  const capture = P.fromFen(international, 'W:W33,40:B28,5');
  assert.ok(capture.ok);
  const cases: Array<[typeof start, number, number, RegExp]> = [
    [capture.value, sq('40'), sq('34'), /33x22/], // a capture is compulsory
    [start, sq('25'), sq('30'), /25/], // no piece there
    [start, sq('19'), sq('23'), /19/], // Black's piece, White to move
    [start, sq('36'), sq('31'), /31/], // occupied
  ];
  for (const locale of LOCALES) {
    await loadCatalogue(locale);
    const t = translator(locale);
    const english = translator('en');
    for (const [position, from, to, names] of cases) {
      const text = explainRefusal(position, from, to, t);
      assert.match(text, names, `${locale}: ${text}`);
      assert.doesNotMatch(text, /\{\w+\}/, `${locale}: a placeholder is left in ${text}`);
      if (locale !== 'en') assert.notEqual(text, explainRefusal(position, from, to, english));
    }
  }
  // the colour of the side to move is named in the page language
  assert.match(explainRefusal(start, sq('19'), sq('23'), translator('fr')), /Blancs/);
});

test('a FEN or a position the rules refuse is explained in the page language', async () => {
  const { variantOrThrow: v } = await import('@damka/rules');
  const { explainFen } = await import('../src/pdn/fen-check.ts');
  const international = v('international');
  const en = translator('en');
  const cases: Array<[string, RegExp]> = [
    ['X:W3:B40', /\b1\b/], // side to move, at character 1
    ['W:W31-50:B1-20,77', /77/], // no such square
    ['W:W3:B40', /\b3\b/], // a man on its crowning row
    ['W:W1-50:B', /50/], // too many white pieces
  ];
  for (const locale of LOCALES) {
    await loadCatalogue(locale);
    const t = translator(locale);
    for (const [fen, detail] of cases) {
      const text = explainFen(t, international, fen) ?? '';
      assert.match(text, detail, `${locale} ${fen}: ${text}`);
      if (locale !== 'en') assert.notEqual(text, explainFen(en, international, fen), fen);
    }
  }
  assert.match(explainFen(en, international, 'W:W3:B40') ?? '', /cannot stand on 3/);
  assert.match(explainFen(en, international, 'W:W1-50:B') ?? '', /White has 50 pieces.*20/);
});

test('counts read right when they are one: "Games in this text: 1", not "1 games"', () => {
  const t = translator('en');
  const one = t('pdnChoose', { n: 1 });
  assert.doesNotMatch(one, /\b1 games\b/);
  assert.match(one, /\b1\b/);
  const counts = t('rv_counts', { inaccuracies: 1, mistakes: 1, blunders: 1 });
  assert.doesNotMatch(counts, /\b1 (inaccuracies|mistakes|blunders)\b/);
  assert.equal(counts.match(/\b1\b/g)?.length, 3);
});
