/**
 * Vite build of the web app: Preact through its preset, the `@damka/*` workspace packages bundled
 * from their TypeScript sources, and the computer's worker as an ES module chunk.
 */
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

export default defineConfig({
  plugins: [preact()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: false,
  },
});
