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
 * Serves the built PWA with a history fallback: any other GET that is not a file (/, /login,
 * /signup, /dashboard, /terms, /privacy, …) answers index.html so client-side routes load directly.
 * Without a build, / answers a small JSON status instead. Also owns the app's not-found handler:
 * unknown /api and /hook paths, and non-GET requests, get the JSON envelope 404.
 */
export const pwaPlugin = fp(
  async (app: FastifyInstance) => {
    const dir = app.deps.config.pwaDir ?? defaultPwaDir();
    const built = existsSync(join(dir, 'index.html'));

    if (built) {
      await app.register(fastifyStatic, { root: dir, wildcard: true, index: ['index.html'], cacheControl: true, maxAge: 0 });
    } else {
      app.get('/', { schema: { hide: true } }, async () => ({ success: true, data: { name: 'hyperhook', status: 'ok', pwa: 'not built' } }));
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (built && (request.method === 'GET' || request.method === 'HEAD') && !isMachinePath(path)) {
        return reply.type('text/html; charset=utf-8').sendFile('index.html', dir);
      }
      return reply.status(404).send(failure('Not found'));
    });
  },
  { name: 'hyperhook-pwa' },
);
