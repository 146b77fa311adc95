import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaint } from './build/firstPaint.ts';
import { firstScreenChunk } from './build/firstScreenChunk.ts';
import { webManifest } from './src/app/webManifest.ts';
import { SESSION_STORAGE_KEY } from './src/lib/auth/sessionStorageKey.ts';

const dashboardChunk = firstScreenChunk({
  name: 'dashboard',
  path: '/dashboard',
  sessionKey: SESSION_STORAGE_KEY,
  screen: 'src/app/dashboard/DashboardPage.tsx',
  tabs: { module: 'src/app/dashboard/tabPanels.ts', param: 'tab', default: 'webhook' },
  signedIn: ['src/app/dashboard/DashboardPage.tsx', 'src/app/history/HistoryScreen.tsx', 'src/app/performance/PerformanceScreen.tsx'],
});

// Workspace packages (the domain) resolve to their TypeScript sources through the "source" export
// condition, as in the tests: the PWA computes its previews with the domain's own functions.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  plugins: [
    react(),
    firstPaint(),
    dashboardChunk.plugin,
    VitePWA({
      // A service worker of our own: it needs `push` and `notificationclick` handlers (web push).
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // The manifest's screenshots are only for the install sheet: not worth precaching.
        globIgnores: ['screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside each asset: the gateway serves them precompressed, so a phone on
    // a slow network downloads a fraction of the bytes and the server spends no CPU per request.
    compression({ threshold: 1024, exclude: [/\.map$/], logLevel: 'silent' }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Keep the libraries every screen runs (React, the router, server state, schemas, stores) in one
    // long-lived chunk, so a release that changes only app code does not make every returning user
    // download them again, and their small pieces cost a phone no request of their own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|react-error-boundary|@tanstack[\\/](react-query|query-core)|zod|zustand)[\\/]/,
            },
            ...dashboardChunk.groups,
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true }, '/hook': 'http://127.0.0.1:8080' } },
});
