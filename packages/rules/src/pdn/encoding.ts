/**
 * The bytes of a PDN file → text. Real files come as UTF-8 (with or without a byte-order mark),
 * UTF-16 with a mark, or Latin-1 / Windows-1252 from older Windows programs. UTF-8 is tried first
 * and strictly: a file that is not valid UTF-8 is read as Windows-1252, which gives every byte a
 * character (Latin-1 is its subset), so no byte ever becomes a silent U+FFFD. Built on `TextDecoder`, the same in Node
 * and in browsers.
 *
 * UTF-16 written without its mark (some Windows tools and scripts save it so) is, when its text is
 * mostly ASCII, valid UTF-8 too — every other byte a NUL — and would be read as text full of NULs
 * that no PDN reader can follow. It is recognised by those NULs, on one side of each byte pair and
 * not the other, and read as UTF-16 under an encoding of its own, so that a reader can warn that
 * it guessed (`encodingWarning`).
 */

/** The encodings `decodePdn` recognises. */
export type PdnEncoding =
  | 'utf-8'
  | 'utf-8-bom'
  | 'utf-16le'
  | 'utf-16be'
  | 'utf-16le-no-bom'
  | 'utf-16be-no-bom'
  | 'windows-1252';

export interface DecodedPdn {
  readonly text: string;
  readonly encoding: PdnEncoding;
}

/**
 * Decode a PDN file's bytes: by its byte-order mark, else as UTF-16 when its NULs say so (see the
 * module comment), else UTF-8 when valid, else Windows-1252. Bytes that do not fit the encoding
 * their mark announces are read as Windows-1252 too.
 */
export function decodePdn(bytes: Uint8Array): DecodedPdn {
  const marks: Array<[PdnEncoding, string, number[]]> = [
    ['utf-8-bom', 'utf-8', [0xef, 0xbb, 0xbf]],
    ['utf-16le', 'utf-16le', [0xff, 0xfe]],
    ['utf-16be', 'utf-16be', [0xfe, 0xff]],
  ];
  for (const [encoding, label, mark] of marks) {
    if (!mark.every((b, i) => bytes[i] === b)) continue;
    const rest = bytes.subarray(mark.length);
    const text = strict(label, rest);
    return text === undefined
      ? { text: windows1252(rest), encoding: 'windows-1252' }
      : { text, encoding };
  }
  const wide = utf16Order(bytes);
  if (wide !== undefined) {
    const text = strict(wide, bytes);
    if (text !== undefined && !text.includes('\ufffd')) return { text, encoding: `${wide}-no-bom` };
  }
  const text = strict('utf-8', bytes);
  return text === undefined
    ? { text: windows1252(bytes), encoding: 'windows-1252' }
    : { text, encoding: 'utf-8' };
}

/**
 * What a reader should be told about the encoding `decodePdn` chose: a sentence when it was a guess
 * (UTF-16 without a byte-order mark), else undefined.
 */
export function encodingWarning(encoding: PdnEncoding): string | undefined {
  if (encoding !== 'utf-16le-no-bom' && encoding !== 'utf-16be-no-bom') return undefined;
  const order = encoding === 'utf-16le-no-bom' ? 'little-endian' : 'big-endian';
  return `this looks like UTF-16 (${order}) without a byte-order mark; read as such`;
}

/** Bytes looked at to recognise UTF-16 without a mark. */
const SNIFF_BYTES = 4096;

/**
 * 'utf-16le' or 'utf-16be' when the bytes look like UTF-16 without a mark: an even length, and in
 * their first pairs a NUL on one side of at least half the pairs and (almost) never on the other,
 * as mostly-ASCII text in UTF-16 has; else undefined. UTF-8 text holds no NUL at all.
 */
function utf16Order(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return undefined;
  const pairs = Math.min(bytes.length, SNIFF_BYTES) / 2;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) evenNuls++;
    if (bytes[i + 1] === 0) oddNuls++;
  }
  const few = pairs / 20;
  if (oddNuls >= pairs / 2 && evenNuls <= few) return 'utf-16le';
  if (evenNuls >= pairs / 2 && oddNuls <= few) return 'utf-16be';
  return undefined;
}

/** The bytes in an encoding, or undefined when they are not valid in it. */
function strict(label: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Windows-1252's characters for bytes 0x80–0x9F; its five unused bytes keep their C1 code. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 by table: Node's own `TextDecoder('windows-1252')` reads it as plain Latin-1 in
 * some builds, so the 32 bytes where the two differ are mapped here; every other byte is its own
 * code point, as in Latin-1.
 */
function windows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    const codes = new Array<number>(chunk.length);
    for (let k = 0; k < chunk.length; k++) {
      const b = chunk[k]!;
      codes[k] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b;
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}
