import type { AppConfig, TrustProxySetting } from '../appDeps.js';
import type { IngressOptions } from './ingressPlugin.js';
import { DEFAULT_WEBHOOK_RATE_LIMIT } from './webhookRateLimiter.js';

/**
 * The ingress options the gateway's configuration sets: the dedupe window and the per-webhook
 * budget. A budget field left unset keeps its default rather than becoming undefined, so a
 * deployment can tune the burst alone.
 */
export function ingressSettingsOf(config: Pick<AppConfig, 'dedupeWindowMs' | 'webhookRateLimit'>): Pick<IngressOptions, 'dedupeWindowMs' | 'rateLimit'> {
  const limit = config.webhookRateLimit;
  return {
    ...(config.dedupeWindowMs !== undefined ? { dedupeWindowMs: config.dedupeWindowMs } : {}),
    rateLimit: {
      burst: limit?.burst ?? DEFAULT_WEBHOOK_RATE_LIMIT.burst,
      perMinute: limit?.perMinute ?? DEFAULT_WEBHOOK_RATE_LIMIT.perMinute,
    },
  };
}

/** The configured trustProxy in the shape Fastify takes (a mutable address list); unset is off. */
export function fastifyTrustProxy(setting: TrustProxySetting | undefined): boolean | string[] {
  if (setting === undefined) return false;
  return typeof setting === 'boolean' ? setting : [...setting];
}
