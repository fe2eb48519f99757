/**
 * Game ids and seat secrets: how they are made, how a presented secret is checked against the
 * stored hash (in constant time), and how a player's secret in a rematch is derived from their
 * secret in the old game — so the server stores hashes only and no secret travels between nodes.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** sha256 of a secret, hex: what the database keeps instead of the secret. */
export function hashSecret(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new 128-bit secret, base64url. */
export function newSecret(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The secret a player holds in the rematch of game `gameId`: derived from the player's secret in
 * that game (HMAC-SHA256 keyed by it, 128 bits), so only that player can have it, and the server
 * can give it again to the player coming back with the old link while storing only its hash.
 */
export function rematchSecret(token: string, gameId: string): string {
  return createHmac('sha256', token)
    .update(`damka rematch of ${gameId}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** A new public game id: 72 random bits, base64url (12 characters). */
export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function matches(token: string, hash: string): boolean {
  const a = createHash('sha256').update(token, 'utf8').digest();
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
