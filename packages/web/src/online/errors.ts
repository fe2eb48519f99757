/**
 * The server's errors in the page's language: every error code of the protocol (and of the game
 * API's answers) has its own message in every catalogue (`SERVER_ERROR_KEYS`, checked by the type
 * system against the protocol's list and by test/catalogues.test.ts in every language). The
 * server's English sentence is shown only for a code this page does not know (a newer server).
 */
import type { ErrorCode } from '@damka/protocol';
import type { MessageKey, Translate } from '../i18n/index.ts';

/** The game API's own error codes (`POST /api/games` and the game routes). */
export type ApiErrorCode = 'badRequest' | 'forbidden' | 'notFound';

export const SERVER_ERROR_KEYS: Readonly<Record<ErrorCode | ApiErrorCode, MessageKey>> = {
  badMessage: 'srv_badMessage',
  tooLarge: 'srv_tooLarge',
  rateLimited: 'srv_rateLimited',
  badVersion: 'srv_badVersion',
  notFound: 'srv_notFound',
  unauthorized: 'srv_unauthorized',
  notJoined: 'srv_notJoined',
  spectator: 'srv_spectator',
  notYourTurn: 'srv_notYourTurn',
  stalePly: 'srv_stalePly',
  futurePly: 'srv_futurePly',
  illegalMove: 'srv_illegalMove',
  gameOver: 'srv_gameOver',
  noDrawOffer: 'srv_noDrawOffer',
  notOver: 'srv_notOver',
  cannotAbort: 'srv_cannotAbort',
  cannotClaim: 'srv_cannotClaim',
  internal: 'srv_internal',
  badRequest: 'srv_badRequest',
  forbidden: 'srv_forbidden',
};

/** The message for a server error: its code's translation, else the server's own text. */
export function serverErrorText(t: Translate, code: string | undefined, message: string): string {
  const key =
    code !== undefined && Object.hasOwn(SERVER_ERROR_KEYS, code)
      ? SERVER_ERROR_KEYS[code as keyof typeof SERVER_ERROR_KEYS]
      : undefined;
  return key ? t(key) : message;
}
