/**
 * The small part of the rules pages that the first page needs: variant names, summaries and
 * house-rule explanations in the reader's language, and the `/rules/<id>` paths. Kept apart from
 * the pages themselves so the setup screen can use it without loading them.
 *
 * Texts come from the catalogues (`variantName_<id>`, `variantSummary_<id>`,
 * `optionSummary_<name>`); a variant or option the catalogues do not know yet falls back to the
 * English text of its rules record, so a new variant never shows a raw key.
 */
import { OPTION_SUMMARIES, type OptionName, type Rules } from '@damka/rules';
import { en, type MessageKey } from '../i18n/en.ts';
import type { Translate } from '../i18n/index.ts';

function known(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** The variant's name in the reader's language. */
export function variantName(t: Translate, rules: Rules): string {
  const key = `variantName_${rules.id}`;
  return known(key) ? t(key) : rules.name;
}

/** The variant's one-line summary in the reader's language. */
export function variantSummary(t: Translate, rules: Rules): string {
  const key = `variantSummary_${rules.id}`;
  return known(key) ? t(key) : rules.summary;
}

/** A house-rule option's one-line explanation in the reader's language. */
export function optionSummary(t: Translate, name: OptionName): string {
  const key = `optionSummary_${name}`;
  return known(key) ? t(key) : OPTION_SUMMARIES[name];
}

/** A house-rule option's short name in the reader's language. */
export function optionLabel(t: Translate, name: OptionName): string {
  const key = `option_${name}`;
  return known(key) ? t(key) : name;
}

const RULES_PATH = /^\/rules(?:\/([a-z0-9-]{1,40}))?\/?$/;

/**
 * The rules page a path names: `''` for the index (`/rules`), a variant id for `/rules/<id>`, or
 * null when the path is not a rules page. The id is not checked against the catalogue here: the
 * page itself says when no such variant exists.
 */
export function parseRulesPath(pathname: string): string | null {
  const match = RULES_PATH.exec(pathname);
  if (!match) return null;
  return match[1] ?? '';
}

/** The path of a rules page (`''`: the index with the differences table). */
export function rulesPath(page: string): string {
  return page === '' ? '/rules' : `/rules/${page}`;
}
