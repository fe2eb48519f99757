#!/usr/bin/env node
// The `damka` command. Damka runs its TypeScript sources directly: tsx's loader is registered
// here, then the dispatcher is imported. Output goes to the real streams; the exit code is set,
// not forced, so everything written is flushed before the process ends.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');

// A reader that stops early (`damka moves … | head -1`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
});
