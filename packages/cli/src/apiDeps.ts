import { deriveJwtSecret, oidcProvidersFromEnv, type AppDeps, type ProjectionWaiter } from '@hyperhook/api';
import type { HyperliquidClient } from '@hyperhook/hyperliquid';
import type { StorePorts } from '@hyperhook/store';
import { sealersOf } from './buildRoleDeps.js';
import type { Config } from './config.js';

/**
 * Per-IP request budgets (requests per minute); an unset one keeps the gateway's default. Load
 * tests and deployments behind a shared egress address raise them.
 */
export function rateLimitOf(config: Pick<Config, 'HYPERHOOK_RATE_LIMIT_MAX' | 'HYPERHOOK_AUTH_RATE_LIMIT_MAX'>): {
  rateLimit?: { max?: number; authMax?: number };
} {
  const { HYPERHOOK_RATE_LIMIT_MAX: max, HYPERHOOK_AUTH_RATE_LIMIT_MAX: authMax } = config;
  if (max === undefined && authMax === undefined) return {};
  return { rateLimit: { ...(max !== undefined ? { max } : {}), ...(authMax !== undefined ? { authMax } : {}) } };
}

/** The operator's VAPID pair, when both halves are set; the gateway generates one otherwise. */
export function vapidKeysOf(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): { vapidKeys?: { publicKey: string; privateKey: string } } {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  return publicKey && privateKey ? { vapidKeys: { publicKey, privateKey } } : {};
}

/** Wires the gateway's dependencies from the configuration and the shared ports. */
export function apiDepsOf(input: { config: Config; store: StorePorts; masterKey: Buffer; client: HyperliquidClient; projection: ProjectionWaiter }): AppDeps {
  const { config, store, masterKey, client } = input;
  return {
    store,
    config: {
      publicUrl: config.PUBLIC_URL,
      hyperliquidApiUrl: config.HYPERLIQUID_API_URL,
      hyperliquidTestnetApiUrl: config.HYPERLIQUID_TESTNET_API_URL,
      jwtSecret: deriveJwtSecret(masterKey),
      oidcProviders: oidcProvidersFromEnv(config.OIDC_VARIABLES),
      referralCode: config.HYPERLIQUID_REFERRAL_CODE,
      supportEmail: config.SUPPORT_EMAIL,
      ...rateLimitOf(config),
      trustProxy: config.HYPERHOOK_TRUST_PROXY,
      dedupeWindowMs: config.HYPERHOOK_DEDUPE_WINDOW_MS,
      webhookRateLimit: { burst: config.HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST, perMinute: config.HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE },
      webhookGuessLimit: { burst: config.HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST, perMinute: config.HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE },
      ...(config.HYPERHOOK_PWA_DIR !== undefined ? { pwaDir: config.HYPERHOOK_PWA_DIR } : {}),
      dataDir: config.HYPERHOOK_DATA_DIR,
      notifications: {
        allowPrivateTargets: config.HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS,
        ...(config.HYPERHOOK_TELEGRAM_API_URL !== undefined ? { telegramApiUrl: config.HYPERHOOK_TELEGRAM_API_URL } : {}),
        // With NATS a deployment runs many apis, and each would deliver every notice: none does yet.
        notifier: config.NATS_URL === undefined,
      },
      ...vapidKeysOf(config),
    },
    clock: () => new Date(),
    sealers: sealersOf(masterKey, store.keyStore),
    hyperliquid: () => client,
    projection: input.projection,
  };
}
