/**
 * DXP over TCP: connect to a follower (`dxpConnect`) or listen for initiators (`dxpListen`), each
 * connection wrapped in a `DxpChannel`. `node:net` is loaded on first use, so importing
 * `@damka/engine` stays Node-free.
 *
 * Closing is explicit and bounded: `DxpChannel.close` half-closes the socket and destroys it if
 * the peer has not closed its side within a second, and `DxpServer.close` ends every connection it
 * still holds, so a test or a command never leaves a socket open behind it.
 */
import type { Server, Socket } from 'node:net';
import { DxpChannel } from './dxp-channel.ts';

/** Wrap a connected socket. */
export function channelOfSocket(socket: Socket): DxpChannel {
  const channel = new DxpChannel({
    write: (bytes) => {
      if (!socket.destroyed) socket.write(bytes);
    },
    end: () => {
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    },
  });
  socket.on('data', (chunk: Buffer) => channel.receive(chunk));
  socket.on('end', () => {
    channel.closed();
    socket.end();
  });
  socket.on('close', () => channel.closed());
  socket.on('error', () => channel.closed());
  return channel;
}

/** Connect to a DXP follower at `host:port`. */
export async function dxpConnect(
  host: string,
  port: number,
  timeout = 10_000,
): Promise<DxpChannel> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection to ${host}:${port} within ${timeout} ms`));
    }, timeout);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.setNoDelay(true);
      resolve(channelOfSocket(socket));
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot connect to ${host}:${port}: ${e.message}`));
    });
  });
}

/** A listening DXP follower. */
export interface DxpServer {
  /** The port it listens on (useful with port 0: a free port). */
  readonly port: number;
  /** Stop listening and end every open connection. */
  close(): Promise<void>;
}

/**
 * Listen on `host:port`; `serve` runs for each connection. With `connections`, the server stops
 * accepting after that many; `done` resolves when those have all been served.
 */
export async function dxpListen(
  host: string,
  port: number,
  serve: (channel: DxpChannel, peer: string) => Promise<unknown>,
  options: { readonly connections?: number } = {},
): Promise<DxpServer & { readonly done: Promise<void> }> {
  const net = await import('node:net');
  const sockets = new Set<Socket>();
  let accepted = 0;
  let served = 0;
  let markDone: () => void = () => {};
  const done = new Promise<void>((resolve) => (markDone = resolve));
  const server: Server = net.createServer((socket) => {
    const limit = options.connections;
    if (limit !== undefined && accepted >= limit) {
      socket.destroy();
      return;
    }
    accepted++;
    if (limit !== undefined && accepted >= limit) server.close();
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
    const channel = channelOfSocket(socket);
    const peer = `${socket.remoteAddress}:${socket.remotePort}`;
    void serve(channel, peer)
      .catch(() => undefined)
      .finally(() => {
        channel.close();
        served++;
        if (limit !== undefined && served >= limit) markDone();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    port: actual,
    done,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
