import {
  BALANCES_COLLECTION,
  KEY_SUMMARY_COLLECTION,
  POSITIONS_COLLECTION,
  REFERRAL_COLLECTION,
  SETTINGS_COLLECTION,
  WEBHOOK_LOGS_CAP,
  WEBHOOK_LOGS_COLLECTION,
  referralInfoOf,
  settingsOf,
  toCredentialsRecord,
  toPositionViews,
  toWebhookLogView,
  type BalanceData,
  type KeySummaryDoc,
  type PositionsDoc,
  type ReferralDoc,
  type SettingsDoc,
  type WebhookLogDoc,
} from '@hyperhook/domain';
import type { JsonObject, ReadDocument, ReadStore } from '@hyperhook/store';

/** Everything the dashboard shows live, as the `/api` reads answer it. */
export type LiveSnapshot = {
  readonly webhookLogs: readonly unknown[];
  readonly positions: readonly unknown[];
  readonly balance: unknown;
  readonly settings: unknown;
  readonly keys: unknown;
  readonly referral: unknown;
};

/** Widens a stored document to the domain's document shape for the view builders. */
function asDoc<T>(collection: string, doc: ReadDocument<JsonObject> | undefined): T | null {
  return doc === undefined ? null : ({ collection, id: doc.id, userId: doc.userId ?? '', version: doc.version, data: doc.data } as T);
}

/**
 * Reads the user's current dashboard state (the `resync` message): the latest 200 logs
 * (newest receivedAt first), positions, balance, settings, key summary and referral.
 */
export async function liveSnapshot(readStore: ReadStore, uid: string): Promise<LiveSnapshot> {
  const [logs, positions, balance, settings, keys, referral] = await Promise.all([
    readStore.query(WEBHOOK_LOGS_COLLECTION, { userId: uid, sortBy: 'receivedAt', order: 'desc', limit: WEBHOOK_LOGS_CAP }),
    readStore.get(POSITIONS_COLLECTION, uid),
    readStore.get(BALANCES_COLLECTION, uid),
    readStore.get(SETTINGS_COLLECTION, uid),
    readStore.get(KEY_SUMMARY_COLLECTION, uid),
    readStore.get(REFERRAL_COLLECTION, uid),
  ]);
  return {
    webhookLogs: logs.map((doc) => toWebhookLogView(asDoc<WebhookLogDoc>(WEBHOOK_LOGS_COLLECTION, doc) as WebhookLogDoc)),
    positions: toPositionViews(asDoc<PositionsDoc>(POSITIONS_COLLECTION, positions)),
    balance: balance === undefined || balance.userId !== uid ? null : (balance.data as unknown as BalanceData),
    settings: settingsOf(asDoc<SettingsDoc>(SETTINGS_COLLECTION, settings)),
    keys: toCredentialsRecord(asDoc<KeySummaryDoc>(KEY_SUMMARY_COLLECTION, keys)),
    referral: referralInfoOf(asDoc<ReferralDoc>(REFERRAL_COLLECTION, referral)),
  };
}
