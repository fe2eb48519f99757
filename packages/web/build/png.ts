/**
 * The app's icon drawn in code and written as PNG with node:zlib alone: a dark square holding a
 * gold-ringed draughts piece (the favicon's drawing). Made at build time in every size the web
 * manifest names, so no binary image lives in the repository and no image tool is needed.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA image (`size`×`size`, 4 bytes a pixel, rows top to bottom) as a PNG file. */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    raw.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [0x2a, 0x26, 0x23];
const GOLD: Rgb = [0xe8, 0xc1, 0x5a];
const PIECE: Rgb = [0x3b, 0x35, 0x30];

/**
 * The icon at `size` pixels. The piece fills 62% of the side (inside the safe zone of a maskable
 * icon, whose outer 10% may be cut away), its edges antialiased by the pixel's distance to them.
 */
export function drawIcon(size: number): Buffer {
  const rgba = new Uint8Array(size * size * 4);
  const c = size / 2;
  const outer = size * 0.31;
  const ring = size * 0.055;
  const inner = size * 0.16;
  const cover = (edge: number, d: number) => Math.min(1, Math.max(0, edge - d + 0.5));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
      ];
      let colour = mix(BACKGROUND, GOLD, cover(outer, d)); // the piece's gold rim
      colour = mix(colour, PIECE, cover(outer - ring, d)); // its dark face
      colour = mix(colour, GOLD, cover(inner, d) - cover(inner - ring * 0.6, d)); // the inner ring
      const i = (y * size + x) * 4;
      rgba[i] = Math.round(colour[0]);
      rgba[i + 1] = Math.round(colour[1]);
      rgba[i + 2] = Math.round(colour[2]);
      rgba[i + 3] = 255;
    }
  }
  return encodePng(size, rgba);
}
