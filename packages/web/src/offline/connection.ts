/**
 * What online play says when the server cannot be reached: the app itself works offline (the
 * service worker keeps it), but games by link need the server. One message, in the reader's
 * language, for every place that contacts the server for online play.
 */
import { translator } from '../i18n/index.ts';
import { loadSettings } from '../settings.ts';

/** "Online play needs a connection to the server…", in the reader's chosen language. */
export function needsConnectionMessage(): string {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
  return translator(loadSettings(languages).locale)('onlineNeedsConnection');
}
