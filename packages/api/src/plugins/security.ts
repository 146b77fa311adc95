import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { RateLimitConfig } from '../appDeps.js';
import { inlineScriptHashes } from './inlineScriptHashes.js';
import { monotonicRateLimitStore } from './monotonicRateLimitStore.js';
import { defaultPwaDir } from './pwa.js';

/** Defaults of {@link RateLimitConfig}. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { max: 300, authMax: 20, timeWindowMs: 60_000 };

/**
 * Security headers, CORS and the global rate limit:
 * - helmet with a CSP the PWA works under (own scripts, workers and manifest; the inline scripts of
 *   the built index.html by hash, read at start; inline styles; WebSocket to its own origin for
 *   /api/live), built once: @fastify/helmet built helmet's middlewares and parsed the CSP again on
 *   every request, about 4% of the api thread under a stream of webhooks;
 * - CORS for PUBLIC_URL's origin only: the PWA is served from there, nothing else may call /api;
 * - a per-IP global budget; auth routes set a stricter per-route `config.rateLimit`. Windows are
 *   timed by the monotonic clock (`elapsed`, default performance.now): a wall clock stepped back
 *   must not keep a client refused for the step's length (issue 32, point 3).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { rateLimit: RateLimitConfig; elapsed?: () => number }) => {
    const publicUrl = new URL(app.deps.config.publicUrl);
    const wsOrigin = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
    const indexHtml = join(app.deps.config.pwaDir ?? defaultPwaDir(), 'index.html');
    const pageScripts = existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [];
    // HSTS and upgrade-insecure-requests only where the product is served over TLS: on a plain
    // http:// install (localhost, a LAN address) they would send the browser to an https:// that
    // does not exist, and HSTS would stick to the host for a year.
    const tls = publicUrl.protocol === 'https:';
    const securityHeaders = helmet({
      strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      contentSecurityPolicy: {
        directives: {
          upgradeInsecureRequests: tls ? [] : null,
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...pageScripts],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", wsOrigin],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // The OIDC popup talks to its opener: same-origin-allow-popups keeps window.opener working.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)));
    await app.register(cors, { origin: publicUrl.origin, methods: ['GET', 'POST', 'PUT', 'DELETE'], allowedHeaders: ['Authorization', 'Content-Type'] });
    await app.register(rateLimit, {
      global: true,
      store: monotonicRateLimitStore(options.elapsed === undefined ? {} : { elapsed: options.elapsed }),
      max: options.rateLimit.max,
      timeWindow: options.rateLimit.timeWindowMs,
      // Thrown into the error envelope, which answers 429 with a readable message.
      errorResponseBuilder: (_request, context) => Object.assign(new Error(`Too many requests, retry in ${context.after}`), { statusCode: context.statusCode }),
    });
  },
  { name: 'hyperhook-security' },
);
