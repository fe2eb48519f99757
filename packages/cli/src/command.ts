/**
 * What every `damka` command is made of: the writers it prints to, the module shape the registry
 * loads, and the one way a command reports a user's mistake.
 *
 * Commands never touch `process` directly: they get an `Io` and return an exit code, so tests run
 * them in-process and read exactly what a person would see. A mistake in the user's input is a
 * `UsageError`; `guard` turns it into one line on stderr and exit code 2, never a stack trace.
 */
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Somewhere to write text; `process.stdout` and `process.stderr` are writers. */
export interface Writer {
  write(text: string): unknown;
}

/** The two output streams of a command. */
export interface Io {
  readonly stdout: Writer;
  readonly stderr: Writer;
}

/** A command module, as loaded by the registry in `commands/index.ts` (which holds its summary). */
export interface CommandModule {
  /** Synopsis and options, shown by `damka help <command>` and `damka <command> --help`. */
  readonly usage: string;
  /** Runs the command with the arguments after its name; resolves to the exit code. */
  run(args: string[], io: Io): Promise<number>;
}

/** Exit code for a mistake in the command line or its input (bad FEN, unknown variant, …). */
export const EXIT_USAGE = 2;

/** A mistake in the user's input, reported as `damka: <message>` and exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What the system said about a path, in a few words (`ENOENT`: no such file or folder). */
const SYSTEM_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a file stands where a folder is needed',
  EISDIR: 'a folder, not a file',
  EROFS: 'a read-only file system',
  ENOSPC: 'no space left on the device',
  EEXIST: 'a file stands where a folder is needed',
};

/**
 * A file system error on a path the user named (`--out DIR`, `--book FILE`) is the user's to fix:
 * a `UsageError` that names the path and the reason (exit code 2, one line). Anything else is
 * returned as it is, to be thrown on as a bug.
 */
export function pathError(doing: string, path: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return error;
  return new UsageError(`cannot ${doing} ${path}: ${SYSTEM_REASONS[code] ?? code}`);
}

/**
 * A folder the user named to read from (`--egdb DIR`): returned when it is a folder; a
 * `UsageError` when the name is empty, missing or a file, so that a misspelt path is never taken
 * for a folder with nothing in it.
 */
export function namedFolder(flag: string, dir: string): string {
  if (dir.trim() === '') throw new UsageError(`${flag} wants a folder, not an empty name`);
  let folder: boolean;
  try {
    folder = statSync(dir).isDirectory();
  } catch (error) {
    throw pathError('read', dir, error);
  }
  if (!folder) throw new UsageError(`cannot read ${dir}: ${SYSTEM_REASONS.ENOTDIR}`);
  return dir;
}

/**
 * A file the user named for a command to write when it ends (`--pdn FILE`, `--out FILE`), checked
 * before the work starts: a `UsageError` when the name is empty, names a folder, or its folder is
 * missing or not writable, so a mistake is not found only after an hour of games. Nothing is
 * written here.
 */
export function writableFile(flag: string, path: string): string {
  if (path.trim() === '') throw new UsageError(`${flag} wants a file name, not an empty one`);
  try {
    const there = statSync(path, { throwIfNoEntry: false });
    if (there?.isDirectory()) throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    if (there === undefined && !statSync(dirname(path)).isDirectory())
      throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    accessSync(there === undefined ? dirname(path) : path, constants.W_OK);
  } catch (error) {
    throw pathError('write', path, error);
  }
  return path;
}

/**
 * Write the text a command produced to the file the user named; when that fails at the end (the
 * disk filled up, the folder went away), the text goes to `io.stdout` instead, so the work is not
 * lost, and the failure is a `UsageError` that says so.
 */
export function writeResult(io: Io, path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    const reason = pathError('write', path, error);
    if (!(reason instanceof UsageError)) throw error;
    io.stdout.write(text);
    throw new UsageError(`${reason.message}; it was written to standard output instead`);
  }
}

/** Write `damka: <message>` as one line on stderr. */
export function complain(io: Io, message: string): void {
  io.stderr.write(`damka: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
}

/**
 * Wrap a command body so that a `UsageError` thrown anywhere inside it becomes one stderr line and
 * exit code 2. Other exceptions are bugs and pass through to the dispatcher.
 */
export function guard(body: (args: string[], io: Io) => Promise<number>): CommandModule['run'] {
  return async (args, io) => {
    try {
      return await body(args, io);
    } catch (error) {
      if (error instanceof UsageError) {
        complain(io, error.message);
        return EXIT_USAGE;
      }
      throw error;
    }
  };
}

/** A request to stop a long command, set by the first Ctrl-C (SIGINT) or SIGTERM. */
export interface StopSignal {
  /** True once a signal has come: finish the item in hand, save, and return. */
  readonly requested: boolean;
  /** The first signal that came, for the exit code (130 for SIGINT, 143 for SIGTERM). */
  readonly signal: 'SIGINT' | 'SIGTERM' | undefined;
  /** Stops listening; call it when the long work is over, also on error. */
  release(): void;
}

/**
 * Listens for a graceful stop. Long commands (`book build`, `puzzles build`, `match`) save their
 * work after each item, so the first signal lets the item in hand finish and be saved (`onStop` is called at
 * once, for work on another thread to stop now); a second signal exits at once with code 130, as a
 * shell expects of an interrupted program. Signals reach JavaScript only between turns of the
 * event loop, so a command must yield (`await`) between items for either to be seen, or do its
 * work on a worker thread (`book build`, `puzzles build`).
 */
export function listenForStop(onStop?: () => void): StopSignal {
  let requested = false;
  let signal: StopSignal['signal'];
  const onSignal = (name: NodeJS.Signals) => {
    if (requested) process.exit(130);
    requested = true;
    signal = name === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
    onStop?.();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    get requested() {
      return requested;
    },
    get signal() {
      return signal;
    },
    release() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/** An `Io` that keeps what is written, for tests and for embedding commands in other tools. */
export function bufferIo(): Io & { out(): string; err(): string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}
