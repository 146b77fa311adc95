import {
  alarmsDecider,
  dailySummaryDue,
  keysExpiryStage,
  findStrategy,
  notificationPreferencesDecider,
  readSilence,
  userStreamId,
  type NotificationPreferences,
  type NotificationPreferencesState,
} from '@hyperhook/domain';
import { createStreamFoldCache, decodeRecordedEvent, followLog, type LogFollower, type StreamFoldCache } from '@hyperhook/eventsourcing';
import type { StorePorts } from '@hyperhook/store';
import { handleUserCommand } from '../commands/handleUserCommand.js';
import { dailyFactsOf, lastAlertOf } from './noticeReads.js';
import { schedulerCheckpoint } from './schedulerCheckpoint.js';
import { dailySummaryNotice, silenceNotice } from './scheduledNotices.js';
import { keysExpiringNotice } from './alarmNotices.js';
import { startRounds, type Every } from './rounds.js';
import type { Notice } from './sendToChannel.js';

/** How often the scheduler looks at the clock, default every 30 s. */
export const DEFAULT_SCHEDULER_TICK_MS = 30_000;
/** How often a silent strategy is looked at again for alerts resuming: 5 minutes. */
export const SILENCE_RECHECK_MS = 5 * 60_000;

/** Options of startNoticeScheduler. */
export interface NoticeSchedulerOptions {
  readonly store: Pick<StorePorts, 'eventStore' | 'readStore' | 'checkpoints' | 'unitOfWork'>;
  readonly clock: () => Date;
  /** Origin of the product, for the links. */
  readonly publicUrl: string;
  /** Hands a notice to the user's destinations (dispatchNotice). */
  readonly deliver: (uid: string, notice: Notice) => Promise<void>;
  readonly every?: Every;
  readonly tickMs?: number;
  readonly onError?: (error: unknown) => void;
  /**
   * Longest the checkpoint is left behind batches that changed no preferences, default 1 s: a
   * restart only reads again what came after it.
   */
  readonly idleCheckpointMs?: number;
  /** Milliseconds, monotonic; default performance.now. */
  readonly now?: () => number;
}

/**
 * The notices no event carries, on a clock (issue 30, point 3): `strategy.silent` once a strategy
 * with an alarm had no alert for its minutes (counted from the later of the alarm's saving and
 * its last alert), once until alerts resume; `summary.daily` at the user's local time, once per
 * day; `keys.expiring` a week and a day before the API wallet's expiry, and once it passed (issue
 * 42, point 2; at once for keys saved with a week or less left). Nothing of it lives only in memory:
 * the users with preferences and the wallets' expiries are read from the log (their
 * NotificationPreferencesUpdated and CredentialsSaved events), which the scheduler follows from its checkpoint: stored
 * with the preferences read up to it (schedulerCheckpoint.ts), so a restart reads only what came
 * after, and only the first start reads the whole log. A strategy's last alert comes from its
 * newest log row, and each notice is recorded on the user stream (StrategySilenceNoticed,
 * DailySummarySent, KeysExpiryNoticed) before it is handed over, so a restart or a second instance never repeats it.
 * A crash between the record and the hand-over loses that one notice rather than sending it twice.
 */
