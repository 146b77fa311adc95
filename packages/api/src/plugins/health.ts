import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long /readyz waits for the projector to reach the log's head. */
export const READINESS_PROJECTION_TIMEOUT_MS = 1_000;

/**
 * GET /healthz: the process is alive (no dependency is touched, so a slow store never gets the
 * process killed). GET /readyz: the store answers and the read models have caught up with the
 * log's head; 503 otherwise, so a load balancer keeps traffic away until reads are fresh.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true }, config: { rateLimit: false } }, async () => ({ success: true, data: { status: 'ok' } }));
    app.get('/readyz', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      let head: number;
      try {
        head = await app.deps.store.eventStore.headPosition();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: store unreachable');
        return reply.status(503).send({ success: false, error: 'Store unreachable' });
      }
      try {
        await app.deps.projection.waitFor(head, READINESS_PROJECTION_TIMEOUT_MS);
      } catch {
        return reply.status(503).send({ success: false, error: 'Read models are catching up' });
      }
      return { success: true, data: { status: 'ready', headPosition: head } };
    });
  },
  { name: 'hyperhook-health' },
);
