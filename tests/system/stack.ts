import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { signalStreamId, type SignalEvent } from '@hyperhook/domain';
import { createInProcessNotifier, openPgStore, openSqliteStore, type StorePorts } from '@hyperhook/store';
import { openKurrentMongoStore } from '@hyperhook/store/kurrentmongo';
import type { TestNatsServer } from '@hyperhook/store/testing';
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { privateKeyToAccount } from 'viem/accounts';
import { freePort, http, type RoleProcess, type SystemHarness } from './harness.js';

/** Tuning every role of the system tier runs with: short timeouts so faults resolve in seconds. */
export const SYSTEM_TUNING = {
  HYPERLIQUID_TIMEOUT_MS: '1000',
  HYPERLIQUID_ORDER_EXPIRY_MS: '2000',
  HYPERHOOK_RETRY_DEADLINE_MS: '8000',
  // Every test request comes from 127.0.0.1: the per-IP budgets would throttle the load scenario.
  HYPERHOOK_RATE_LIMIT_MAX: '100000',
  HYPERHOOK_AUTH_RATE_LIMIT_MAX: '10000',
  // The load scenario onboards 50 users at once (80 weight of key checks each, beyond the venue's
  // 1,200 a minute): the budget is covered by tests of its own, so these run without it.
  HYPERLIQUID_WEIGHT_PER_MINUTE: '10000000',
} as const;

/** The simulator counters (GET /control/stats). */
export interface SimStats {
  exchangeRequests: number;
  ordersAccepted: number;
  ordersByCloid: Record<string, number>;
}

/** A signed-up user with saved keys and a webhook URL. */
export interface StackUser {
  readonly uid: string;
  readonly token: string;
  readonly webhookUrl: string;
}

/** The PostgreSQL the cluster stack runs on (each stack in a schema of its own). */
export const SYSTEM_DATABASE_URL = process.env.HYPERHOOK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The KurrentDB and MongoDB (a replica set) the design card's stack runs on, where they exist. */
export const SYSTEM_KURRENTDB_URL = process.env.KURRENTDB_URL;
export const SYSTEM_MONGODB_URL = process.env.MONGODB_URL;

/** Which store every role runs on. */
export type StackBackend = 'sqlite' | 'postgres' | 'kurrentdb+mongodb';

/** How a stack is laid out. */
export interface StackOptions {
  /** Executors on fixed partitions (`--partition i/n`), default 1 (no partition: by lease over NATS). */
  readonly executorPartitions?: number;
  /** Executors without a partition, sharing the users by lease instead; overrides executorPartitions. */
  readonly leasedExecutors?: number;
  /** Api processes, default 1. */
  readonly apis?: number;
  /** Projector processes, default 1 (with NATS one projects by lease, the others stand by). */
  readonly projectors?: number;
  /**
   * The store of every role, default the SQLite file: PostgreSQL (DATABASE_URL, a fresh schema),
   * or KurrentDB + MongoDB (their URLs from the environment; a fresh stream namespace and database).
   */
  readonly backend?: StackBackend;
  /** The PostgreSQL server of a 'postgres' stack, default SYSTEM_DATABASE_URL (a test that crashes its server brings its own). */
  readonly databaseUrl?: string;
}

/**
 * sim + api(s) + projector + executor(s) as separate processes on one store (the SQLite file, or
 * PostgreSQL), with a real nats-server carrying change notices and executor leases between them
 * (NATS_URL, as in the cluster deployment).
 */
export class SystemStack {
  simUrl = '';
  apiUrl = '';
  readonly apiUrls: string[] = [];
  readonly apis: RoleProcess[] = [];
  natsUrl = '';
  /** The stack's own nats-server (a test may restart it). */
  nats: TestNatsServer | undefined;
  readonly executors: RoleProcess[] = [];
  readonly projectors: RoleProcess[] = [];
  /** The fresh schema (PostgreSQL), or stream namespace and database (KurrentDB + MongoDB), of this stack. */
  schema: string | undefined;
  backend: StackBackend = 'sqlite';
  databaseUrl = SYSTEM_DATABASE_URL;
  /** The promise, not the store: callers at once (a Promise.all of `terminal`) must share one connection. */
  #store: Promise<StorePorts> | undefined;
  #roleEnv: NodeJS.ProcessEnv = {};

