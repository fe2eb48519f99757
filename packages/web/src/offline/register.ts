/**
 * Registers the service worker (`sw.ts`, built to `/sw.js`) once the page has loaded, so keeping
 * the app for offline use never competes with the first render. Only in a built app: the
 * development server has no `/sw.js`.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // no service worker (private mode, an old browser): the app works, online only
    });
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
