/**
 * The built web app as the server sends it (`static-files.ts`, which `serve.mjs` uses too): the
 * build's brotli or gzip copy as the browser's Accept-Encoding allows (with `vary`), the plain
 * file otherwise; hashed assets cached for a year and immutable, pages revalidated; the app's
 * page for its own paths, but with 404 for the rules page of a variant that does not exist; 404
 * for a missing asset.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startServer, type TestServer } from './helpers.ts';

const web = join(process.env['TMPDIR'] ?? '/tmp', `damka-static-${process.pid}`);
const PAGE = `<!doctype html><title>Damka</title>${'<p>draughts</p>'.repeat(60)}`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let server: TestServer;

before(async () => {
  mkdirSync(join(web, 'assets'), { recursive: true });
  for (const [name, body] of [
    ['index.html', PAGE],
    ['assets/index-abc123.js', SCRIPT],
  ] as const) {
    writeFileSync(join(web, name), body);
    writeFileSync(join(web, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(web, `${name}.gz`), gzipSync(body));
  }
  server = await startServer({ webRoot: web });
});
after(async () => {
  await server?.stop();
  rmSync(web, { recursive: true, force: true });
});

/** A GET with exactly these headers (fetch would add and strip encodings itself). */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('brotli when accepted, then gzip, then the plain file; always with vary', async () => {
  const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['vary'], 'accept-encoding');
  assert.equal(brotliDecompressSync(br.body).toString(), SCRIPT);
  assert.match(String(br.headers['content-type']), /javascript/);

  const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br;q=0' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), SCRIPT);

  const plain = await get('/assets/index-abc123.js');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString(), SCRIPT);
  assert.equal(plain.headers['vary'], 'accept-encoding');
});

test('hashed assets are immutable for a year; pages are revalidated', async () => {
  const asset = await get('/assets/index-abc123.js');
  assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  for (const path of ['/', '/rules', '/rules/international']) {
    const page = await get(path, { 'accept-encoding': 'br' });
    assert.equal(page.status, 200, path);
    assert.equal(page.headers['cache-control'], 'no-cache', path);
    assert.equal(brotliDecompressSync(page.body).toString(), PAGE, path);
  }
});

test('the rules page of an unknown variant and a missing asset answer 404', async () => {
  const unknown = await get('/rules/nonexistent');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.toString(), PAGE, 'the app still explains it');
  assert.equal((await get('/rules/israeli-6x6/')).status, 200);
  assert.equal((await get('/assets/missing-123.js')).status, 404);
});
