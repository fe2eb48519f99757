/**
 * What online play says when the server cannot be reached: the app itself works offline (the
 * service worker keeps it), but games by link need the server. One message, in the reader's
 * language, for every place that contacts the server for online play: creating a game
 * (`needsConnectionMessage`) and an open game that cannot connect (`useServerUnreachable`).
 */
import { useEffect, useState } from 'preact/hooks';
import { translator } from '../i18n/index.ts';
import { loadSettings } from '../settings.ts';

/** "Online play needs a connection to the server…", in the reader's chosen language. */
export function needsConnectionMessage(): string {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
  return translator(loadSettings(languages).locale)('onlineNeedsConnection');
}

/** How often an unconnected game checks whether the server answers at all. */
const CHECK_MS = 2000;

/**
 * Whether the server answers: a HEAD of the page, which the service worker lets through (it
 * answers only GET requests), so the answer comes from the server or not at all.
 */
async function serverAnswers(): Promise<boolean> {
  if (navigator.onLine === false) return false;
  try {
    await fetch('/', { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * While `waiting` (a game not connected), whether the server is out of reach: the browser is
 * offline, or a request to the server fails outright. False as soon as it answers again.
 */
export function useServerUnreachable(waiting: boolean): boolean {
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setUnreachable(false);
      return;
    }
    let live = true;
    const check = () =>
      void serverAnswers().then((ok) => {
        if (live) setUnreachable(!ok);
      });
    check();
    const timer = setInterval(check, CHECK_MS);
    addEventListener('online', check);
    addEventListener('offline', check);
    return () => {
      live = false;
      clearInterval(timer);
      removeEventListener('online', check);
      removeEventListener('offline', check);
    };
  }, [waiting]);
  return unreachable;
}
