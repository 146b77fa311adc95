import type { IncomingHttpHeaders } from 'node:http';

/**
 * The access token of a WebSocket handshake. Browsers cannot set an Authorization header on a
 * WebSocket, so the token comes as `?token=` or as the subprotocol pair `bearer, <token>`
 * (`new WebSocket(url, ['bearer', token])`); an Authorization header is accepted too (non-browser clients).
 */
export function bearerFromHandshake(query: unknown, headers: IncomingHttpHeaders): string | null {
  const fromQuery = (query as { token?: unknown } | undefined)?.token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const protocols = headers['sec-websocket-protocol']?.split(',').map((p) => p.trim()) ?? [];
  const index = protocols.findIndex((p) => p.toLowerCase() === 'bearer');
  const fromProtocol = index >= 0 ? protocols[index + 1] : undefined;
  if (fromProtocol) return fromProtocol;
  const authorization = headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || null;
  return null;
}
