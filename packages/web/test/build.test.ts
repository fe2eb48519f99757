/**
 * The build's own steps: the icon is a valid PNG of the asked size (each chunk's CRC right, the
 * pixels a gold-ringed piece on a dark square), and every text file of a built folder gets a
 * brotli and a gzip copy that unpack to the very same bytes, while small and binary files do not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, crc32, gunzipSync, inflateSync } from 'node:zlib';
import { drawIcon } from '../build/png.ts';
import { compressFolder } from '../build/damka-build.ts';

function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)));
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

test('the icon is a valid PNG of its size: a piece on a dark square', () => {
  for (const size of [48, 192]) {
    const parts = chunks(drawIcon(size));
    assert.deepEqual(
      parts.map((c) => c.type),
      ['IHDR', 'IDAT', 'IEND'],
    );
    const ihdr = parts[0]!.data;
    assert.equal(ihdr.readUInt32BE(0), size);
    assert.equal(ihdr.readUInt32BE(4), size);
    const raw = inflateSync(parts[1]!.data);
    assert.equal(raw.length, size * (size * 4 + 1));
    const pixel = (x: number, y: number) => {
      const i = y * (size * 4 + 1) + 1 + x * 4;
      return [...raw.subarray(i, i + 4)];
    };
    assert.deepEqual(pixel(0, 0), [0x2a, 0x26, 0x23, 255], 'the dark square');
    const rim = pixel(Math.round(size / 2 + size * 0.28), Math.round(size / 2));
    assert.deepEqual(rim, [0xe8, 0xc1, 0x5a, 255], 'the gold rim');
  }
});

test('text files get brotli and gzip copies of the same bytes; small and binary ones do not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'damka-build-'));
  try {
    mkdirSync(join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('draughts '.repeat(400))});\n`;
    writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dir, 'small.css'), 'body{}');
    writeFileSync(join(dir, 'icon.png'), drawIcon(64));
    assert.equal(compressFolder(dir), 1);
    const base = join(dir, 'assets', 'index-abc.js');
    assert.equal(brotliDecompressSync(readFileSync(`${base}.br`)).toString(), script);
    assert.equal(gunzipSync(readFileSync(`${base}.gz`)).toString(), script);
    assert.ok(readFileSync(`${base}.br`).length < script.length / 4, 'it is smaller');
    assert.ok(!existsSync(join(dir, 'small.css.br')) && !existsSync(join(dir, 'icon.png.gz')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
