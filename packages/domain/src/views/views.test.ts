import { describe, expect, it } from 'vitest';
import { executed, failed, planned, received, SIGNAL_ID, submitted, validationStarted } from '../testing/fixtures.js';
import type { SignalEvent } from '../signal/signalEvents.js';
import { signalStreamId } from '../eventModel/streams.js';
import { toCredentialsRecord } from '../credentials/keySummaryProjection.js';
import { toPositionView } from '../account/positionsProjection.js';
import { foldProjection } from '../readModels/readModel.js';
import { EMPTY_REFERRAL } from '../referral/referralProjection.js';
import { eventLog } from '../readModels/testing/eventLog.js';
import { toWebhookLogView, webhookLogsProjection } from '../signal/webhookLogsProjection.js';
import { CredentialsRecordSchema } from '../credentials/credentialsRecord.js';
import { PositionViewSchema } from '../account/positionView.js';
import { ReferralDataSchema, ReferralInfoSchema } from '../referral/referralInfo.js';
import { WebhookLogViewSchema } from '../signal/webhookLogView.js';

function logView(...events: SignalEvent[]) {
  const log = eventLog();
  log.append(signalStreamId(SIGNAL_ID), ...events);
  const doc = foldProjection(webhookLogsProjection, log.records).get(SIGNAL_ID);
  if (doc === undefined) throw new Error('no log document');
  return toWebhookLogView(doc);
}

describe('view schemas: what the projections build is what the api answers and the PWA parses', () => {
  it('ENT-07: given logs in flight, executed and failed, when parsed by the log view schema, then each is accepted unchanged', () => {
    for (const view of [
      logView(received),
      logView(received, validationStarted, planned, submitted, executed),
      logView(received, validationStarted, planned, submitted, failed),
    ]) {
      expect(WebhookLogViewSchema.parse(view)).toEqual(view);
    }
  });

  it('ENT-13, ENT-03, ENT-20: given a position row, a credentials record and referral info, when parsed by their schemas, then accepted unchanged', () => {
    const position = toPositionView(
      { positionId: 'BTC-long-1', coin: 'BTC', side: 'long', size: 0.01, entryPrice: 60_000, currentPrice: 61_000, createdAt: 'a', updatedAt: 'b' },
      'uid-1',
    );
    expect(PositionViewSchema.parse(position)).toEqual(position);
    expect(CredentialsRecordSchema.parse(toCredentialsRecord(null))).toEqual(toCredentialsRecord(null));
    expect(ReferralDataSchema.parse(EMPTY_REFERRAL)).toEqual(EMPTY_REFERRAL);
  });

  it('given referral info without its code, or a log with an unknown status, when parsed, then refused rather than passed on', () => {
    expect(ReferralInfoSchema.safeParse({ ...EMPTY_REFERRAL }).success).toBe(false);
    expect(WebhookLogViewSchema.safeParse({ ...logView(received), status: 'lost' }).success).toBe(false);
  });
});
