import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The public site: a client build (hydrates the prerendered pages) and an SSR build used only at build
// time by scripts/prerender.mjs. Shared rules and copy come from ../src/contracts.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    cssCodeSplit: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
    fs: { allow: ['..'] },
  },
});
