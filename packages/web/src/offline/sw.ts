/**
 * The service worker (built to `/sw.js`): keeps every file of the app — the page, its scripts and
 * styles, each language, the rules pages, PDN tools, the computer's engine, the manifest and the
 * icons — so after one visit the app opens and plays with no server at all. The build writes the
 * file list and a version (a hash of the file names) into the placeholders below; a new build
 * means a new cache. A new worker waits until no tab runs the old release (whose pages may still
 * ask for their own files), then takes over and drops the old cache. The first one takes over the
 * open page at once.
 *
 * Pages are fetched from the network first (a new release shows at once) and fall back to the
 * kept copy; hashed files never change, so the kept copy answers first. The game API and its
 * WebSocket are never intercepted: online play needs the server and says so (`connection.ts`).
 */

/** The few service-worker types used here (the DOM library lacks them; WebWorker clashes). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly caches: CacheStorage;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
}

declare const __DAMKA_PRECACHE__: readonly string[];
declare const __DAMKA_VERSION__: string;

const scope = self as unknown as WorkerScope;
const FILES = __DAMKA_PRECACHE__;
const PREFIX = 'damka-';
const CACHE = PREFIX + __DAMKA_VERSION__;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    scope.caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    scope.caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith(PREFIX) && n !== CACHE)
            .map((n) => scope.caches.delete(n)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const kept = await scope.caches.match('/', { cacheName: CACHE });
    return kept ?? Response.error();
  }
}

async function file(request: Request): Promise<Response> {
  const kept = await scope.caches.match(request, { cacheName: CACHE, ignoreSearch: true });
  return kept ?? fetch(request);
}

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(request.mode === 'navigate' ? page(request) : file(request));
});
