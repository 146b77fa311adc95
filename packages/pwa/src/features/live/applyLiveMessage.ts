import {
  BALANCES_COLLECTION,
  BalanceViewSchema,
  CredentialsRecordSchema,
  KEY_SUMMARY_COLLECTION,
  POSITIONS_COLLECTION,
  PositionListSchema,
  REFERRAL_COLLECTION,
  ReferralDataSchema,
  SETTINGS_COLLECTION,
  SettingsSchema,
  WEBHOOK_LOGS_CAP,
  WEBHOOK_LOGS_COLLECTION,
  WebhookLogViewSchema,
  type LiveMessage,
  type ReferralInfo,
  type WebhookLogView,
} from '@hyperhook/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T | undefined {
  const result = schema.safeParse(value);
  if (!result.success) console.error(`live: ignored a malformed ${what}`, result.error.issues);
  return result.success ? result.data : undefined;
}

/** Referral info pushed live has no referral code (the api adds it to reads): keep the one we have. */
function setReferral(queryClient: QueryClient, value: unknown): void {
  const data = parsed(ReferralDataSchema, value, 'referral');
  if (data === undefined) return;
  const current = queryClient.getQueryData<ReferralInfo>(queryKeys.referral);
  if (current === undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.referral });
  else queryClient.setQueryData<ReferralInfo>(queryKeys.referral, { ...current, ...data });
}

function setIfValid<T>(queryClient: QueryClient, key: readonly unknown[], schema: z.ZodType<T>, value: unknown, what: string): void {
  const data = parsed(schema, value, what);
  if (data !== undefined) queryClient.setQueryData(key, data);
}

/**
 * Applies one `/api/live` message to the query cache: a resync replaces
 * every live entry; a change replaces its document unless a newer version was already applied
 * (`versions` remembers the highest per document). A deleted document's entry is reloaded.
 */
export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage, versions: Map<string, number>): void {
  if (message.type === 'resync') {
    versions.clear();
    const { data } = message;
    const logs = data.webhookLogs.map((log) => parsed(WebhookLogViewSchema, log, 'log')).filter((log) => log !== undefined);
    queryClient.setQueryData(queryKeys.webhookLogs, logs.sort(newestFirst).slice(0, WEBHOOK_LOGS_CAP));
    setIfValid(queryClient, queryKeys.positions, PositionListSchema, data.positions, 'positions');
    if (data.balance !== null) setIfValid(queryClient, queryKeys.balance, BalanceViewSchema, data.balance, 'balance');
    setIfValid(queryClient, queryKeys.settings, SettingsSchema, data.settings, 'settings');
    setIfValid(queryClient, queryKeys.keys, CredentialsRecordSchema, data.keys, 'keys');
    setReferral(queryClient, data.referral);
    return;
  }
  const documentKey = `${message.collection}/${message.id}`;
  if ((versions.get(documentKey) ?? -1) >= message.version) return;
  versions.set(documentKey, message.version);

  switch (message.collection) {
    case WEBHOOK_LOGS_COLLECTION: {
      if (message.doc === null) {
        queryClient.setQueryData<WebhookLogView[]>(queryKeys.webhookLogs, (logs) => logs?.filter((l) => l.webhookLogId !== message.id));
        return;
      }
      const log = parsed(WebhookLogViewSchema, message.doc, 'log');
      if (log !== undefined) queryClient.setQueryData<WebhookLogView[]>(queryKeys.webhookLogs, (logs) => upsertLog(logs, log));
      return;
    }
    case POSITIONS_COLLECTION:
      setIfValid(queryClient, queryKeys.positions, PositionListSchema, message.doc ?? [], 'positions');
      return;
    case BALANCES_COLLECTION:
      if (message.doc === null) void queryClient.invalidateQueries({ queryKey: queryKeys.balance });
      else setIfValid(queryClient, queryKeys.balance, BalanceViewSchema, message.doc, 'balance');
      return;
    case SETTINGS_COLLECTION:
      setIfValid(queryClient, queryKeys.settings, SettingsSchema, message.doc, 'settings');
      return;
    case KEY_SUMMARY_COLLECTION:
      setIfValid(queryClient, queryKeys.keys, CredentialsRecordSchema, message.doc, 'keys');
      return;
    case REFERRAL_COLLECTION:
      setReferral(queryClient, message.doc);
      return;
    default:
      return;
  }
}
