import type { FastifyServerOptions } from 'fastify';
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

/**
 * Removes secrets carried in URLs before a URL is logged: the webhook secret in `/hook/<secret>`
 * and the authorization code and state in OIDC callbacks.
 */
export function redactUrl(url: string): string {
  const withoutHookSecret = url.replace(/^\/hook\/[^/?#]+/, '/hook/[REDACTED]');
  return withoutHookSecret.replace(/([?&](?:code|state|token|session_state)=)[^&#]*/g, '$1[REDACTED]');
}

/** Fastify's logger option for the gateway: pino with redaction and URL scrubbing. */
export function loggerOptions(options: AppLoggerOptions | undefined): FastifyServerOptions['logger'] {
  if (options === false) return false;
  return {
    level: options?.level ?? 'info',
    ...(options?.stream ? { stream: options.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
