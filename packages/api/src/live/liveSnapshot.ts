import {
  queryBalance,
  queryKeySummary,
  queryPositions,
  queryReferral,
  querySettings,
  queryWebhookLogs,
  type BalanceView,
  type CredentialsRecord,
  type PositionView,
  type ReferralData,
  type Settings,
  type WebhookLogView,
} from '@hyperhook/domain';
import type { ReadStore } from '@hyperhook/store';

/** Everything the dashboard shows live, as the `/api` reads answer it. */
export type LiveSnapshot = {
  readonly webhookLogs: readonly WebhookLogView[];
  readonly positions: readonly PositionView[];
  readonly balance: BalanceView | null;
  readonly settings: Settings;
  readonly keys: CredentialsRecord;
  readonly referral: ReferralData;
};

/**
 * Reads the user's current dashboard state (the `resync` message): the latest 200 logs
 * (newest receivedAt first), positions, balance, settings, key summary and referral.
 */
export async function liveSnapshot(readStore: ReadStore, uid: string): Promise<LiveSnapshot> {
  const [webhookLogs, positions, balance, settings, keys, referral] = await Promise.all([
    queryWebhookLogs(readStore, uid),
    queryPositions(readStore, uid),
    queryBalance(readStore, uid),
    querySettings(readStore, uid),
    queryKeySummary(readStore, uid),
    queryReferral(readStore, uid),
  ]);
  return { webhookLogs, positions, balance, settings, keys, referral };
}
