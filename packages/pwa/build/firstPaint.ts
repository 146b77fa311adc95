import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const THEME_SCRIPT = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'theme-init.js'), 'utf8').trim();
/** Where index.html wants the theme script: an empty classic script, which vite leaves alone (a src it would try to bundle). */
const THEME_TAG = '<script data-inline="theme-init.js"></script>';

/**
 * The first paint without waiting for another request: index.html carries the script that applies
 * the saved theme (allowed by hash in the gateway's CSP) and the app's stylesheet inline, so the
 * static shell in #root paints as soon as the page arrives — on a slow phone network a render-
 * blocking request costs a whole round trip. The stylesheet file is still emitted (the service
 * worker precaches it; lazy chunks bring their own CSS).
 */
export function firstPaint(): Plugin {
  return {
    name: 'hyperhook-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(THEME_TAG)) throw new Error(`index.html must load the theme script as ${THEME_TAG}`);
        let page = html.replace(THEME_TAG, `<script>${THEME_SCRIPT}</script>`);
        const bundle = context.bundle;
        if (bundle !== undefined) {
          page = page.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (tag, file: string) => {
            const asset = bundle[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>${inlinedMarker(file)}` : tag;
          });
        }
        return page;
      },
    },
  };
}

/**
 * A disabled link to the inlined stylesheet: never fetched nor applied, it is what vite's loader
 * looks for before adding a lazy chunk's stylesheets. A chunk that needs the app's stylesheet would
 * otherwise add it once more at the end of the head, after the chunks' own, and the app's rules
 * would win over theirs (the header's approvals button took the small buttons' height).
 */
function inlinedMarker(file: string): string {
  return `<link rel="stylesheet" href="/${file}" disabled>`;
}
