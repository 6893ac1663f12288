import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The local stack (or a hosted project) answers the Supabase paths; proxying them keeps
// the browser on one origin during development.
const apiUrl = process.env.HOLDFAST_API_URL ?? 'http://127.0.0.1:54321';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/rest/': { target: apiUrl, changeOrigin: true },
      '/auth/': { target: apiUrl, changeOrigin: true },
      '/realtime/': { target: apiUrl, changeOrigin: true, ws: true },
      '/config.json': { target: apiUrl, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'machines/**/*.test.ts',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
