import {
  BALANCES_COLLECTION,
  KEY_SUMMARY_COLLECTION,
  POSITIONS_COLLECTION,
  REFERRAL_COLLECTION,
  SETTINGS_COLLECTION,
  WEBHOOK_LOGS_COLLECTION,
  referralInfoOf,
  settingsOf,
  toCredentialsRecord,
  toPositionViews,
  toWebhookLogView,
  type BalanceDoc,
  type KeySummaryDoc,
  type PositionsDoc,
  type ReadModelDoc,
  type ReferralDoc,
  type SettingsDoc,
  type WebhookLogDoc,
} from '@hyperhook/domain';
import type { JsonValue } from '@hyperhook/store';

/**
 * Client views of the read models clients see, by collection: the same shapes the `/api` reads
 * answer, so a live notice can replace what the client fetched. Collections missing here
 * (webhook routes and access) are internal and never pushed.
 */
const VIEWS: Readonly<Record<string, (doc: ReadModelDoc<unknown>) => unknown>> = {
  [WEBHOOK_LOGS_COLLECTION]: (doc) => toWebhookLogView(doc as WebhookLogDoc),
  [POSITIONS_COLLECTION]: (doc) => toPositionViews(doc as PositionsDoc),
  [BALANCES_COLLECTION]: (doc) => (doc as BalanceDoc).data,
  [SETTINGS_COLLECTION]: (doc) => settingsOf(doc as SettingsDoc),
  [KEY_SUMMARY_COLLECTION]: (doc) => toCredentialsRecord(doc as KeySummaryDoc),
  [REFERRAL_COLLECTION]: (doc) => referralInfoOf(doc as ReferralDoc),
};

/** The collections whose changes are pushed to clients. */
export const PUSHED_COLLECTIONS: readonly string[] = Object.freeze(Object.keys(VIEWS));

/** The client view of a document, or undefined for an internal collection. Views are JSON by construction. */
export function clientViewOf(doc: ReadModelDoc<unknown>): JsonValue | undefined {
  const view = VIEWS[doc.collection];
  return view === undefined ? undefined : (view(doc) as JsonValue);
}

/** A change notice on `user.<uid>`: which document changed, its version, and its client view (null once deleted). */
export type ReadModelNotice = {
  readonly collection: string;
  readonly id: string;
  readonly version: number;
  readonly doc: JsonValue;
};
