/**
 * The HTTP and WebSocket server (Fastify): the game API, the WebSocket endpoint of the protocol,
 * and the built web app with security headers (its files as `static-files.ts` says: the build's
 * brotli or gzip copy, hashed assets cached for a year, 404 for an unknown variant's rules page).
 *
 * Defences, each tested in test/abuse.test.ts: seat secrets compared in constant time against
 * their stored sha256 and never logged (requests are logged without bodies; secrets travel in
 * link fragments and WebSocket messages, never in URLs); the Origin of a WebSocket upgrade must be
 * this site (or a configured one) when a browser sends one; messages over `MAX_MESSAGE_BYTES` end
 * the connection (1009); each connection has a token bucket of messages and is closed with 1008
 * when it floods; HTTP routes are rate-limited per address (429), the web app's files on a
 * budget of their own so that a first visit (which fetches every file for offline play) never
 * eats the API's; every response carries a content security policy and the usual protective
 * headers.
 */
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import type { WebSocket } from 'ws';
import {
  MAX_MESSAGE_BYTES,
  GAME_ID_PATTERN,
  parseClientMessage,
  parseCreateGame,
  type ClientMessage,
  type CreateGameResponse,
  type ErrorCode,
  type Seat,
  type ServerMessage,
} from '@damka/protocol';
import type { Connection } from './hub.ts';
import type { GameService } from './service.ts';
import * as decisions from './decisions.ts';
import { gamePdn } from './pdn.ts';
import { staticFile } from './static-files.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

export interface AppOptions {
  readonly service: GameService;
  /** Folder of the built web app; absent = API only. */
  readonly webRoot?: string;
  /** Log level, or false for no logs. */
  readonly logger?: boolean | { level?: string };
  /** Where logs go (default stdout); tests read them to check that no secret is written. */
  readonly logStream?: { write(line: string): void };
  /**
   * The site's address as players reach it (`https://damka.example`): the links of a new game and
   * the PDN's Site tag use it. Without it they are made from the request's Host header, which a
   * client chooses.
   */
  readonly publicUrl?: string;
  /** Origins allowed besides the server's own (e.g. a dev server). */
  readonly allowedOrigins?: readonly string[];
  /** API requests per minute and address (default 600). */
  readonly httpPerMinute?: number;
  /**
   * Requests for the web app's own files per minute and address (default 20,000), counted apart
   * from the API: one fresh visit fetches every file for offline play (about 70), and a school or
   * a club behind one address opens the app many times a minute.
   */
  readonly filesPerMinute?: number;
  /** Games created per minute and address (default 30). */
  readonly createPerMinute?: number;
  /** Per connection: burst of messages, and messages per second after it (default 40, 20). */
  readonly messageBurst?: number;
  /**
   * Bytes a connection may leave unread before it is dropped (default 1 MiB): a client that
   * stops reading would otherwise have every message for it kept in the server's memory.
   */
  readonly maxUnreadBytes?: number;
  /** Milliseconds from a WebSocket's opening to its `hello` before it is closed (default 30 s). */
  readonly helloWithinMs?: number;
  /**
   * Milliseconds a client has to send a request's headers, and its whole request (defaults 15 s
   * and 60 s): a connection that never finishes one is closed, so idle sockets cannot fill the
   * server's file limit.
   */
  readonly headersWithinMs?: number;
  readonly requestWithinMs?: number;
  readonly messagesPerSecond?: number;
}

/** Close codes of the protocol besides the WebSocket standard ones. */
export const CLOSE = {
  policy: 1008,
  tooBig: 1009,
  unauthorized: 4001,
  notFound: 4004,
  badVersion: 4005,
} as const;

