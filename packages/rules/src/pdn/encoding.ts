/**
 * The bytes of a PDN file → text. Real files come as UTF-8 (with or without a byte-order mark),
 * UTF-16 with a mark, or Latin-1 / Windows-1252 from older Windows programs. UTF-8 is tried first
 * and strictly: a file that is not valid UTF-8 is read as Windows-1252, which gives every byte a
 * character (Latin-1 is its subset), so no byte ever becomes a silent U+FFFD. Built on `TextDecoder`, the same in Node
 * and in browsers.
 */

/** The encodings `decodePdn` recognises. */
export type PdnEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedPdn {
  readonly text: string;
  readonly encoding: PdnEncoding;
}

/**
 * Decode a PDN file's bytes: by its byte-order mark, else UTF-8 when valid, else Windows-1252.
 * Bytes that do not fit the encoding their mark announces are read as Windows-1252 too.
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
  const text = strict('utf-8', bytes);
  return text === undefined
    ? { text: windows1252(bytes), encoding: 'windows-1252' }
    : { text, encoding: 'utf-8' };
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
