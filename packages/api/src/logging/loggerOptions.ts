import type { FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { AppLoggerOptions } from '../appDeps.js';

/**
 * Paths pino censors wherever they appear in a log line: credentials in headers, and any password,
 * private key, token or webhook secret that code might log as part of an object.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'confirmPassword',
  '*.confirmPassword',
  'passwordHash',
  '*.passwordHash',
  'hyperliquidPrivateKey',
  '*.hyperliquidPrivateKey',
  'privateKey',
  '*.privateKey',
  'agentPrivateKey',
  '*.agentPrivateKey',
  'token',
  '*.token',
  'refreshToken',
  '*.refreshToken',
  'secret',
  '*.secret',
  'webhookUrl',
  '*.webhookUrl',
];

/** Query parameters whose values are credentials: OIDC codes and state, and any token or secret (`/api/live?token=`). */
const SECRET_QUERY_VALUE = /([?&](?:code|state|session_state|[a-z0-9_-]*token|[a-z0-9_-]*secret)=)[^&#]*/gi;

/**
 * The segment after `hook` is a webhook secret: matched anywhere in the path, in any case, after
 * repeated slashes and whatever follows the word (`/hook./`, `/hooks/`), because a mistyped URL
 * misses the route but still carries a real secret into the request log.
 */
const HOOK_SECRET = /(\/hook[^/]*\/+)[^/]+/gi;

/**
 * A segment or query value shaped like a webhook secret (32 base64url characters:
 * accounts/webhookSecret.ts) is one, wherever it was sent: no spelling of a path can carry a
 * secret past the log. UUIDs (36 characters) and the product's other ids are shorter or longer.
 */
const SECRET_SHAPED_SEGMENT = /(^|\/)[A-Za-z0-9_-]{32}(?=\/|$)/g;
const SECRET_SHAPED_VALUE = /(=)[A-Za-z0-9_-]{32}(?=[&#]|$)/g;

/** A percent-escape of an ASCII character: all it takes to spell `hook`, a slash or `token` otherwise. */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;

/**
 * The text with its ASCII percent-escapes decoded, again while that changes something (at most
 * three rounds: `%2568` is `%68` is `h`). Other escapes stay as sent: no malformed sequence throws.
 */
function decodeAsciiEscapes(text: string): string {
  let decoded = text;
  for (let round = 0; round < 3; round += 1) {
    const next = decoded.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/**
 * Removes secrets carried in URLs before a URL is logged: the webhook secret in `/hook/<secret>`
 * in any spelling the router might accept or a sender might try (percent-escapes, case, doubled
 * slashes, trailing dots) and anything shaped like one, the access token the `/api/live`
 * WebSocket passes in its query, and the authorization code and state of OIDC callbacks. The URL
 * is logged with its ASCII escapes decoded, as the router reads it.
 */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const path = decodeAsciiEscapes(queryAt === -1 ? url : url.slice(0, queryAt));
  const rest = decodeAsciiEscapes(queryAt === -1 ? '' : url.slice(queryAt));
  return (
    path.replace(HOOK_SECRET, '$1[REDACTED]').replace(SECRET_SHAPED_SEGMENT, '$1[REDACTED]') +
    rest.replace(SECRET_QUERY_VALUE, '$1[REDACTED]').replace(SECRET_SHAPED_VALUE, '$1[REDACTED]')
  );
}

/** Fastify's logger option for the gateway: pino with redaction and URL scrubbing. */
export function loggerOptions(options: AppLoggerOptions | undefined): FastifyServerOptions['logger'] {
  if (options === false) return false;
  return {
    level: options?.level ?? 'info',
    // Standard output written asynchronously: lines queued while a write is in flight go out
    // together, and the event loop never waits on the terminal or a log collector's pipe. pino
    // flushes what is queued when the process exits.
    stream: options?.stream ?? pino.destination({ dest: 1, sync: false }),
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
