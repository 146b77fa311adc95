import {
  reduceLiveMessage,
  WEBHOOK_LOGS_CAP,
  type LiveReducers,
  type ReceivedLiveMessage,
  type ReferralData,
  type ReferralInfo,
  type WebhookLogView,
} from '@hyperhook/domain';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/queryKeys';

/** Newest received first, the order of the logs read. */
function newestFirst(a: WebhookLogView, b: WebhookLogView): number {
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/** Replaces (or adds) one log in the list, keeping it sorted and capped. */
export function upsertLog(logs: readonly WebhookLogView[] | undefined, log: WebhookLogView): WebhookLogView[] {
  const others = (logs ?? []).filter((l) => l.webhookLogId !== log.webhookLogId);
  return [log, ...others].sort(newestFirst).slice(0, WEBHOOK_LOGS_CAP);
}

/** Referral info pushed live has no referral code (the api adds it to reads): keep the one we have. */
function setReferral(queryClient: QueryClient, data: ReferralData): void {
  const current = queryClient.getQueryData<ReferralInfo>(queryKeys.referral);
  if (current === undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.referral });
  else queryClient.setQueryData<ReferralInfo>(queryKeys.referral, { ...current, ...data });
}

/** A single-document entry: a resync part or a change replaces it; a deleted document's entry is reloaded. */
function entry<T>(key: readonly unknown[]) {
  const set = (queryClient: QueryClient, value: T | null) => {
    if (value === null) void queryClient.invalidateQueries({ queryKey: key });
    else queryClient.setQueryData(key, value);
  };
  return { resync: set, change: (queryClient: QueryClient, _id: string, value: T | null) => set(queryClient, value) };
}

/** The every-strategy protection list, which a ledger push carries whole: no need to read it again. */
const isAllProtection = (key: readonly unknown[]): boolean => key.join('/') === queryKeys.protectiveOrders(null).join('/');

/**
 * Where each live read model lands in the query cache, by kind (the same kinds the projector
 * pushes and the api's resync holds). A read model added to the live registry fails to compile
 * here until it is given its entry.
 */
const REDUCERS: LiveReducers<QueryClient> = {
  webhookLogs: {
    resync: (queryClient, logs) => queryClient.setQueryData(queryKeys.webhookLogs, [...logs].sort(newestFirst).slice(0, WEBHOOK_LOGS_CAP)),
    change: (queryClient, id, log) =>
      queryClient.setQueryData<WebhookLogView[]>(queryKeys.webhookLogs, (logs) =>
        log === null ? logs?.filter((l) => l.webhookLogId !== id) : upsertLog(logs, log),
      ),
  },
  // A deleted positions document is no open position. Each strategy's share of the account is read
  // again as the account moves: the breakdown's outside part is the account's less the strategies'.
  positions: {
    resync: (queryClient, positions) => {
      queryClient.setQueryData(queryKeys.positions, positions);
      void queryClient.invalidateQueries({ queryKey: queryKeys.strategyPositions });
    },
    change: (queryClient, _id, positions) => {
      queryClient.setQueryData(queryKeys.positions, positions ?? []);
      void queryClient.invalidateQueries({ queryKey: queryKeys.strategyPositions });
    },
  },
  // A resync holds null before the first balance snapshot: the loaded balance stays.
  balances: {
    resync: (queryClient, balance) => {
      if (balance !== null) queryClient.setQueryData(queryKeys.balance, balance);
    },
    change: entry(queryKeys.balance).change,
  },
  settings: entry(queryKeys.settings),
  keySummary: entry(queryKeys.keys),
  // The strategies' ledger: its stops and targets for every strategy, and each strategy's own
  // positions and the breakdown (read again, as they are answered per strategy).
  strategyPositions: {
    resync: (queryClient, orders) => {
      queryClient.setQueryData(queryKeys.protectiveOrders(null), orders);
      void queryClient.invalidateQueries({ queryKey: queryKeys.strategyPositions, predicate: (query) => !isAllProtection(query.queryKey) });
    },
    change: (queryClient, _id, orders) => {
      queryClient.setQueryData(queryKeys.protectiveOrders(null), orders ?? []);
      void queryClient.invalidateQueries({ queryKey: queryKeys.strategyPositions, predicate: (query) => !isAllProtection(query.queryKey) });
    },
  },
  referral: {
    resync: setReferral,
    change: (queryClient, _id, data) => {
      if (data === null) void queryClient.invalidateQueries({ queryKey: queryKeys.referral });
      else setReferral(queryClient, data);
    },
  },
};

/**
 * Applies one `/api/live` message to the query cache: a resync replaces
 * every live entry; a change replaces its document unless a newer version was already applied
 * (`versions` remembers the highest per document). A deleted document's entry is reloaded. Each
 * document is checked against its read model's schema; a malformed one is ignored (logged).
 */
export function applyLiveMessage(queryClient: QueryClient, message: ReceivedLiveMessage, versions: Map<string, number>): void {
  if (message.type === 'resync') versions.clear();
  else {
    const documentKey = `${message.collection}/${message.id}`;
    if ((versions.get(documentKey) ?? -1) >= message.version) return;
    versions.set(documentKey, message.version);
  }
  reduceLiveMessage(message, REDUCERS, queryClient, (what, issues) => console.error(`live: ignored a malformed ${what}`, issues));
}
