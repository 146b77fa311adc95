import { deriveJwtSecret, oidcProvidersFromEnv, type AppDeps, type ProjectionWaiter } from '@hyperhook/api';
import type { HyperliquidClient } from '@hyperhook/hyperliquid';
import type { StorePorts } from '@hyperhook/store';
import { sealersOf } from './buildRoleDeps.js';
import type { Config } from './config.js';

/**
 * Per-IP request budgets from HYPERHOOK_RATE_LIMIT_MAX and HYPERHOOK_AUTH_RATE_LIMIT_MAX (requests
 * per minute); unset keeps the gateway's defaults. Load tests and deployments behind a shared
 * egress address raise them.
 */
export function rateLimitOf(env: NodeJS.ProcessEnv): { rateLimit?: { max?: number; authMax?: number } } {
  const read = (value: string | undefined) => (value !== undefined && Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : undefined);
  const max = read(env.HYPERHOOK_RATE_LIMIT_MAX);
  const authMax = read(env.HYPERHOOK_AUTH_RATE_LIMIT_MAX);
  if (max === undefined && authMax === undefined) return {};
  return { rateLimit: { ...(max !== undefined ? { max } : {}), ...(authMax !== undefined ? { authMax } : {}) } };
}

/** Wires the gateway's dependencies from the configuration and the shared ports. */
export function apiDepsOf(input: {
  config: Config;
  env: NodeJS.ProcessEnv;
  store: StorePorts;
  masterKey: Buffer;
  client: HyperliquidClient;
  projection: ProjectionWaiter;
}): AppDeps {
  const { config, store, masterKey, client } = input;
  return {
    store,
    config: {
      publicUrl: config.PUBLIC_URL,
      hyperliquidApiUrl: config.HYPERLIQUID_API_URL,
      hyperliquidTestnetApiUrl: config.HYPERLIQUID_TESTNET_API_URL,
      jwtSecret: deriveJwtSecret(masterKey),
      oidcProviders: oidcProvidersFromEnv(input.env),
      referralCode: config.HYPERLIQUID_REFERRAL_CODE,
      supportEmail: config.SUPPORT_EMAIL,
      ...rateLimitOf(input.env),
      trustProxy: config.HYPERHOOK_TRUST_PROXY,
      dedupeWindowMs: config.HYPERHOOK_DEDUPE_WINDOW_MS,
      webhookRateLimit: { burst: config.HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST, perMinute: config.HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE },
      ...(config.HYPERHOOK_PWA_DIR !== undefined ? { pwaDir: config.HYPERHOOK_PWA_DIR } : {}),
    },
    clock: () => new Date(),
    sealers: sealersOf(masterKey, store.keyStore),
    hyperliquid: () => client,
    projection: input.projection,
  };
}
