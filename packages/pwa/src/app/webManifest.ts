import type { ManifestOptions } from 'vite-plugin-pwa';

/** Colours of the dark theme, which is also the splash screen and the installed app's frame. */
export const BRAND = { background: '#0b0f14', theme: '#0b0f14' } as const;

/**
 * The web app manifest: everything Chromium needs to offer the install (name, icons of 192 and
 * 512 px with a maskable one, standalone display, a start URL) plus screenshots for the richer
 * install sheet. The installed app opens on the dashboard.
 */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'hyperhook — alerts to Hyperliquid orders',
  short_name: 'hyperhook',
  description:
    'Turn TradingView alerts into Hyperliquid perpetuals orders: sizing modes, risk limits, encrypted API-wallet keys, live webhook logs with latency, positions and P&L.',
  lang: 'en',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: BRAND.background,
  theme_color: BRAND.theme,
  categories: ['finance', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Webhook logs with latency on a desktop' },
    { src: '/screenshots/narrow.png', sizes: '780x1688', type: 'image/png', form_factor: 'narrow', label: 'Webhook logs on a phone' },
  ],
  shortcuts: [
    { name: 'Webhook logs', url: '/dashboard?tab=logs', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Positions', url: '/dashboard?tab=positions', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
  ],
};
