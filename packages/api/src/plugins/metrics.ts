import { projectorCheckpoint } from '@hyperhook/eventsourcing';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerExchangeBudgetMetrics } from './exchangeBudgetMetrics.js';
import { signalStatusCounter } from './signalStatusCounter.js';

/** The gateway's named Prometheus metrics; other plugins (ingress) increment them through `app.metrics`. */
export interface AppMetrics {
  readonly registry: Registry;
  /** Request latency in seconds, by method, route pattern and status code. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Webhook intake answers of this process, by outcome (the ingress's IngressOutcome: accepted, duplicate, malformed, not_found, forbidden, rate_limited, too_large). */
  readonly webhookAcks: Counter<'outcome'>;
  /**
   * Signals that reached each webhook-log status (received, validating, executing, executed,
   * failed) since this process started, counted from the shared log at scrape time.
   */
  readonly signalsByStatus: Counter<'status'>;
  /** Events in the log not yet applied to the read models (head − projector checkpoint), measured at scrape time. */
  readonly projectionLag: Gauge;
}

/** Builds a fresh registry per app, so several apps in one process (tests) never collide. */
export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'hyperhook_http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    webhookAcks: new Counter({
      name: 'hyperhook_webhook_acks_total',
      help: 'Webhook intake answers by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    signalsByStatus: new Counter({ name: 'hyperhook_signals_total', help: 'Signals by status', labelNames: ['status'], registers: [registry] }),
    projectionLag: new Gauge({ name: 'hyperhook_projection_lag_events', help: 'Events not yet applied to the read models', registers: [registry] }),
  };
}

/**
 * Decorates `app.metrics`, times every request by its route pattern (never the raw URL: that would
 * put webhook secrets in labels and explode cardinality), and serves GET /metrics. Each scrape
 * reads the log's head once, brings the signal counts up to it and measures the projection lag
 * against it, so one scrape describes one moment of the log.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = createAppMetrics();
    const { store } = app.deps;
    const signals = signalStatusCounter(store.eventStore, metrics.signalsByStatus);
    registerExchangeBudgetMetrics(metrics.registry, app.deps.hyperliquid);
    const { threadHeaps } = app.deps;
    if (threadHeaps !== undefined) {
      new Gauge({
        name: 'hyperhook_thread_heap_used_bytes',
        help: "V8 heap in use of the process's other threads (role threads, store writer), as each last reported it (the main thread's is nodejs_heap_size_used_bytes)",
        labelNames: ['thread'],
        registers: [metrics.registry],
        collect() {
          for (const [thread, heap] of threadHeaps()) this.set({ thread }, heap.usedBytes);
        },
      });
      new Gauge({
        name: 'hyperhook_thread_heap_physical_bytes',
        help: "Memory the V8 heap of each of the process's other threads holds from the system (its pages, used or kept), as each last reported it",
        labelNames: ['thread'],
        registers: [metrics.registry],
        collect() {
          for (const [thread, heap] of threadHeaps()) this.set({ thread }, heap.physicalBytes);
        },
      });
    }
    app.decorate('metrics', metrics);
    app.addHook('onReady', () => signals.start());
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      try {
        const head = await store.eventStore.headPosition();
        await signals.catchUp(head);
        metrics.projectionLag.set(Math.max(0, head - (await projectorCheckpoint(store))));
      } catch (error) {
        // Still serve the process metrics; the log-derived ones keep their last values.
        request.log.warn({ err: error }, 'metrics: reading the log failed');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: 'hyperhook-metrics' },
);
