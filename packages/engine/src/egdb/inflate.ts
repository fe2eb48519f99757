/**
 * A small synchronous decoder of raw DEFLATE (RFC 1951), for the compressed endgame tables: each
 * 4 KiB block of a table is deflated on its own (table.ts), and a probe inflates just the block it
 * needs. Written here rather than taken from Node's zlib because the prober also runs in a browser,
 * where the only built-in (`DecompressionStream`) is asynchronous and a probe cannot wait.
 *
 * Canonical Huffman decoding by counts and symbols per code length (the classic small-inflate
 * method: walk the code one bit at a time, comparing with the first code of each length). Speed
 * is ample for blocks of 4 KiB; it checks its input and throws on anything malformed.
 */

/** A Huffman code: how many codes of each length (1..15), and the symbols in canonical order. */
interface Huffman {
  readonly counts: Uint16Array;
  readonly symbols: Uint16Array;
}

function huffman(lengths: Uint8Array, n: number): Huffman {
  const counts = new Uint16Array(16);
  for (let i = 0; i < n; i++) counts[lengths[i]!]!++;
  counts[0] = 0;
  const offsets = new Uint16Array(16);
  for (let len = 1; len < 16; len++) offsets[len] = offsets[len - 1]! + counts[len - 1]!;
  const symbols = new Uint16Array(n);
  for (let i = 0; i < n; i++) if (lengths[i] !== 0) symbols[offsets[lengths[i]!]!++] = i;
  return { counts, symbols };
}

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/** The order in which a dynamic block lists its code-length code's lengths. */
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

const FIXED = (() => {
  const l = new Uint8Array(288);
  l.fill(8, 0, 144);
  l.fill(9, 144, 256);
  l.fill(7, 256, 280);
  l.fill(8, 280, 288);
  const d = new Uint8Array(30).fill(5);
  return { lit: huffman(l, 288), dist: huffman(d, 30) };
})();

/** Inflate raw DEFLATE `input` into `out` (its exact size known); returns the bytes written. */
export function inflateRaw(input: Uint8Array, out: Uint8Array): number {
  let pos = 0;
  let bitBuf = 0;
  let bitCount = 0;
  let o = 0;
  const bits = (n: number): number => {
    while (bitCount < n) {
      if (pos >= input.length) throw new Error('inflate: input ends early');
      bitBuf |= input[pos++]! << bitCount;
      bitCount += 8;
    }
    const v = bitBuf & ((1 << n) - 1);
    bitBuf >>>= n;
    bitCount -= n;
    return v;
  };
  const decode = (h: Huffman): number => {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= bits(1);
      const count = h.counts[len]!;
      if (code - first < count) return h.symbols[index + code - first]!;
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw new Error('inflate: bad code');
  };
  let last = 0;
  while (!last) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {
      bitBuf = 0;
      bitCount = 0;
      if (pos + 4 > input.length) throw new Error('inflate: input ends early');
      const len = input[pos]! | (input[pos + 1]! << 8);
      const nlen = input[pos + 2]! | (input[pos + 3]! << 8);
      pos += 4;
      if ((len ^ 0xffff) !== nlen) throw new Error('inflate: bad stored block');
      if (pos + len > input.length || o + len > out.length) throw new Error('inflate: overrun');
      out.set(input.subarray(pos, pos + len), o);
      pos += len;
      o += len;
      continue;
    }
    let lit: Huffman;
    let dist: Huffman;
    if (type === 1) ({ lit, dist } = FIXED);
    else if (type === 2) {
      const hlit = bits(5) + 257;
      const hdist = bits(5) + 1;
      const hclen = bits(4) + 4;
      const clen = new Uint8Array(19);
      for (let i = 0; i < hclen; i++) clen[CLEN_ORDER[i]!] = bits(3);
      const ch = huffman(clen, 19);
      const lengths = new Uint8Array(hlit + hdist);
      for (let i = 0; i < hlit + hdist;) {
        const sym = decode(ch);
        if (sym < 16) lengths[i++] = sym;
        else {
          let rep: number;
          let val = 0;
          if (sym === 16) {
            if (i === 0) throw new Error('inflate: repeat with no length');
            val = lengths[i - 1]!;
            rep = 3 + bits(2);
          } else if (sym === 17) rep = 3 + bits(3);
          else rep = 11 + bits(7);
          if (i + rep > hlit + hdist) throw new Error('inflate: too many lengths');
          lengths.fill(val, i, i + rep);
          i += rep;
        }
      }
      lit = huffman(lengths.subarray(0, hlit), hlit);
      dist = huffman(lengths.subarray(hlit), hdist);
    } else throw new Error('inflate: bad block type');
    for (;;) {
      const sym = decode(lit);
      if (sym < 256) {
        if (o >= out.length) throw new Error('inflate: overrun');
        out[o++] = sym;
      } else if (sym === 256) break;
      else {
        const l = sym - 257;
        if (l >= 29) throw new Error('inflate: bad length');
        const len = LENGTH_BASE[l]! + bits(LENGTH_EXTRA[l]!);
        const d = decode(dist);
        if (d >= 30) throw new Error('inflate: bad distance');
        const back = DIST_BASE[d]! + bits(DIST_EXTRA[d]!);
        if (back > o || o + len > out.length) throw new Error('inflate: overrun');
        for (let k = 0; k < len; k++, o++) out[o] = out[o - back]!;
      }
    }
  }
  return o;
}