  constructor(readonly world: SystemHarness) {}

  /** Starts every role and waits until each reported ready. */
  async start(options: StackOptions = {}): Promise<void> {
    const apiCount = options.apis ?? 1;
    const [simPort, nats, ...apiPorts] = await Promise.all([freePort(), this.world.startNats(), ...Array.from({ length: apiCount }, () => freePort())]);
    this.natsUrl = nats.url;
    this.nats = nats;
    const sim = this.world.spawnCli('sim', ['sim', '--port', String(simPort), '--ip-weight-per-minute', 'off'], this.world.env());
    this.simUrl = String((await sim.waitForJson((l) => l.msg === 'ready')).url);
    this.backend = options.backend ?? 'sqlite';
    this.databaseUrl = options.databaseUrl ?? SYSTEM_DATABASE_URL;
    if (this.backend !== 'sqlite') this.schema = `sys_${randomBytes(6).toString('hex')}`;
    const database = this.#storeEnv();
    this.#roleEnv = this.world.env({
      ...SYSTEM_TUNING,
      ...database,
      HYPERLIQUID_TESTNET_API_URL: this.simUrl,
      HYPERLIQUID_API_URL: this.simUrl,
      NATS_URL: this.natsUrl,
    });
    // The first api first: it creates and migrates the store the other roles then open.
    for (const [i, port] of apiPorts.entries()) {
      const url = `http://127.0.0.1:${port}`;
      const api = this.world.spawnCli(i === 0 ? 'api' : `api-${i + 1}`, ['api'], { ...this.#roleEnv, PORT: String(port), PUBLIC_URL: url });
      this.apis.push(api);
      this.apiUrls.push(url);
      await api.waitForJson((l) => l.msg === 'ready');
    }
    this.apiUrl = this.apiUrls[0] ?? '';
    for (let i = 0; i < (options.projectors ?? 1); i += 1)
      this.projectors.push(this.world.spawnCli(i === 0 ? 'projector' : `projector-${i + 1}`, ['projector'], this.#roleEnv));
    if (options.leasedExecutors !== undefined) {
      for (let i = 0; i < options.leasedExecutors; i += 1) this.startExecutor(undefined, `executor-${i + 1}`);
    } else {
      const count = options.executorPartitions ?? 1;
      for (let i = 0; i < count; i += 1) this.startExecutor(count > 1 ? `${i}/${count}` : undefined);
    }
    await Promise.all([...this.projectors, ...this.executors].map((role) => role.waitForJson((l) => l.msg === 'ready')));
  }

  /** Spawns one executor process (optionally on a partition). */
  startExecutor(partition?: string, name?: string): RoleProcess {
    const args = partition === undefined ? ['executor'] : ['executor', '--partition', partition];
    const executor = this.world.spawnCli(name ?? (partition === undefined ? 'executor' : `executor-${partition}`), args, this.#roleEnv);
    this.executors.push(executor);
    return executor;
  }

  /**
   * Starts a killed role again as it was started (an api on its own port, so webhook URLs and
   * live clients find it where they were), in place of the old one in its list.
   */
  restart(role: RoleProcess): RoleProcess {
    const api = this.apis.indexOf(role);
    if (api >= 0) {
      const url = this.apiUrls[api] ?? '';
      const again = this.world.spawnCli(role.name, ['api'], { ...this.#roleEnv, PORT: new URL(url).port, PUBLIC_URL: url });
      this.apis[api] = again;
      return again;
    }
    const projector = this.projectors.indexOf(role);
    if (projector >= 0) {
      const again = this.world.spawnCli(role.name, ['projector'], this.#roleEnv);
      this.projectors[projector] = again;
      return again;
    }
    const executor = this.executors.indexOf(role);
    if (executor < 0) throw new Error(`${role.name} is not a role of this stack`);
    const partition = role.name.startsWith('executor-') && role.name.includes('/') ? role.name.slice('executor-'.length) : undefined;
    const again = this.world.spawnCli(role.name, partition === undefined ? ['executor'] : ['executor', '--partition', partition], this.#roleEnv);
    this.executors[executor] = again;
    return again;
  }

  /** The environment every role of this stack runs with (for one-off commands: verify, replay). */
  get roleEnv(): NodeJS.ProcessEnv {
    return this.#roleEnv;
  }

  /** The roles' store variables for this stack's backend. */
  #storeEnv(): Record<string, string> {
    const schema = this.schema ?? '';
    switch (this.backend) {
      case 'sqlite':
        return {};
      case 'postgres':
        return { DATABASE_URL: this.databaseUrl, HYPERHOOK_DATABASE_SCHEMA: schema };
      case 'kurrentdb+mongodb':
        return { KURRENTDB_URL: kurrentUrl(), MONGODB_URL: withMongoDatabase(mongoUrl(), schema), HYPERHOOK_KURRENTDB_NAMESPACE: schema };
    }
  }

  /** The test's own connection to the shared store, to read streams. */
  async store(): Promise<StorePorts> {
    this.#store ??= this.#openStore();
    return this.#store;
  }

  async #openStore(): Promise<StorePorts> {
    const schema = this.schema ?? '';
    switch (this.backend) {
      case 'sqlite':
        return openSqliteStore({ file: join(this.world.dataDir, 'hyperhook.db'), pollIntervalMs: 50 });
      case 'postgres':
        return openPgStore({ url: this.databaseUrl, schema, poolSize: 2, pollIntervalMs: 50 });
      case 'kurrentdb+mongodb':
        return openKurrentMongoStore({
          kurrentUrl: kurrentUrl(),
          mongoUrl: mongoUrl(),
          database: schema,
          streamNamespace: schema,
          notifier: createInProcessNotifier(),
          pollIntervalMs: 50,
        });
    }
  }

  /** The decoded-enough events of one signal stream (type and data). */
  async signalEvents(signalId: string): Promise<SignalEvent[]> {
    const events = await (await this.store()).eventStore.readStream(signalStreamId(signalId));
    return events.map((e) => ({ type: e.type, v: 1, data: e.data }) as unknown as SignalEvent);
  }

  /** Waits until a signal is executed or failed; returns its events. */
  async terminal(signalId: string, timeoutMs = 30_000): Promise<SignalEvent[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const events = await this.signalEvents(signalId);
      if (events.some((e) => e.type === 'SignalExecuted' || e.type === 'SignalFailed' || e.type === 'SignalRejected')) return events;
      if (Date.now() > until) throw new Error(`signal ${signalId} not finished: ${events.map((e) => e.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** POSTs to the simulator's control surface. */
  async simControl(path: string, body: unknown): Promise<void> {
    const answer = await http(`${this.simUrl}/control/${path}`, { body });
    if (answer.status !== 200) throw new Error(`sim control ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }

  /** The simulator's counters. */
  async simStats(): Promise<SimStats> {
    return (await http<SimStats>(`${this.simUrl}/control/stats`)).body;
  }

  /** Signs up through the api, funds a simulator account with an approved API wallet, saves the keys, reads the webhook URL. */
  async onboard(name: string): Promise<StackUser> {
    const password = 'correct horse battery';
    const signup = await http<{ data: { token: string; user: { uid: string } } }>(`${this.apiUrl}/api/auth/signup`, {
      body: { email: `${name}-${randomBytes(3).toString('hex')}@example.com`, password, confirmPassword: password },
    });
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${JSON.stringify(signup.body)}`);
    const { token, user } = signup.body.data;
    const masterKey = `0x${randomBytes(32).toString('hex')}` as const;
    const agentKey = `0x${randomBytes(32).toString('hex')}` as const;
    const master = privateKeyToAccount(masterKey).address;
    const agent = privateKeyToAccount(agentKey).address;
    await this.simControl('seed', { address: master, usdc: 100_000, agents: [{ address: agent, name: 'hyperhook' }] });
    const keys = await http(`${this.apiUrl}/api/keys`, {
      token,
      body: { hyperliquidApiKey: agent, hyperliquidPrivateKey: agentKey, accountAddress: master, isTestnet: true },
    });
    if (keys.status !== 200) throw new Error(`keys answered ${keys.status}: ${JSON.stringify(keys.body)}`);
    const url = await http<{ data: { webhookUrl: string } }>(`${this.apiUrl}/api/auth/webhook-url`, { token });
    if (url.status !== 200) throw new Error(`webhook-url answered ${url.status}: ${JSON.stringify(url.body)}`);
    return { uid: user.uid, token, webhookUrl: url.body.data.webhookUrl };
  }

  /** Creates a paper strategy of `user` (issue 30): the user as seen through that strategy's own webhook URL. */
  async paperStrategy(user: StackUser, name: string, paperBalance?: number): Promise<StackUser & { readonly strategyId: string }> {
    const created = await http<{ data: { id: string; webhookUrl: string } }>(`${this.apiUrl}/api/strategies`, {
      token: user.token,
      body: { name, venue: 'paper', ...(paperBalance === undefined ? {} : { paperBalance }) },
    });
    if (created.status !== 201) throw new Error(`strategies answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { ...user, webhookUrl: created.body.data.webhookUrl, strategyId: created.body.data.id };
  }

  /** Posts an alert as TradingView would (text/plain JSON), to the user's webhook URL or the same path on another api; returns the log id. */
  async alert(user: StackUser, alert: Record<string, unknown>, apiUrl?: string): Promise<string> {
    const url = apiUrl === undefined ? user.webhookUrl : `${apiUrl}${new URL(user.webhookUrl).pathname}`;
    const answer = await http<{ data?: { logId: string } }>(url, { body: JSON.stringify(alert), contentType: 'text/plain' });
    if (answer.status !== 200 || answer.body.data === undefined) throw new Error(`webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data.logId;
  }

  /** Closes the test's own store connection (the roles must be stopped first: a PostgreSQL stack's schema, a MongoDB stack's database is dropped). */
  async close(): Promise<void> {
    await (await this.#store)?.close();
    if (this.schema === undefined) return;
    // KurrentDB cannot drop streams for good (deletes are tombstones): its namespace is left, unread by any later stack.
    if (this.backend === 'postgres') await dropSchema(this.databaseUrl, this.schema);
    if (this.backend === 'kurrentdb+mongodb') await dropMongoDatabase(this.schema);
  }
}

function kurrentUrl(): string {
  if (SYSTEM_KURRENTDB_URL === undefined) throw new Error('a KurrentDB + MongoDB stack needs KURRENTDB_URL');
  return SYSTEM_KURRENTDB_URL;
}

function mongoUrl(): string {
  if (SYSTEM_MONGODB_URL === undefined) throw new Error('a KurrentDB + MongoDB stack needs MONGODB_URL');
  return SYSTEM_MONGODB_URL;
}

/** The MongoDB URL with its path naming `database` (the roles take their database from the URL). */
export function withMongoDatabase(url: string, database: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?#]*)(?:\/[^?#]*)?(.*)$/i.exec(url);
  if (match === null) throw new Error('MONGODB_URL is not a mongodb:// URL');
  return `${match[1]}/${database}${match[2] ?? ''}`;
}

async function dropMongoDatabase(database: string): Promise<void> {
  const client = new MongoClient(mongoUrl());
  try {
    await client.db(database).dropDatabase();
  } finally {
    await client.close();
  }
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
