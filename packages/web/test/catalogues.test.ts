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
    assert.equal(t('srCursor'), en.srCursor, 'falls back to English');
  }
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
