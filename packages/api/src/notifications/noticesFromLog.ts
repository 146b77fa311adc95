import {
  FIRST_STRATEGY_ID,
  isLiquidationFill,
  isSignalEvent,
  signalStreamId,
  streamEntityId,
  type AlertsRefused,
  type SignalReceived,
} from '@hyperhook/domain';
import { decodeRecordedEvent, decodeStreamEvents } from '@hyperhook/eventsourcing';
import type { EventStore, RecordedEvent } from '@hyperhook/store';
import { awaitingApprovalNotice } from './approvalNotice.js';
import { liquidationNotice, noticesForOutcome, type SignalOutcome } from './noticeFor.js';
import { riskNotice } from './alarmNotices.js';
import { driftNotice, unprotectedNotice } from './positionNotices.js';
import type { Notice } from './sendToChannel.js';

/** The recorded events that may give a notice: signal outcomes, entries held for approval, fills (liquidations), counted refusals, drift, protection refused and position alarms. */
export const LOG_NOTICE_EVENT_TYPES = [
  'SignalExecuted',
  'SignalFailed',
  'SignalRejected',
  'SignalHeldForApproval',
  'FillRecorded',
  'AlertsRefused',
  'PositionDriftReconciled',
  'ProtectionUpdated',
  'RiskAlarmRaised',
] as const;

/**
 * Refusals intake logs one by one (a rate limit, the IP allowlist) come in floods by nature:
 * each is in the log, and the flood's notice is the AlertsRefused count (issue 32, point 2).
 */
const FLOOD_REJECTIONS: ReadonlySet<string> = new Set(['RATE_LIMITED', 'SOURCE_NOT_ALLOWED']);

/** The notice of alerts counted past the logging ceiling: how many, why, and the way to the logs. */
export function refusalsNotice(publicUrl: string, refused: AlertsRefused['data']): Notice {
  const why = refused.reason === 'rateLimited' ? 'this URL’s rate limit' : 'its IP allowlist';
  return {
    event: 'alert.rejected',
    title: `${refused.count} ${refused.count === 1 ? 'alert' : 'alerts'} refused by ${why}`,
    strategy: { id: refused.strategyId ?? FIRST_STRATEGY_ID, name: null },
    symbol: null,
    reason: `Past ten times the URL's budget, refusals are counted, not logged one by one: ${refused.count} between ${refused.from} and ${refused.to}.`,
    signalId: null,
    url: `${publicUrl}/dashboard?tab=logs`,
    at: refused.to,
  };
}

/** The notices one event gives its owner, the most telling first (see {@link noticesForOutcome}). */
export interface LogNotices {
  readonly uid: string;
  readonly notices: readonly Notice[];
}

async function firstOfSignal(eventStore: EventStore, signalId: string): Promise<SignalReceived['data'] | null> {
  const [first] = decodeStreamEvents(await eventStore.readStream(signalStreamId(signalId), { maxCount: 1 }));
  return first?.type === 'SignalReceived' ? first.data : null;
}

/**
 * What a recorded event is worth telling: an executed, failed or rejected signal (a failure that
 * says the venue refused the API wallet also as `keys.rejected`; a refusal of a flood, none), an
 * entry held for the trader's approval, a fill on `account-<uid>` that liquidated a position, or
 * alerts counted past the logging ceiling.
 * Null for anything else, and for fills that are not liquidations, without
 * reading anything more.
 */
export async function noticesFromLog(eventStore: EventStore, publicUrl: string, recorded: RecordedEvent): Promise<LogNotices | null> {
  const decoded = decodeRecordedEvent(recorded);
  if (decoded.kind !== 'domain') return null;
  const { event, meta } = decoded.record;
  if (event.type === 'FillRecorded') {
    const uid = streamEntityId(meta, 'account');
    if (uid === null || !isLiquidationFill(event.data.dir)) return null;
    const signal = event.data.signalId === undefined ? null : await firstOfSignal(eventStore, event.data.signalId);
    return { uid, notices: [liquidationNotice(publicUrl, event.data, signal?.userId === uid ? signal : null)] };
  }
  if (event.type === 'PositionDriftReconciled' || event.type === 'ProtectionUpdated') {
    const uid = streamEntityId(meta, 'account');
    if (uid === null) return null;
    if (event.type === 'PositionDriftReconciled') return { uid, notices: [driftNotice(publicUrl, event.data)] };
    return event.data.refused.length === 0 ? null : { uid, notices: [unprotectedNotice(publicUrl, event.data)] };
  }
  if (event.type === 'RiskAlarmRaised') {
    const uid = streamEntityId(meta, 'user');
    return uid === null ? null : { uid, notices: [riskNotice(publicUrl, event.data)] };
  }
  if (event.type === 'AlertsRefused') {
    const uid = streamEntityId(meta, 'account');
    return uid === null ? null : { uid, notices: [refusalsNotice(publicUrl, event.data)] };
  }
  if (event.type === 'SignalHeldForApproval') {
    const signalId = streamEntityId(meta, 'signal');
    const received = signalId === null ? null : await firstOfSignal(eventStore, signalId);
    return received === null ? null : { uid: received.userId, notices: [awaitingApprovalNotice(publicUrl, received, event.data)] };
  }
  if (!isSignalEvent(event) || (event.type !== 'SignalExecuted' && event.type !== 'SignalFailed' && event.type !== 'SignalRejected')) return null;
  if (event.type === 'SignalRejected' && FLOOD_REJECTIONS.has(event.data.code)) return null;
  const signalId = streamEntityId(meta, 'signal');
  if (signalId === null) return null;
  // The owner and the alert are on the signal's first event.
  const received = await firstOfSignal(eventStore, signalId);
  if (received === null) return null;
  const outcome: SignalOutcome =
    event.type === 'SignalExecuted' ? { type: event.type, avgPx: event.data.avgPx } : { type: event.type, reason: event.data.reason, code: event.data.code };
  const at = event.type === 'SignalExecuted' ? (event.data.filledAt ?? event.data.acknowledgedAt) : event.data.at;
  return { uid: received.userId, notices: noticesForOutcome(publicUrl, received, outcome, at) };
}
