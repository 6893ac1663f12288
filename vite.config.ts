import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'

// The local stack (or a hosted project) answers the Supabase paths; proxying them keeps
// the browser on one origin during development.
const apiUrl = process.env.HOLDFAST_API_URL ?? 'http://127.0.0.1:54321'

export default defineConfig({
  plugins: [
    react(),
    // The offline app shell: the service worker precaches the built app, so the exam page
    // reloads with no network. Supabase traffic and /config.json are never answered from a
    // cache (env.ts keeps the last good config itself).
    VitePWA({
      registerType: 'prompt',
      // src/app/pwa-registration.ts registers it, so an update waits for the student's exam.
      injectRegister: false,
      // globPatterns below already precache the manifest's icons.
      includeManifestIcons: false,
      manifest: {
        name: 'Holdfast',
        short_name: 'Holdfast',
        description: 'Proctored multiple-choice exams that keep your work through dropped connections.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1f4e79',
        background_color: '#f6f8fb',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // wasm: the Proctor Room's QR reader (1.1 MB, under workbox's 2 MiB limit), so a proctor offline can still scan.
        globPatterns: ['**/*.{js,css,html,png,svg,wasm}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/(rest|auth|realtime)\//, /^\/config\.json$/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
      },
    }),
  ],
  server: {
    proxy: {
      '/rest/': { target: apiUrl, changeOrigin: true, xfwd: true },
      '/auth/': { target: apiUrl, changeOrigin: true, xfwd: true },
      '/realtime/': { target: apiUrl, changeOrigin: true, xfwd: true, ws: true },
      '/config.json': { target: apiUrl, changeOrigin: true, xfwd: true },
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
          include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
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
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll is how an e2e test waits for the page (web-first, as Playwright's own
          // assertions wait 5 s): a busy machine may need longer than vitest's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})
