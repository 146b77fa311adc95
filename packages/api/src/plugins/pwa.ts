import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { failure } from '../http/envelope.js';

/** The PWA's build output when it sits beside this package (packages/pwa/dist). */
export function defaultPwaDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../pwa/dist');
}

/** Paths that are API or intake: an unknown one stays a JSON 404, never the PWA's page. */
function isMachinePath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url === '/hook' || url.startsWith('/hook/');
}

/**
 * A path naming a file (its last segment has an extension: /assets/x.js, /screenshots/wide.png) is
 * never a client route: a missing one is a 404, not index.html served as a script or an image
 * (a stale chunk after a release, or a manifest icon that is not there, fails visibly).
 */
function isFilePath(path: string): boolean {
  return /\.[^/]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * Serves the built PWA with a history fallback: any other GET that is not a file (/, /login,
 * /signup, /dashboard, /terms, /privacy, …) answers index.html so client-side routes load directly.
 * The build writes brotli and gzip copies beside each asset (vite-plugin-compression2): they are
 * served to clients that accept them (`preCompressed`), so no CPU is spent compressing per request.
 * Without a build, / answers a small JSON status instead. Also owns the app's not-found handler:
 * unknown /api and /hook paths, missing files, and non-GET requests get the JSON envelope 404.
 */
export const pwaPlugin = fp(
  async (app: FastifyInstance) => {
    const dir = app.deps.config.pwaDir ?? defaultPwaDir();
    const built = existsSync(join(dir, 'index.html'));

    if (built) {
      await app.register(fastifyStatic, { root: dir, wildcard: true, index: ['index.html'], preCompressed: true, cacheControl: true, maxAge: 0 });
    } else {
      app.get('/', { schema: { hide: true } }, async () => ({ success: true, data: { name: 'hyperhook', status: 'ok', pwa: 'not built' } }));
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (built && (request.method === 'GET' || request.method === 'HEAD') && !isMachinePath(path) && !isFilePath(path)) {
        return reply.type('text/html; charset=utf-8').sendFile('index.html', dir);
      }
      return reply.status(404).send(failure('Not found'));
    });
  },
  { name: 'hyperhook-pwa' },
);
