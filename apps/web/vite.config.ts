import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Vendor code is grouped so that the parent-facing pages (/login, /preference) load only the
 * core (React, router, i18n, Radix primitives they use); table, chart, form and date libraries
 * land in chunks that only the lazily loaded screens which import them pull in.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  // clsx is shared by our UI and recharts; left unassigned, Rollup moved it into the charts chunk
  // and so made every page load recharts.
  if (/node_modules\/(react|react-dom|scheduler|react-router|clsx)\//.test(id)) return 'react';
  if (/node_modules\/(i18next|react-i18next|i18next-browser-languagedetector)\//.test(id)) return 'i18n';
  if (/node_modules\/(@tanstack\/react-table|@tanstack\/table-core)\//.test(id)) return 'table';
  if (/node_modules\/(recharts|d3-[a-z-]+|victory-vendor|@reduxjs|redux|immer|reselect)\//.test(id)) return 'charts';
  return undefined;
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
    },
  },
});
