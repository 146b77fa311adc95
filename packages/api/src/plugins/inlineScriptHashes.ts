import { createHash } from 'node:crypto';

/**
 * The CSP source expressions ('sha256-…') of a page's inline scripts, so the policy can allow
 * exactly those (the PWA's index.html inlines the few lines that apply the saved theme before the
 * first paint) and still refuse any other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
