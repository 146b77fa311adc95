import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startOidcProvider, type TestOidcProvider } from '@hyperhook/api/testing/startOidcProvider';
import { startLocalPushService, type LocalPushService } from '@hyperhook/api/testing/localPushService';
import { privateKeyToAccount } from 'viem/accounts';
import { freePort, http, REPO_ROOT, SystemHarness, type RoleProcess } from '../../system/harness.js';

/** The built CLI, exactly what `npm start` runs after building. */
export const BUILT_CLI = join(REPO_ROOT, 'packages', 'cli', 'dist', 'main.js');

/** A main account on the simulator with an approved API wallet: what a trader sets up on Hyperliquid. */
export interface SimAccount {
  readonly accountAddress: `0x${string}`;
  readonly apiWalletAddress: `0x${string}`;
  readonly apiWalletPrivateKey: `0x${string}`;
}

/** Options of {@link startProduct}. */
export interface ProductOptions {
  /** Also start a local OpenID Connect provider and configure it as "Google". */
  readonly oidc?: boolean;
  /** Also start a loopback push service whose certificate the product trusts. */
  readonly pushService?: boolean;
  /** Extra environment variables of `hyperhook start` (e.g. HYPERHOOK_PWA_DIR); they win over the defaults above. */
  readonly env?: Readonly<Record<string, string>>;
  /** Flags for the product's node process (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  readonly nodeArgs?: readonly string[];
  /** The roles as three processes on one data dir (`hyperhook projector`, `executor`, `api`) instead of `hyperhook start`. */
  readonly splitRoles?: boolean;
  /**
   * The cluster layout (give DATABASE_URL and NATS_URL in `env`): `apis` api processes (the first is
   * `url`, the others `apiUrls`), one projector, `executors` executor processes sharing the users by lease.
   */
  readonly cluster?: { readonly apis: number; readonly executors: number };
  /** Extra flags of `hyperhook sim` (e.g. `--ip-weight-per-minute off` for load beyond the venue's budget). */
  readonly simArgs?: readonly string[];
  /** Which of the product's stdout lines to keep (in `app.lines` and `app.json`); default all. */
  readonly keepStdoutLine?: (line: string) => boolean;
}

/**
 * The product as `npm start` runs it — the built `hyperhook start` (api + projector + executor +
 * push notifier in one process, the embedded store in a temp data dir, the built PWA) — with the
 * strict Hyperliquid simulator (`hyperhook sim`) as the exchange, both as child processes.
 */
export class Product {
  readonly world = new SystemHarness();
  url = '';
  /** Every api's origin: `url` first (more than one in the cluster layout). */
  apiUrls: string[] = [];
  simUrl = '';
  oidc: TestOidcProvider | undefined;
  push: LocalPushService | undefined;
  app: RoleProcess | undefined;