/** A token bucket: `take` is false once the connection sends faster than allowed. */
class Bucket {
  private tokens: number;
  private at = Date.now();
  constructor(
    private readonly burst: number,
    private readonly rate: number,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The origin of a `PUBLIC_URL` (`https://damka.example`), or an error naming what is wrong. */
function siteOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL '${text}' is not a URL (e.g. https://damka.example)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL '${text}' is not an http or https address`);
  }
  return url.origin;
}

/** Build the server (not listening yet). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const service = options.service;
  const publicSite = options.publicUrl === undefined ? undefined : siteOf(options.publicUrl);
  const app = Fastify({
    logger:
      options.logger === false || options.logger === undefined
        ? false
        : {
            level: (typeof options.logger === 'object' && options.logger.level) || 'info',
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'token',
                '*.token',
                'white.token',
                'black.token',
              ],
              censor: '[redacted]',
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 8 * 1024,
    trustProxy: false,
    requestTimeout: options.requestWithinMs ?? 60_000,
  });
  // Node checks a request's headers against this only while a request timeout is set (above)
  app.server.headersTimeout = options.headersWithinMs ?? 15_000;
  // the API reads JSON only: any other body, text/plain included, is refused 415
  app.removeContentTypeParser('text/plain');

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });

  await app.register(rateLimit, {
    global: true,
    max: options.httpPerMinute ?? 600,
    timeWindow: '1 minute',
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false },
    // what a client causes (a message over the limit, a bad frame, a reset) is a line at warn
    // level without a stack: any client can cause it, and the error log is for the server's own
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: string }).code ?? '';
      if (/^WS_ERR_|^ECONNRESET$|^EPIPE$/.test(code)) {
        request.log.warn({ code }, `connection error: ${error.message}`);
      } else request.log.error(error);
      socket.terminate();
    },
  });

  const allowed = new Set(options.allowedOrigins ?? []);
  const originAllowed = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (origin === undefined) return true; // not a browser: nothing to forge
    if (allowed.has(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };

  app.get('/api/health', async () => ({ ok: true, node: service.hub.nodeId }));

  const metrics = service.metrics;
  if (metrics) {
    app.get('/api/metrics', async () => metrics.snapshot());
    app.post('/api/metrics/reset', async () => {
      metrics.reset();
      return { ok: true };
    });
  }

  app.post(
    '/api/games',
    { config: { rateLimit: { max: options.createPerMinute ?? 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const parsed = parseCreateGame(request.body);
      if (!parsed.ok) return reply.code(400).send({ error: 'badRequest', message: parsed.message });
      const created = await service.create(parsed.value);
      if (!created.ok) {
        return reply.code(400).send({ error: 'badRequest', message: created.message });
      }
      const base = publicSite ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
      const body: CreateGameResponse = {
        gameId: created.id,
        white: { token: created.white, url: `${base}/play/${created.id}#${created.white}` },
        black: { token: created.black, url: `${base}/play/${created.id}#${created.black}` },
        spectator: { url: `${base}/play/${created.id}` },
      };
      return reply.code(201).send(body);
    },
  );

  app.get<{ Params: { id: string } }>('/api/games/:id', async (request, reply) => {
    const live = GAME_ID_PATTERN.test(request.params.id)
      ? await service.snapshot(request.params.id)
      : null;
    if (!live) return reply.code(404).send({ error: 'notFound', message: 'there is no such game' });
    return { game: live.info, actions: live.actions, state: service.state(live) };
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/pdn', async (request, reply) => {
    const live = GAME_ID_PATTERN.test(request.params.id)
      ? await service.snapshot(request.params.id)
      : null;
    if (!live) return reply.code(404).send({ error: 'notFound', message: 'there is no such game' });
    const site = publicSite ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    return reply
      .type('application/x-draughts-pdn; charset=utf-8')
      .header('content-disposition', `attachment; filename="damka-${live.id}.pdn"`)
      .send(gamePdn(live, site));
  });

  app.get(
    '/api/ws',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!originAllowed(request)) {
          await reply.code(403).send({ error: 'forbidden', message: 'origin not allowed' });
        }
      },
    },
    (socket, request) => {
      handleSocket(socket, service, options, request.log);
    },
  );

  app.all('/api/*', async (_request, reply) =>
    reply.code(404).send({ error: 'notFound', message: 'no such API route' }),
  );

  const root = options.webRoot;
  const filesLimit = { max: options.filesPerMinute ?? 20_000, timeWindow: '1 minute' };
  app.get('/*', { config: { rateLimit: filesLimit } }, async (request, reply) => {
    if (!root) return reply.code(404).send('not found\n');
    const found = await staticFile(root, request.url, request.headers['accept-encoding']);
    if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('not found\n');
    try {
      const body = await readFile(found.path);
      return reply.code(found.status).headers(found.headers).send(body);
    } catch {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('the web app is not built: npm run build -w @damka/web\n');
    }
  });

  app.addHook('onClose', async () => {
    for (const client of app.websocketServer?.clients ?? []) client.terminate();
  });
  return app;
}

interface Log {
  warn(object: object, message: string): void;
}

/** One WebSocket connection: rate limit, parsing, and the protocol's requests in order. */
function handleSocket(socket: WebSocket, service: GameService, options: AppOptions, log: Log) {
  const bucket = new Bucket(options.messageBurst ?? 40, options.messagesPerSecond ?? 20);
  let game: string | null = null;
  let token: string | undefined;
  let connection: (Connection & { seat: Seat }) | null = null;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;
  const maxUnread = options.maxUnreadBytes ?? 1024 * 1024;

  const send = (message: ServerMessage) => {
    if (socket.readyState !== 1) return;
    if (socket.bufferedAmount > maxUnread) {
      // the client has stopped reading: drop it rather than keep its messages in memory (a close
      // frame would wait behind them); its client reconnects and catches up from its last ply
      closed = true;
      log.warn({ unread: socket.bufferedAmount }, 'connection dropped: its client stopped reading');
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(message));
  };
  const helloTimer = setTimeout(() => {
    if (game !== null || closed) return;
    closed = true;
    error('notJoined', 'no hello: the connection is closed');
    socket.close(CLOSE.policy, 'no hello');
  }, options.helloWithinMs ?? 30_000);
  helloTimer.unref();
  const error = (code: ErrorCode, message: string, expected?: number) =>
    send(
      expected === undefined
        ? { type: 'error', code, message }
        : { type: 'error', code, message, expected },
    );

  const hello = async (id: string, since: number) => {
    const joined = await service.join(id, token, since, (seat, welcome, rematch) => {
      send(welcome);
      if (rematch) send(rematch);
      // a socket that closed while its hello was judged must not be counted in the game: its
      // close was handled already, so it would never leave and its player would stay present
      if (!connection && !closed) {
        connection = {
          seat,
          ...(token !== undefined ? { token } : {}),
          send,
        };
        service.hub.join(id, connection);
      }
    });
    if (joined.ok && closed && connection === null) service.released(id);
    if (!joined.ok) {
      error(joined.code, joined.message);
      socket.close(
        joined.code === 'notFound' ? CLOSE.notFound : CLOSE.unauthorized,
        joined.message.slice(0, 100),
      );
    }
  };

  const handle = async (message: ClientMessage, arrived: number) => {
    if (message.type === 'ping') {
      send({ type: 'pong', n: message.n, at: Date.now() });
      return;
    }
    if (message.type === 'hello') {
      if (game !== null && (message.game !== game || message.token !== token)) {
        error('badMessage', 'a connection follows one game with one seat');
        return;
      }
      game = message.game;
      token = message.token;
      await hello(message.game, message.since);
      return;
    }
    if (game === null || connection === null) {
      error('notJoined', 'say hello first');
      return;
    }
    const seat = (connection as Connection).seat;
    switch (message.type) {
      case 'move':
      case 'burn':
      case 'replay': {
        const text =
          message.type === 'move' ? message.move : message.type === 'burn' ? message.square : '';
        const result = await service.act(game, seat, {
          kind: message.type,
          ply: message.ply,
          text,
        });
        if (result.ok) {
          send({ type: 'ack', action: result.action, duplicate: result.duplicate });
          service.metrics?.ack(performance.now() - arrived);
          return;
        }
        error(result.code, result.message, result.expected);
        if (result.code === 'stalePly' || result.code === 'futurePly') {
          await hello(game, Math.min(message.ply, result.expected ?? 0));
        }
        return;
      }
      case 'resign': {
        const result = await decisions.resign(service, game, seat);
        if (!result.ok) error(result.code, result.message);
        return;
      }
      case 'draw': {
        const result = await decisions.draw(service, game, seat, message.action);
        if (!result.ok) error(result.code, result.message);
        return;
      }
      case 'rematch': {
        const result = await decisions.rematch(service, game, seat, token);
        if (!result.ok) error(result.code, result.message);
        return;
      }
      case 'abort': {
        const result = await decisions.abort(service, game, seat);
        if (!result.ok) error(result.code, result.message);
        return;
      }
      case 'claim': {
        const result = await decisions.claim(service, game, seat, message.result);
        if (!result.ok) error(result.code, result.message);
        return;
      }
    }
  };

  socket.on('message', (data, isBinary) => {
    const arrived = performance.now();
    if (closed) return;
    if (!bucket.take()) {
      closed = true;
      error('rateLimited', 'too many messages: the connection is closed');
      socket.close(CLOSE.policy, 'rate limit');
      return;
    }
    if (isBinary) {
      error('badMessage', 'messages are JSON text');
      return;
    }
    const parsed = parseClientMessage(data.toString());
    if (!parsed.ok) {
      error(parsed.code, parsed.message);
      return;
    }
    const message = parsed.value;
    queue = queue
      .then(() => handle(message, arrived))
      .catch((e: unknown) => {
        log.warn({ err: e }, 'request failed');
        error('internal', 'the server could not handle this request');
      });
  });

  socket.on('close', () => {
    clearTimeout(helloTimer);
    closed = true;
    if (game !== null && connection !== null) {
      service.hub.leave(game, connection);
      service.released(game);
    }
  });
}
