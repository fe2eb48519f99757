/** International pattern table (see patterns.ts); empty: no fitted table yet. */
export const INTERNATIONAL_PATTERNS = '';
