import { randomBytes } from 'node:crypto';
import type { OidcPopupMessage } from '@hyperhook/domain';

/** JSON safe inside a <script> element: no `</script>`, no HTML comment openers, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The tiny page the OIDC callback renders: it posts the result to `window.opener` — only to the
 * PWA's own origin, so no other page can read the tokens — and closes. The inline script runs under
 * a per-response CSP nonce; everything else is forbidden.
 */
export function popupPage(message: OidcPopupMessage, targetOrigin: string): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head>
<body><p>You can close this window.</p>
<script nonce="${nonce}">
(function () {
  var message = ${scriptJson(message)};
  if (window.opener) window.opener.postMessage(message, ${scriptJson(targetOrigin)});
  window.close();
})();
</script></body></html>`;
  return { html, csp: `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'` };
}
