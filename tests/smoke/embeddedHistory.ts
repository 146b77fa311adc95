import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { freePort, http, waitFor, type RoleProcess, type SystemHarness } from '../system/harness.js';
import { SYSTEM_TUNING, type StackUser, type SystemStack } from '../system/stack.js';

export type Row = Record<string, unknown>;
export type WebhookLog = { webhookLogId: string; status: string };

export type Doc = { collection: string; id: string; userId: string | null; version: number; data: unknown };
export type StoredEvent = {
  position: number;
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: number;
};

/** The live documents of each collection's active generation (tombstones are bookkeeping, not read models). */
export const ACTIVE_DOCS = (docs: string, collections: string) => `
  SELECT d.collection, d.id, d.user_id, d.version, d.data FROM ${docs} d
  WHERE d.data IS NOT NULL AND d.generation = coalesce((SELECT c.active_generation FROM ${collections} c WHERE c.collection = d.collection), 0)
  ORDER BY d.collection, d.id`;
/** Documents grouped by collection, each group sorted by id (the two databases collate differently). */
export function byCollection(docs: readonly Doc[]): Record<string, Doc[]> {
  const groups: Record<string, Doc[]> = {};
  for (const doc of docs) (groups[doc.collection] ??= []).push(doc);
  for (const group of Object.values(groups)) group.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return groups;
}
export const EVENTS = (events: string) =>
  `SELECT global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at FROM ${events} ORDER BY global_position`;

export const toDoc = (row: Row, parse: boolean): Doc => ({
  collection: String(row.collection),
  id: String(row.id),
  userId: (row.user_id as string | null) ?? null,
  version: Number(row.version),
  data: parse ? JSON.parse(String(row.data)) : row.data,
});
export const toEvent = (row: Row, parse: boolean): StoredEvent => ({
  position: Number(row.global_position),
  streamId: String(row.stream_id),
  streamVersion: Number(row.stream_version),
  eventId: String(row.event_id),
  type: String(row.type),
  data: parse ? JSON.parse(String(row.data)) : row.data,
  metadata: row.metadata === null ? null : parse ? JSON.parse(String(row.metadata)) : row.metadata,
  recordedAt: Number(row.recorded_at),
});

/** Rows of the embedded store file, on a read-only connection (the product may be running). */
export function sqliteRows(file: string, sql: string): Row[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], Row>(sql).all();
  } finally {
    db.close();
  }
}

