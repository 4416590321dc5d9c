import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  // The manifest lets scripts/bench-web.mjs follow each route's static imports to measure what `/` downloads.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
});
