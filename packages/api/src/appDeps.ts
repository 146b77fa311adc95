import type {
  AccountMode,
  AccountRef,
  AccountSnapshot,
  ActionBudget,
  AgentCheckOptions,
  AgentKeyCheck,
  ReadLane,
  MidsFeedStats,
  PerpAsset,
  SubAccount,
  VerifyAgentKeyInput,
  WeightMeterStats,
} from '@hyperhook/hyperliquid';
import type { Sealer } from '@hyperhook/secrets';
import type { StorePorts, ThreadHeap } from '@hyperhook/store';
import type { DestinationStream, LevelWithSilent } from 'pino';
import type { WebhookRateLimit } from './ingress/webhookRateLimiter.js';
import type { VapidKeys } from './push/vapidKeys.js';

/**
 * One external OpenID Connect provider (Google or any other), read from `OIDC_<ID>_*` variables
 * by {@link oidcProvidersFromEnv}.
 */
export interface OidcProviderConfig {
  /** Lower-case path segment: `/api/auth/oidc/<id>/start`. */
  readonly id: string;
  /** Shown in messages, e.g. "Google" → "Failed to sign in with Google". */
  readonly label: string;
  /** Issuer URL; discovery reads `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly clientId: string;
  /** Absent for a public client (PKCE only). */
  readonly clientSecret?: string;
  /** Default `openid email profile`. */
  readonly scope?: string;
  /** Allow an `http:` issuer (local test providers only). */
  readonly allowInsecureRequests?: boolean;
}

/** Per-IP request budgets; auth routes get the stricter one. */
export interface RateLimitConfig {
  /** Requests per window for every route, default 300. */
  readonly max: number;
  /** Requests per window for sign-up, login, refresh and OIDC routes, default 20. */
  readonly authMax: number;
  /** Window length, default 60 000 ms. */
  readonly timeWindowMs: number;
}

/** Gateway configuration (ARCHITECTURE §6), resolved by the caller (CLI, tests). */
export interface AppConfig {
  /** Origin of the product, without trailing slash: webhook URLs, CORS, OIDC redirects, postMessage target. */
  readonly publicUrl: string;
  readonly hyperliquidApiUrl: string;
  readonly hyperliquidTestnetApiUrl: string;
  /** HS256 key of access and refresh tokens, at least 32 bytes (see deriveJwtSecret). */
  readonly jwtSecret: Uint8Array;
  readonly oidcProviders: readonly OidcProviderConfig[];
  /** Shown by GET /api/referral. */
  readonly referralCode: string;
  readonly supportEmail: string;
  /** Built PWA directory; default packages/pwa/dist when it exists. */
  readonly pwaDir?: string;
  /**
   * How long after a save an unnamed API wallet's approval check waits before it may ask the venue
   * (default 10 s, confirmApproval.ts): the first alerts of traders who just saved keys go first.
   */
  readonly keyCheckSettleMs?: number;
  /** Default {max 300, authMax 20, 60 s}. */
  readonly rateLimit?: Partial<RateLimitConfig>;
  /** Largest request body in bytes, default 64 KiB (413 above). */
  readonly bodyLimit?: number;
  /** Where keys the gateway generates itself (VAPID) are kept, so they survive a restart. */
  readonly dataDir: string;
  /** A VAPID pair set by the operator; without one a pair is generated into {@link dataDir}. */
  readonly vapidKeys?: VapidKeys;
  /**
   * Run the push notifier (web pushes for signal outcomes) in this gateway once it listens,
   * default true. `hyperhook start` runs it on the executor's thread instead, off the thread that
   * acknowledges webhooks.
   */
  readonly pushNotifier?: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): true for any peer, or the
   * proxies' addresses / CIDR ranges. Behind a load balancer this makes the webhook IP allowlist,
   * the logged source address and the per-IP rate limits see the client, not the proxy. Default
   * false: the header is ignored, so a client cannot pick its own address. There is no hop count:
   * Fastify 5 refuses it (it cannot check the immediate peer), so a number would silently trust nothing.
   */
  readonly trustProxy?: TrustProxySetting;
  /** Notification channels (issue 30): where deliveries may go and the Telegram Bot API base. */
  readonly notifications?: Partial<NotificationsConfig>;
  /** Same alert body from the same user within this window is a re-delivery; default 60 000 ms. */
  readonly dedupeWindowMs?: number;
  /** Per-webhook request budget (token bucket); default 60 burst, 60 per minute. */
  readonly webhookRateLimit?: Partial<WebhookRateLimit>;
  /** Per-source budget of unknown webhook URLs (guesses); default 60 burst, 60 per minute. */
  readonly webhookGuessLimit?: Partial<WebhookRateLimit>;
}

