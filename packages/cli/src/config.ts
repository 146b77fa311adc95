import { z } from 'zod';

/**
 * The environment of ARCHITECTURE.md §6, validated once at start-up so a typo fails loudly
 * instead of silently running with a default.
 */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HYPERHOOK_DATA_DIR: z.string().min(1).default('./data'),
  HYPERHOOK_MASTER_KEY: z.string().min(1).optional(),
  HYPERLIQUID_API_URL: z.url().default('https://api.hyperliquid.xyz'),
  HYPERLIQUID_TESTNET_API_URL: z.url().default('https://api.hyperliquid-testnet.xyz'),
  KURRENTDB_URL: z.string().min(1).optional(),
  MONGODB_URL: z.string().min(1).optional(),
  NATS_URL: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  HYPERLIQUID_REFERRAL_CODE: z.string().min(1).default('HYPERHOOK'),
  SUPPORT_EMAIL: z.email().default('support@hyperhook.app'),
});

/** Resolved configuration. */
export type Config = z.infer<typeof EnvSchema> & { PUBLIC_URL: string };

/** Reads and validates the environment; PUBLIC_URL defaults to http://localhost:$PORT. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  return { ...cfg, PUBLIC_URL: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, '') };
}
