/**
 * Renders the PNG icons of the web app manifest from public/favicon.svg with Debian's Chromium
 * (playwright-core), so every size comes from one drawing. Run after changing the mark:
 *   node --import tsx packages/pwa/scripts/renderIcons.ts
 * The PNGs are committed; the build does not run this.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** The mark on a full-bleed square (maskable: inside the 80 % safe zone) or as the rounded tile. */
function page(size: number, maskable: boolean): string {
  const mark = maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}"><rect width="64" height="64" fill="#0b0f14"/><g transform="translate(9.6 9.6) scale(0.7)">${inner}</g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${inner}</svg>`;
  return `<!doctype html><html><body style="margin:0;background:transparent">${mark}</body></html>`;
}

const targets = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const target of targets) {
    const tab = await browser.newPage({ viewport: { width: target.size, height: target.size } });
    await tab.setContent(page(target.size, target.maskable));
    await tab.screenshot({ path: join(publicDir, target.file), omitBackground: !target.maskable });
    await tab.close();
    console.log(`wrote ${target.file}`);
  }
} finally {
  await browser.close();
}
