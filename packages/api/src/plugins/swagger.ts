import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the routes' zod schemas and served as JSON at /api/docs.
 * Registered before any route, since @fastify/swagger collects routes as they are added.
 */
export const swaggerPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'hyperhook API', version: '0.1.0', description: 'Trading-signal webhooks into Hyperliquid perpetual orders.' },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'hyperhook-swagger' },
);