  async start(options: ProductOptions = {}): Promise<this> {
    const [simPort, port] = await Promise.all([freePort(), freePort()]);
    const sim = this.world.spawn('sim', process.execPath, [BUILT_CLI, 'sim', '--port', String(simPort), ...(options.simArgs ?? [])], this.world.env());
    this.simUrl = String((await sim.waitForJson((line) => line.msg === 'ready')).url);
    this.url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port),
      PUBLIC_URL: this.url,
      HYPERLIQUID_API_URL: this.simUrl,
      HYPERLIQUID_TESTNET_API_URL: this.simUrl,
      // Every browser request comes from 127.0.0.1: per-IP budgets would throttle the scenarios.
      HYPERHOOK_RATE_LIMIT_MAX: '100000',
      HYPERHOOK_AUTH_RATE_LIMIT_MAX: '10000',
      HYPERHOOK_WEBHOOK_RATE_LIMIT_BURST: '1000',
      HYPERHOOK_WEBHOOK_RATE_LIMIT_PER_MINUTE: '60000',
    };
    if (options.oidc) {
      this.oidc = await startOidcProvider(`${this.url}/api/auth/oidc/google/callback`);
      Object.assign(env, {
        OIDC_GOOGLE_ISSUER: this.oidc.issuer,
        OIDC_GOOGLE_CLIENT_ID: this.oidc.clientId,
        OIDC_GOOGLE_CLIENT_SECRET: this.oidc.clientSecret,
      });
    }
    if (options.pushService) {
      this.push = await startLocalPushService();
      env.NODE_EXTRA_CA_CERTS = this.push.certificateFile;
    }
    Object.assign(env, options.env);
    const split = options.splitRoles === true || options.cluster !== undefined;
    this.#spawnOptions = options.keepStdoutLine === undefined ? {} : { keepStdoutLine: options.keepStdoutLine };
    if (split) {
      const roles = ['projector', ...Array.from({ length: options.cluster?.executors ?? 1 }, () => 'executor')];
      // The first api creates the store: a PostgreSQL schema is migrated by whichever role opens it first.
      for (const [i, role] of roles.entries()) {
        await this.world
          .spawn(i === 0 ? role : `${role}-${i}`, process.execPath, [BUILT_CLI, role], this.world.env(env), this.#spawnOptions)
          .waitForJson((line) => line.msg === 'ready', 60_000);
      }
    }
    this.#appArgs = [...(options.nodeArgs ?? []), BUILT_CLI, split ? 'api' : 'start'];
    this.#appEnv = env;
    this.app = this.world.spawn('hyperhook', process.execPath, this.#appArgs, this.world.env(env), this.#spawnOptions);
    await this.app.waitForJson((line) => line.msg === 'ready', 60_000);
    this.apiUrls = [this.url];
    for (let i = 1; i < (options.cluster?.apis ?? 1); i += 1) {
      const apiPort = await freePort();
      const url = `http://127.0.0.1:${apiPort}`;
      const api = this.world.spawn(
        `api-${i + 1}`,
        process.execPath,
        this.#appArgs,
        this.world.env({ ...env, PORT: String(apiPort), PUBLIC_URL: url }),
        this.#spawnOptions,
      );
      await api.waitForJson((line) => line.msg === 'ready', 60_000);
      this.apiUrls.push(url);
    }
    return this;
  }

  #appArgs: string[] = [];
  #spawnOptions: { readonly keepStdoutLine?: (line: string) => boolean } = {};
  #appEnv: Record<string, string> = {};

  /**
   * Stops `hyperhook start` (SIGTERM, as a supervisor would) and starts it again on the same data
   * dir and simulator with `env` added: users, keys and logs stay.
   */
  async restartApp(env: Readonly<Record<string, string>>): Promise<void> {
    const app = this.app;
    if (app === undefined) throw new Error('restartApp: the product is not started');
    app.child.kill('SIGTERM');
    await app.exited;
    this.#appEnv = { ...this.#appEnv, ...env };
    this.app = this.world.spawn('hyperhook', process.execPath, this.#appArgs, this.world.env(this.#appEnv), this.#spawnOptions);
    await this.app.waitForJson((line) => line.msg === 'ready', 60_000);
  }

  /**
   * A funded simulator account with an approved API wallet: named (as Hyperliquid's app makes them)
   * unless `named` is false (as the SDKs do), valid until `validUntil` (ms) when given.
   */
  async simAccount(usdc = 100_000, { named = true, validUntil }: { readonly named?: boolean; readonly validUntil?: number } = {}): Promise<SimAccount> {
    const masterKey = `0x${randomBytes(32).toString('hex')}` as const;
    const agentKey = `0x${randomBytes(32).toString('hex')}` as const;
    const account: SimAccount = {
      accountAddress: privateKeyToAccount(masterKey).address,
      apiWalletAddress: privateKeyToAccount(agentKey).address,
      apiWalletPrivateKey: agentKey,
    };
    const agent = {
      address: account.apiWalletAddress,
      ...(named ? { name: 'hyperhook' } : {}),
      ...(validUntil !== undefined ? { validUntil } : {}),
    };
    await this.simControl('seed', { address: account.accountAddress, usdc, agents: [agent] });
    return account;
  }

  async simControl(path: string, body: unknown): Promise<void> {
    const answer = await http(`${this.simUrl}/control/${path}`, { body });
    if (answer.status !== 200) throw new Error(`sim control ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }

  /** Posts an alert to a webhook URL as TradingView does (text/plain); answers the log id. */
  async postAlert(webhookUrl: string, alert: Record<string, unknown>): Promise<string> {
    const answer = await http<{ data?: { logId: string } }>(webhookUrl, { body: JSON.stringify(alert), contentType: 'text/plain' });
    if (answer.status !== 200 || answer.body.data === undefined) throw new Error(`webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data.logId;
  }

  async stop(): Promise<void> {
    await this.world.cleanup();
    await this.oidc?.close();
    await this.push?.close();
  }
}
