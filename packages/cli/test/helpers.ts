/**
 * Test helpers: run the `damka` command line in-process and read what it printed.
 */
import { bufferIo } from '../src/command.ts';
import { main } from '../src/main.ts';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `damka ...argv`, run in this process. */
export async function damka(...argv: string[]): Promise<CliResult> {
  const io = bufferIo();
  const code = await main(argv, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

/** The lines of `text` without the final newline. */
export function lines(text: string): string[] {
  return text.replace(/\n$/, '').split('\n');
}