/** Notification channel settings (HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS, HYPERHOOK_TELEGRAM_API_URL). */
export interface NotificationsConfig {
  /**
   * Let channels target loopback, private and link-local addresses, and plain http, and web push
   * endpoints be on such addresses (self-hosted setups, tests). Default false: such targets and
   * endpoints are refused (server-side request forgery).
   */
  readonly allowPrivateTargets: boolean;
  /** The Telegram Bot API base, default https://api.telegram.org. */
  readonly telegramApiUrl: string;
  /**
   * Run the channel notifier (deliveries of signal outcomes) once the gateway listens, default true.
   */
  readonly notifier: boolean;
}

/** Accepted forms of {@link AppConfig.trustProxy}. */
export type TrustProxySetting = boolean | readonly string[];

/** The exchange calls the gateway makes (a HyperliquidClient satisfies it). */
export interface HyperliquidGateway {
  verifyAgentKey(input: VerifyAgentKeyInput, options?: AgentCheckOptions): Promise<AgentKeyCheck>;
  /** Confirms in the background a wallet a save left unconfirmed (`deferUnnamed`): `userRole`, at the deferrable priority. */
  confirmAgentKey(wallet: { readonly apiWalletAddress: string; readonly accountAddress: string; readonly isTestnet: boolean }): Promise<AgentKeyCheck>;
  getAccountSnapshot(user: AccountRef): Promise<AccountSnapshot>;
  /** The account mode as the venue states it (remembered a while), undefined when it does not say. */
  accountMode(user: AccountRef): Promise<AccountMode | undefined>;
  /** The perp market named `coin`, or undefined when the venue does not list it (order previews, market reads). */
  getAsset(isTestnet: boolean, coin: string): Promise<PerpAsset | undefined>;
  /** Every perp market the venue lists (a paper strategy's venue is built on them). */
  getAssets(isTestnet: boolean): Promise<PerpAsset[]>;
  /** Mid prices by coin. */
  getMids(isTestnet: boolean): Promise<Record<string, number>>;
  /** The sub-accounts the venue lists for a main account (issue 39, point 2): a strategy may be bound only to one of these. */
  getSubAccounts(master: string, isTestnet: boolean): Promise<SubAccount[]>;
  /** The account's per-address action budget (userRateLimit). */
  getActionBudget(user: AccountRef, lane?: ReadLane): Promise<ActionBudget>;
  /** The venue's per-IP weight budget as this process uses it (no request). */
  budget(isTestnet: boolean): WeightMeterStats;
  /** The mid-price socket's state, undefined when none was opened. */
  marketFeed(isTestnet: boolean): MidsFeedStats | undefined;
}

/**
 * Read-your-writes: the projector applies events to the read models asynchronously; after a command
 * appended at global position P, `waitFor(P)` resolves once the read models include P.
 */
export interface ProjectionWaiter {
  waitFor(position: number, timeoutMs?: number): Promise<void>;
}

/** Pino options for the gateway's logger; `false` silences it. */
export type AppLoggerOptions = false | { readonly level?: LevelWithSilent; readonly stream?: DestinationStream };

/** Everything buildApp needs: ports, not drivers (tests pass real embedded adapters). */
export interface AppDeps {
  readonly store: StorePorts;
  readonly config: AppConfig;
  /** Source of every timestamp the gateway records and of token expiry checks. */
  readonly clock: () => Date;
  /**
   * Envelope encryption: `credentials` for exchange private keys, `webhook` for webhook URL secrets,
   * `notifications` for notification channel secrets (bot tokens, channel URLs, signing secrets).
   */
  readonly sealers: { readonly credentials: Sealer; readonly webhook: Sealer; readonly notifications: Sealer };
  /** The exchange client of a network (testnet when true); one client may serve both. */
  readonly hyperliquid: (isTestnet: boolean) => HyperliquidGateway;
  readonly projection: ProjectionWaiter;
  readonly logger?: AppLoggerOptions;
  /** The V8 heaps of the process's other threads, by name (`hyperhook start`'s role threads and store writer), for /metrics. */
  readonly threadHeaps?: () => ReadonlyMap<string, ThreadHeap>;
}
