/**
 * Internationalisation: message catalogues as plain objects (English complete, the others falling
 * back to English key by key), `{name}` placeholders, and the writing direction of each locale for
 * `<html dir>`. No library: four catalogues and one function are all the app needs.
 */
import { en, type MessageKey, type Messages } from './en.ts';
import { he } from './he.ts';
import { ar } from './ar.ts';
import { ro } from './ro.ts';

export type { MessageKey, Messages };

export const LOCALES = ['en', 'he', 'ar', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's own name, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  he: 'עברית',
  ar: 'العربية',
  ro: 'Română',
};

/** Every language's messages (exported for the catalogue checks). */
export const CATALOGUES: Record<Locale, Partial<Messages>> = { en, he, ar, ro };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A translation function for `locale`. */
export function translator(locale: Locale): Translate {
  const table = CATALOGUES[locale];
  return (key, params) => {
    const text = table[key] ?? en[key];
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