export async function startNoticeScheduler(
  options: NoticeSchedulerOptions,
): Promise<{ readonly subscription: LogFollower; tick(): Promise<void>; stop(): Promise<void> }> {
  const { eventStore, readStore } = options.store;
  const onError = options.onError ?? ((error: unknown) => console.error('notice scheduler failed', error));
  const states: StreamFoldCache<NotificationPreferencesState> = createStreamFoldCache(eventStore, notificationPreferencesDecider);
  /** Preferences of the users that have any, as the log last said. */
  const preferences = new Map<string, NotificationPreferences>();
  /** Per `uid/strategyId`, when the alarm is worth looking at next (before: it cannot be silent yet). */
  const nextCheck = new Map<string, number>();
  /** Per user, the local day whose summary is known to be recorded: no fold of the stream for it again. */
  const summaryDone = new Map<string, string>();
  /** Per user, the expiry of their API wallet, for the wallets the venue lists one for. */
  const keyExpiries = new Map<string, string>();
  /** Per user, the `validUntil/stage` known to be recorded. */
  const expiryDone = new Map<string, string>();

  const checkpoint = schedulerCheckpoint(options.store, preferences, keyExpiries);

  const follower = followLog({
    eventStore,
    checkpoint,
    // Written at once after preferences changed, with them; else at most once per idle interval.
    saving: { kind: 'afterBatch', idleMs: options.idleCheckpointMs ?? 1_000, ...(options.now ? { now: options.now } : {}) },
    filter: { types: ['NotificationPreferencesUpdated', 'CredentialsSaved', 'CredentialsDeleted'] },
    handle: (batch) => {
      for (const recorded of batch.events) {
        const decoded = decodeRecordedEvent(recorded);
        if (decoded.kind !== 'domain') continue;
        const uid = recorded.streamId.slice('user-'.length);
        const { event } = decoded.record;
        if (event.type === 'CredentialsSaved' || event.type === 'CredentialsDeleted') {
          const validUntil = event.type === 'CredentialsSaved' ? event.data.validUntil : undefined;
          if (validUntil === undefined) keyExpiries.delete(uid);
          else keyExpiries.set(uid, validUntil);
          checkpoint.changed();
          continue;
        }
        if (event.type !== 'NotificationPreferencesUpdated') continue;
        const { at: _at, ...saved } = event.data;
        if (saved.silenceAlarms.length === 0 && saved.dailySummary === null) preferences.delete(uid);
        else preferences.set(uid, saved);
        for (const key of [...nextCheck.keys()]) if (key.startsWith(`${uid}/`)) nextCheck.delete(key);
        checkpoint.changed();
      }
      return batch.events.length > 0 ? 'acted' : undefined;
    },
    onError,
  });
  await follower.started;

  async function checkSilence(uid: string, alarm: NotificationPreferences['silenceAlarms'][number], now: Date): Promise<void> {
    const key = `${uid}/${alarm.strategyId}`;
    if (now.getTime() < (nextCheck.get(key) ?? readSilence(alarm, null, now).dueAt)) return;
    const last = await lastAlertOf(readStore, uid, alarm.strategyId);
    const reading = readSilence(alarm, last?.receivedAt ?? null, now);
    if (!reading.silent) return void nextCheck.set(key, reading.dueAt);
    nextCheck.set(key, now.getTime() + SILENCE_RECHECK_MS);
    const at = now.toISOString();
    const outcome = await handleUserCommand(eventStore, uid, notificationPreferencesDecider, {
      type: 'RecordStrategySilence',
      strategyId: alarm.strategyId,
      silentSince: reading.silentSince,
      at,
    });
    if (outcome.events.length === 0) return; // told already, or the strategy is gone
    const strategy = findStrategy((await states.get(userStreamId(uid))).strategies, alarm.strategyId);
    if (strategy === undefined) return;
    await options.deliver(uid, silenceNotice(options.publicUrl, { id: strategy.id, name: strategy.name }, alarm.minutes, reading.silentSince, last, at));
  }

  async function checkSummary(uid: string, summary: NonNullable<NotificationPreferences['dailySummary']>, now: Date): Promise<void> {
    const due = dailySummaryDue(summary, summaryDone.get(uid) ?? null, now);
    if (due === null) return;
    const at = now.toISOString();
    const outcome = await handleUserCommand(eventStore, uid, notificationPreferencesDecider, { type: 'RecordDailySummary', day: due.day, at });
    summaryDone.set(uid, due.day);
    if (outcome.events.length === 0) return; // sent already (before a restart, or by another instance)
    const facts = await dailyFactsOf(options.store, uid, due.at - 86_400_000, due.at);
    await options.deliver(uid, dailySummaryNotice(options.publicUrl, due.day, facts, at));
  }

  async function checkKeysExpiry(uid: string, validUntil: string, now: Date): Promise<void> {
    const stage = keysExpiryStage(validUntil, now);
    if (stage === null || expiryDone.get(uid) === `${validUntil}/${stage}`) return;
    const outcome = await handleUserCommand(eventStore, uid, alarmsDecider, { type: 'RecordKeysExpiry', at: now.toISOString() });
    expiryDone.set(uid, `${validUntil}/${stage}`);
    // The last stage told: nothing more is due for this wallet, and the checkpoint's document need not keep it.
    if (stage === 'expired' && keyExpiries.get(uid) === validUntil) {
      keyExpiries.delete(uid);
      checkpoint.changed();
    }
    for (const event of outcome.events) if (event.type === 'KeysExpiryNoticed') await options.deliver(uid, keysExpiringNotice(options.publicUrl, event.data));
  }

  /** One look at the clock: every alarm and summary that is due. */
  async function round(): Promise<void> {
    const now = options.clock();
    for (const [uid, saved] of [...preferences]) {
      for (const alarm of saved.silenceAlarms) await checkSilence(uid, alarm, now).catch(onError);
      if (saved.dailySummary !== null) await checkSummary(uid, saved.dailySummary, now).catch(onError);
    }
    for (const [uid, validUntil] of [...keyExpiries]) await checkKeysExpiry(uid, validUntil, now).catch(onError);
  }

  const rounds = startRounds({ round, intervalMs: options.tickMs ?? DEFAULT_SCHEDULER_TICK_MS, every: options.every, onError, follower });
  return { subscription: follower, ...rounds };
}
