/**
 * How a piece of a user's text is quoted inside an error message. Messages name what they could
 * not read ("near '…'", "no square '…'"), and that text comes from files and forms written by
 * anyone: its control characters are written as escapes, so a message stays on one line and
 * cannot move a terminal's cursor or change its colours, and a long text is cut with an ellipsis.
 */

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** C0 controls, DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** At most `max` characters of `text`, the last an ellipsis when it was longer. */
export function cut(text: string, max = 40): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

/** `text` fit to quote in a message: cut to `max` characters, control characters escaped. */
export function shown(text: string, max = 40): string {
  return cut(text, max).replace(
    CONTROL,
    (c) => NAMED[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}
