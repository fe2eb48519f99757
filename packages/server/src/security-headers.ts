/**
 * The HTTP headers every page and file of the web app carries, in one home for the game server
 * (app.ts) and the plain file server the browser tests use (packages/web/serve.mjs), so the tests
 * load the app as players do. A content security policy allowing only the app's own files (and
 * the board's one stylesheet by its hash), no framing, no sniffing, and cross-origin isolation:
 * with the opener and embedder policies the page may share memory with the computer's worker (its
 * stop flag and its helper threads).
 */
import { createHash } from 'node:crypto';
import { BOARD_CSS } from '@damka/board';

/** The board widget injects one constant stylesheet: allowed by its hash, no 'unsafe-inline'. */
const BOARD_STYLE_HASH = `'sha256-${createHash('sha256').update(BOARD_CSS).digest('base64')}'`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${BOARD_STYLE_HASH}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
