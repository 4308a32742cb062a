import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The staff console, served by the server under /admin (client-side routes fall back to index.html).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // @relining/contracts from its TypeScript source (packages/contracts/package.json "exports"): no build of the package first.
  resolve: { conditions: ['@relining/source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2_000,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
    fs: { allow: ['..'] },
  },
});
