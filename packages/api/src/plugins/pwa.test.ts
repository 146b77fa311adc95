import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../testing/testApp.js';

const stack = useTestApp();

const INDEX = `<!doctype html><title>hyperhook</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const SCRIPT = `console.log("app");${' '.repeat(2_000)}`;
const WORKER = 'self.addEventListener("fetch", () => {});';

/** A PWA build as vite writes it: brotli and gzip copies beside the assets, none beside sw.js (written after compression). */
function writeBuild(dir: string): void {
  mkdirSync(join(dir, 'assets'));
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/app.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dir, file), text);
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(join(dir, 'sw.js'), WORKER);
}

describe('PWA serving: precompressed copies and missing files', () => {
  let dir: string;
  let withPwa: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hyperhook-pwa-compressed-'));
    writeBuild(dir);
    withPwa = await createTestApp({ sim: stack.sim, config: { pwaDir: dir } });
  });
  afterAll(async () => {
    await withPwa?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    withPwa.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it("CARD-27, CARD-30: given a browser that accepts brotli, when it loads an asset, then the .br copy is sent with content-encoding br, the asset's own type and Vary: Accept-Encoding", async () => {
    // when
    const res = await get('/assets/app.js', 'gzip, deflate, br');
    // then
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('CARD-27, CARD-30: given a browser that accepts only gzip, when it loads an asset, then the .gz copy with content-encoding gzip', async () => {
    const res = await get('/assets/app.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('CARD-27: given a client that accepts no encoding, when it loads an asset, then the plain file', async () => {
    const res = await get('/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('CARD-27, ROUTE-01: given a browser that accepts brotli, when it opens a client route, then index.html as brotli with an HTML type', async () => {
    for (const url of ['/', '/dashboard?tab=logs']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('CARD-27: given a file without compressed copies (the service worker), when a browser that accepts brotli loads it, then the plain file', async () => {
    const res = await get('/sw.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(WORKER);
  });

  it('CARD-27: given a missing file (a stale chunk, an absent icon), when it is requested, then the JSON 404, never index.html served as a script or image', async () => {
    for (const url of ['/assets/gone-1234.js', '/screenshots/wide.png', '/icons/none.png?v=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ success: false, error: 'Not found' });
    }
  });
});

describe("PWA serving: the CSP allows the page's own inline script and no other", () => {
  const THEME = "(function () { document.documentElement.dataset.theme = 'dark'; })();";
  let dir: string;
  let withPwa: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hyperhook-pwa-csp-'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><script>${THEME}</script><script type="module" src="/assets/app.js"></script></head><div id="root"></div>`,
    );
    withPwa = await createTestApp({ sim: stack.sim, config: { pwaDir: dir } });
  });
  afterAll(async () => {
    await withPwa?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a build whose index.html inlines the theme script, when the page is served, then script-src names "self" and exactly that script\'s sha256, never unsafe-inline', async () => {
    // when
    const res = await withPwa.app.inject({ method: 'GET', url: '/dashboard' });
    // then
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(THEME, 'utf8').digest('base64')}'`);
  });
});
