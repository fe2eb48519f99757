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
