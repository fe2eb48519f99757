/**
 * Vite build of the web app: Preact through its preset, the `@damka/*` workspace packages bundled
 * from their TypeScript sources, the computer's worker as an ES module chunk, and the service
 * worker as a second entry written to `/sw.js` (a service worker controls only the paths below its
 * own, so it must live at the root and keep its name). Hashed file names under `/assets/` let the
 * servers cache them for a year; `build/damka-build.ts` adds icons, routes and compressed copies.
 */
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { damkaBuild } from './build/damka-build.ts';

const SERVICE_WORKER = 'sw.js';

export default defineConfig({
  plugins: [preact(), damkaBuild({ serviceWorker: SERVICE_WORKER })],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: false,
    rollupOptions: {
      input: { index: 'index.html', sw: 'src/offline/sw.ts' },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'sw' ? SERVICE_WORKER : 'assets/[name]-[hash].js',
      },
    },
  },
});
