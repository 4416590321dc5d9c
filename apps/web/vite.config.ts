import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  // The manifest lets scripts/bench-web.mjs follow each route's static imports to measure what `/` downloads.
  // No modulepreload polyfill: every browser the app supports preloads modules natively (Chrome 66, Firefox 115,
  // Safari 17); older ones still load each chunk, only without the head start. It was 0.5 KB of `/`'s budget.
  build: {
    outDir: 'dist',
    // WEB_SOURCEMAP=1 maps the bundle, to see what each module costs the landing page's budget.
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    chunkSizeWarningLimit: 600,
    manifest: true,
    modulePreload: { polyfill: false },
    // Chunks named by their content hash alone: the entry carries the name of every lazy chunk in its preload map,
    // so each page's name cost the landing page's budget once more (134 chunks: about 1 KB gzip).
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
});
