/**
 * Internationalisation: message catalogues as plain objects, every one complete (typed as the
 * English catalogue and checked by test/catalogues.test.ts), `{name}` placeholders, and the writing
 * direction of each locale for `<html dir>`. No library: plain catalogues and one function are all
 * the app needs. A text shows in English only while its language is still loading.
 *
 * Each language's catalogue is written in two files by concern, `<locale>.ts` for the app's screens
 * and `rules/<locale>.ts` for the rules pages, and exported from the first as one object; each
 * part is typed by its English counterpart, so a missing or extra key is a type error.
 *
 * English, Hebrew, Arabic and Romanian are bundled with the first page; the other languages are
 * loaded on first use (`loadCatalogue`, both parts at once), so each reader downloads only the
 * language they read.
 */
import { en, type MessageKey, type Messages } from './en.ts';
import { he } from './he.ts';
import { ar } from './ar.ts';
import { ro } from './ro.ts';

export type { MessageKey, Messages };

export const LOCALES = ['en', 'he', 'ar', 'ro', 'ru', 'fr', 'es', 'pt', 'it', 'tr', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's own name, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  he: 'עברית',
  ar: 'العربية',
  ro: 'Română',
  ru: 'Русский',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  it: 'Italiano',
  tr: 'Türkçe',
  nl: 'Nederlands',
};

/** The messages of every language loaded so far (exported for the catalogue checks). */
export const CATALOGUES: Partial<Record<Locale, Partial<Messages>>> = { en, he, ar, ro };

/** Languages kept out of the first page, each loaded by its own dynamic import. */
const LOADERS: Partial<Record<Locale, () => Promise<Partial<Messages>>>> = {
  ru: () => import('./ru.ts').then((m) => m.ru),
  fr: () => import('./fr.ts').then((m) => m.fr),
  es: () => import('./es.ts').then((m) => m.es),
  pt: () => import('./pt.ts').then((m) => m.pt),
  it: () => import('./it.ts').then((m) => m.it),
  tr: () => import('./tr.ts').then((m) => m.tr),
  nl: () => import('./nl.ts').then((m) => m.nl),
};

/** Whether `locale`'s messages are at hand (until then its texts show in English). */
export function catalogueLoaded(locale: Locale): boolean {
  return CATALOGUES[locale] !== undefined;
}

/** Load `locale`'s messages if they are not bundled; resolves once they are at hand. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (CATALOGUES[locale]) return;
  const load = LOADERS[locale];
  if (load) CATALOGUES[locale] = await load();
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A translation function for `locale`. */
export function translator(locale: Locale): Translate {
  return (key, params) => {
    // looked up on each call: a catalogue loaded later is used as soon as it arrives
    const text = CATALOGUES[locale]?.[key] ?? en[key];
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      params[name] === undefined ? whole : String(params[name]),
    );
  };
}

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

/** The best supported locale for a list of browser languages (`navigator.languages`). */
export function pickLocale(languages: readonly string[]): Locale {
  for (const lang of languages) {
    const base = lang.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/** `rtl` or `ltr`, from the platform's locale data when it has it. */
export function direction(locale: Locale): 'rtl' | 'ltr' {
  try {
    const loc = new Intl.Locale(locale) as Intl.Locale & {
      textInfo?: { direction?: string };
      getTextInfo?: () => { direction?: string };
    };
    const info = loc.getTextInfo?.() ?? loc.textInfo;
    if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction;
  } catch {
    // fall through to the known list
  }
  return locale === 'he' || locale === 'ar' ? 'rtl' : 'ltr';
}
