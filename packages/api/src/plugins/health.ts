import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long /readyz waits for the projector to reach the log's head. */
export const READINESS_PROJECTION_TIMEOUT_MS = 1_000;

/**
 * GET /healthz: the process is alive (no dependency is touched, so a slow store never gets the
 * process killed). GET /readyz: the store answers and the read models have caught up with the
 * log's head; 503 otherwise, so a load balancer keeps traffic away until reads are fresh. Either
 * way it names the backend (sqlite, postgres) and how the store answered.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true }, config: { rateLimit: false } }, async () => ({ success: true, data: { status: 'ok' } }));
    app.get('/readyz', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      const backend = app.deps.store.backend ?? 'unknown';
      let head: number;
      const asked = performance.now();
      try {
        head = await app.deps.store.eventStore.headPosition();
      } catch (error) {
        request.log.warn({ err: error, backend }, 'readiness: store unreachable');
        return reply.status(503).send({ success: false, error: 'Store unreachable', data: { backend, store: 'unreachable' } });
      }
      const storeLatencyMs = Math.round((performance.now() - asked) * 10) / 10;
      try {
        await app.deps.projection.waitFor(head, READINESS_PROJECTION_TIMEOUT_MS);
      } catch {
        return reply
          .status(503)
          .send({ success: false, error: 'Read models are catching up', data: { backend, store: 'ok', storeLatencyMs, headPosition: head } });
      }
      return { success: true, data: { status: 'ready', backend, store: 'ok', storeLatencyMs, headPosition: head } };
    });
  },
  { name: 'hyperhook-health' },
);
