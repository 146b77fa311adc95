import type { AppConfig, TrustProxySetting } from '../appDeps.js';
import type { IngressOptions } from './ingressPlugin.js';
import { DEFAULT_WEBHOOK_GUESS_LIMIT } from './guessLimiter.js';
import { DEFAULT_WEBHOOK_RATE_LIMIT } from './webhookRateLimiter.js';

/**
 * The ingress options the gateway's configuration sets: the dedupe window, the per-webhook
 * budget and the per-source budget of unknown URLs. A budget field left unset keeps its default
 * rather than becoming undefined, so a deployment can tune the burst alone.
 */
export function ingressSettingsOf(
  config: Pick<AppConfig, 'dedupeWindowMs' | 'webhookRateLimit' | 'webhookGuessLimit'>,
): Pick<IngressOptions, 'dedupeWindowMs' | 'rateLimit' | 'guessLimit'> {
  const limit = config.webhookRateLimit;
  const guesses = config.webhookGuessLimit;
  return {
    ...(config.dedupeWindowMs !== undefined ? { dedupeWindowMs: config.dedupeWindowMs } : {}),
    rateLimit: {
      burst: limit?.burst ?? DEFAULT_WEBHOOK_RATE_LIMIT.burst,
      perMinute: limit?.perMinute ?? DEFAULT_WEBHOOK_RATE_LIMIT.perMinute,
    },
    guessLimit: {
      burst: guesses?.burst ?? DEFAULT_WEBHOOK_GUESS_LIMIT.burst,
      perMinute: guesses?.perMinute ?? DEFAULT_WEBHOOK_GUESS_LIMIT.perMinute,
    },
  };
}

/** The configured trustProxy in the shape Fastify takes (a mutable address list); unset is off. */
export function fastifyTrustProxy(setting: TrustProxySetting | undefined): boolean | string[] {
  if (setting === undefined) return false;
  return typeof setting === 'boolean' ? setting : [...setting];
}
