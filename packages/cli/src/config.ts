import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** A proxy X-Forwarded-For may be believed from: an address, a CIDR range, or one of proxy-addr's named ranges. */
const ProxyAddressSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(['loopback', 'linklocal', 'uniquelocal'])]);

/**
 * HYPERHOOK_TRUST_PROXY as Fastify's trustProxy: "true" believes X-Forwarded-For from any peer,
 * a comma-separated list only from those proxies, "false" or unset never. A hop count is refused
 * rather than passed on: Fastify 5 treats a number as "trust nothing" (a hop count cannot check the
 * immediate peer), so it would silently leave the allowlist seeing the proxy's address.
 */
export const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false') return false;
    if (lower === 'true') return true;
    if (/^\d+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          "a hop count is not supported (Fastify cannot check the immediate peer with it); list the proxies' addresses or CIDR ranges instead, e.g. 10.0.0.0/8",
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const invalid = entries.filter((entry) => !ProxyAddressSchema.safeParse(entry).success);
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected "true", "false" or comma-separated IP addresses / CIDR ranges; not an address: ${invalid.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * HYPERHOOK_PWA_DIR: where the built PWA is served from instead of packages/pwa/dist (a release
 * unpacked elsewhere; tests that change a copy of the build). Resolved against the working
 * directory, and it must hold a build: a typo must not silently serve no app.
 */
export const PwaDirSchema = z
  .string()
  .min(1)
  .transform((value) => resolve(value))
  .refine((dir) => existsSync(join(dir, 'index.html')), { error: 'expected a directory holding the built PWA (its index.html), e.g. packages/pwa/dist' });

/** A whole number, with a message naming its unit. */
const wholeNumber = (unit: string) => z.coerce.number({ error: `expected a whole number of ${unit}` }).int({ error: `expected a whole number of ${unit}` });

/** A whole number within bounds, with a message saying which. */
const boundedInt = (min: number, max: number, unit: string) =>
  wholeNumber(unit)
    .min(min, { error: `expected at least ${min} ${unit}` })
    .max(max, { error: `expected at most ${max} ${unit}` });

/**
 * Tuning the system tests and benchmarks set, read leniently as it always was: a value that is not
 * a positive number keeps the default rather than stopping the process.
 */
const positiveOr = (fallback: number) => z.coerce.number().positive().catch(fallback);
const positiveIntOrUnset = () => z.coerce.number().int().positive().optional().catch(undefined);

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
  // The cluster's store: PostgreSQL (events, read models, checkpoints, keys in one schema); unset keeps the embedded SQLite file.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'expected a PostgreSQL URL, postgres://user:password@host:5432/database' })
    .optional(),
  HYPERHOOK_DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'expected a lower-case schema name (letters, digits, _)' })
    .default('hyperhook'),
  // The design card's cluster store, set together: the event log in KurrentDB, read models, checkpoints and keys in MongoDB (a replica set).
  KURRENTDB_URL: z
    .string()
    .regex(/^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\//, { error: 'expected a KurrentDB connection string, kurrentdb://host:2113?tls=false' })
    .optional(),
  MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, { error: 'expected a MongoDB URL, mongodb://host:27017/hyperhook?replicaSet=rs0' })
    .optional(),
  // Prefixes this deployment's streams in a shared KurrentDB (`<namespace>:signal-…`); unset, streams keep their own names.
  HYPERHOOK_KURRENTDB_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'expected letters, digits, _ or - (at most 64)' })
    .optional(),
  NATS_URL: z.string().min(1).optional(),
  // With NATS_URL, executors started without --partition share this many partitions of the users by lease; the same value everywhere.
  HYPERHOOK_EXECUTOR_PARTITIONS: boundedInt(1, 256, 'partitions').default(8),
  PUBLIC_URL: z.url().optional(),
  HYPERLIQUID_REFERRAL_CODE: z.string().min(1).default('HYPERHOOK'),
  SUPPORT_EMAIL: z.email().default('support@hyperhook.app'),
  // Ingress tuning; unset keeps the gateway's defaults (60 s window, 60 at once, 60 per minute).
  HYPERHOOK_DEDUPE_WINDOW_MS: boundedInt(1_000, 86_400_000, 'milliseconds').optional(),
  HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST: boundedInt(1, 10_000, 'requests').optional(),
  HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE: boundedInt(1, 60_000, 'requests per minute').optional(),
  // Unknown webhook URLs (guesses) per source address (IPv4, or IPv6 /64); unset keeps 60 at once, 60 per minute.
  HYPERHOOK_WEBHOOK_GUESS_LIMIT_BURST: boundedInt(1, 10_000, 'unknown URLs').optional(),
  HYPERHOOK_WEBHOOK_GUESS_LIMIT_PER_MINUTE: boundedInt(1, 60_000, 'unknown URLs per minute').optional(),
  HYPERHOOK_TRUST_PROXY: TrustProxySchema.default(false),
  HYPERHOOK_PWA_DIR: PwaDirSchema.optional(),
  // Notification channels and web push endpoints: let them be loopback/private/link-local (channels also plain http), for self-hosted setups and tests.
  HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false', ''], { error: 'expected "true" or "false"' })
    .default('false')
    .transform((value) => value === 'true'),
  // The Telegram Bot API base (tests point it at a local server).
  HYPERHOOK_TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Web push keys; the pair is used only when both halves are set, else one is generated into the data dir.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  HYPERLIQUID_TIMEOUT_MS: positiveOr(10_000),
  HYPERLIQUID_ORDER_EXPIRY_MS: positiveOr(60_000),
  // The venue's per-IP request weight a minute (Hyperliquid: 1,200); raise it only for a venue that allows more, such as the simulator.
  HYPERLIQUID_WEIGHT_PER_MINUTE: boundedInt(1, 10_000_000, 'weight per minute').default(1_200),
  // Mid prices over the venue's WebSocket (on), or REST reads at most once a second (off).
  HYPERLIQUID_MARKET_SOCKET: z.enum(['on', 'off'], { error: 'expected "on" or "off"' }).default('on'),
  // Unset keeps the executor's own deadline.
  HYPERHOOK_RETRY_DEADLINE_MS: wholeNumber('milliseconds').positive({ error: 'expected a positive number of milliseconds' }).optional(),
  // Per-IP requests per minute; unset keeps the gateway's defaults.
  HYPERHOOK_RATE_LIMIT_MAX: positiveIntOrUnset(),
  HYPERHOOK_AUTH_RATE_LIMIT_MAX: positiveIntOrUnset(),
});

/** Resolved configuration. */
export type Config = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string;
  /** The OIDC_<ID>_* variables: named after each provider, so the gateway wiring reads them into providers. */
  OIDC_VARIABLES: Record<string, string>;
};

/** Reads and validates the environment; PUBLIC_URL defaults to http://localhost:$PORT. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  return { ...cfg, PUBLIC_URL: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, ''), OIDC_VARIABLES: oidcVariablesOf(env) };
}

function oidcVariablesOf(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[0].startsWith('OIDC_') && entry[1] !== undefined));
}