/** A user's webhook logs as the api answers them. */
export async function webhookLogs(apiUrl: string, token: string): Promise<WebhookLog[]> {
  const answer = await http<{ data: WebhookLog[] }>(`${apiUrl}/api/webhook-logs`, { token });
  if (answer.status !== 200) throw new Error(`webhook-logs answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Waits until every given log is executed or failed; returns the statuses by id. */
export async function settled(apiUrl: string, user: StackUser, ids: readonly string[]): Promise<Record<string, string>> {
  return waitFor(
    `the alerts of ${user.uid} to finish`,
    async () => {
      const statuses = Object.fromEntries((await webhookLogs(apiUrl, user.token)).map((log) => [log.webhookLogId, log.status]));
      return ids.every((id) => statuses[id] === 'executed' || statuses[id] === 'failed') && statuses;
    },
    45_000,
    100,
  );
}

/** What a run of the embedded product left behind, to migrate and compare. */
export type EmbeddedHistory = {
  readonly file: string;
  readonly users: StackUser[];
  /** What each user saw through the api of the embedded product, by uid. */
  readonly before: Map<string, { email: string; logs: WebhookLog[]; keys: unknown; webhookPath: string }>;
  /** The roles' environment (simulator as the venue, system tuning, the store) with `extra`. */
  readonly roleEnv: (extra: Record<string, string>) => NodeJS.ProcessEnv;
  /** With `keepRunning`: the product, still running. */
  readonly product?: RoleProcess;
};

/** Where the history is made: by default the embedded store of the harness's data dir. */
export type HistoryOptions = {
  /** Leave `start` running when the history is made (the caller stops it), default false. */
  readonly keepRunning?: boolean;
  /** The store variables of `start` (e.g. DATABASE_URL and HYPERHOOK_DATABASE_SCHEMA); default none, the embedded file. */
  readonly storeEnv?: Record<string, string>;
  /** Rows of that store, and the name of one of its tables in SQL; default the embedded file's. */
  readonly rows?: (sql: string) => Row[] | Promise<Row[]>;
  readonly table?: (name: string) => string;
};

/**
 * Runs the product on the embedded store as a trader would (two users, saved keys, settings,
 * alerts that execute and one that fails, orders and fills), waits for the read models to hold
 * the whole log, notes what each user sees, and stops it cleanly: the store a migration starts from.
 */
export async function runEmbeddedHistory(world: SystemHarness, stack: SystemStack, options: HistoryOptions = {}): Promise<EmbeddedHistory> {
  const file = join(world.dataDir, 'hyperhook.db');
  const rows = options.rows ?? ((sql: string) => sqliteRows(file, sql));
  const table = options.table ?? ((name: string) => name);
  const users: StackUser[] = [];
  const executed: string[] = [];
  const before: EmbeddedHistory['before'] = new Map();
  const [simPort, apiPort] = await Promise.all([freePort(), freePort()]);
  const sim = world.spawnCli('sim', ['sim', '--port', String(simPort), '--ip-weight-per-minute', 'off'], world.env());
  stack.simUrl = String((await sim.waitForJson((line) => line.msg === 'ready')).url);
  const roleEnv = (extra: Record<string, string>): NodeJS.ProcessEnv =>
    world.env({ ...SYSTEM_TUNING, HYPERLIQUID_TESTNET_API_URL: stack.simUrl, HYPERLIQUID_API_URL: stack.simUrl, ...options.storeEnv, ...extra });
  stack.apiUrl = `http://127.0.0.1:${apiPort}`;
  const product = world.spawnCli('start', ['start'], roleEnv({ PORT: String(apiPort), PUBLIC_URL: stack.apiUrl }));
  await product.waitForJson((line) => line.msg === 'ready');

  users.push(await stack.onboard('alice'), await stack.onboard('bob'));
  const [alice, bob] = users as [StackUser, StackUser];
  const settings = {
    positionSizing: { mode: 'fixed', value: 150 },
    riskLimits: { maxPositionSize: 2000, maxOpenPositions: 5 },
    trading: { leverage: 3, slippageTolerance: 1.5, requireStopLoss: false },
  };
  expect((await http(`${stack.apiUrl}/api/settings`, { method: 'PUT', token: bob.token, body: settings })).status).toBe(200);
  for (const user of users) {
    const ids = [
      await stack.alert(user, { symbol: 'BINANCE:BTCUSDT.P', action: 'buy', size: 100, leverage: 2 }),
      await stack.alert(user, { symbol: 'ETHUSDT', action: 'buy', size: 100 }),
      await stack.alert(user, { symbol: 'ETHUSDT', action: 'sell', size: 50, id: `${user.uid}-reduce` }),
    ];
    const failing = await stack.alert(user, { symbol: 'NOSUCHCOINUSDT', action: 'buy', size: 10 });
    const statuses = await settled(stack.apiUrl, user, [...ids, failing]);
    expect(ids.map((id) => statuses[id])).toEqual(['executed', 'executed', 'executed']);
    expect(statuses[failing]).toBe('failed');
    executed.push(...ids);
  }
  // A paper strategy of alice's trades too, so the paper read model has something to carry over.
  const paper = await stack.paperStrategy(alice, 'Paper run');
  const paperAlert = await stack.alert(paper, { symbol: 'BTCUSDT', action: 'buy', size: 100 });
  expect((await settled(stack.apiUrl, alice, [paperAlert]))[paperAlert]).toBe('executed');
  expect((await http(`${stack.apiUrl}/api/balance?refresh=true`, { token: alice.token })).status).toBe(200);

  // Fills are read from the venue a moment after the executions, then the projector catches up.
  // The data column comes back as text from SQLite and parsed from PostgreSQL's json.
  const signalOf = (row: Row) =>
    (typeof row.data === 'string' ? (JSON.parse(row.data) as { signalId?: unknown }) : (row.data as { signalId?: unknown })).signalId;
  await waitFor(
    'a FillRecorded for every execution',
    async () => new Set((await rows(`SELECT data FROM ${table('events')} WHERE type = 'FillRecorded'`)).map(signalOf)).size >= executed.length,
    45_000,
    200,
  );
  const caughtUp = async () => {
    const [row] = await rows(
      `SELECT (SELECT max(global_position) FROM ${table('events')}) AS head, (SELECT position FROM ${table('checkpoints')} WHERE name = 'read-models@g0') AS projected`,
    );
    return row !== undefined && row.projected !== null && Number(row.head) === Number(row.projected);
  };
  await waitFor('the read models to include the whole log', caughtUp, 15_000, 100);
  for (const user of users) {
    const me = await http<{ data: { email: string } }>(`${stack.apiUrl}/api/auth/user`, { token: user.token });
    const keys = await http<{ data: unknown }>(`${stack.apiUrl}/api/keys`, { token: user.token });
    before.set(user.uid, {
      email: me.body.data.email,
      logs: await webhookLogs(stack.apiUrl, user.token),
      keys: keys.body.data,
      webhookPath: new URL(user.webhookUrl).pathname,
    });
  }
  if (options.keepRunning === true) return { file, users, before, roleEnv, product };
  product.child.kill('SIGTERM');
  expect(await product.exited, product.output()).toBe(0);
  expect(await caughtUp(), 'the read models are complete when the product stops').toBe(true);

  return { file, users, before, roleEnv };
}

/** What a user of the history sees on a copy of the product (migrated, restored): as themselves again, with what the api shows them. */
export type SeenAgain = { readonly trader: StackUser; readonly logs: WebhookLog[]; readonly keys: unknown; readonly webhookPath: string };

/** Signs `user` in again at `apiUrl` with the history's password, and reads their webhook logs, keys and webhook URL there. */
export async function signInAgain(apiUrl: string, user: StackUser, email: string): Promise<SeenAgain> {
  const login = await http<{ data: { token: string } }>(`${apiUrl}/api/auth/login`, { body: { email, password: 'correct horse battery' } });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  const token = login.body.data.token;
  const keys = await http<{ data: unknown }>(`${apiUrl}/api/keys`, { token });
  const webhookUrl = await http<{ data: { webhookUrl: string } }>(`${apiUrl}/api/auth/webhook-url`, { token });
  if (webhookUrl.status !== 200) throw new Error(`webhook-url answered ${webhookUrl.status}: ${JSON.stringify(webhookUrl.body)}`);
  const trader: StackUser = { ...user, token, webhookUrl: webhookUrl.body.data.webhookUrl };
  return { trader, logs: await webhookLogs(apiUrl, token), keys: keys.body.data, webhookPath: new URL(trader.webhookUrl).pathname };
}

/** Trades one alert on the copy: signing it needs the saved private key, so it proves the sealed key and its data key came along. Resolves its final status. */
export async function tradeOnce(stack: SystemStack, apiUrl: string, trader: StackUser): Promise<string | undefined> {
  const logId = await stack.alert(trader, { symbol: 'SOLUSDT', action: 'buy', size: 50 });
  return (await settled(apiUrl, trader, [logId]))[logId];
}
