import { findStrategy, readSilence, type NoticeEvent, type NotificationPreferencesState } from '@hyperhook/domain';
import type { ReadStore } from '@hyperhook/store';
import { lastAlertOf } from './noticeReads.js';

/** The preferences as `GET /api/notifications` shows them. */
export interface PreferencesView {
  readonly webPush: { readonly events: NoticeEvent[] };
  readonly silenceAlarms: { readonly strategyId: string; readonly strategyName: string; readonly minutes: number; readonly silentSince: string | null }[];
  readonly dailySummary: { readonly time: string; readonly timeZone: string } | null;
}

/**
 * The view of the saved preferences: the alarms of strategies that still exist, each with
 * `silentSince` while the strategy is silent past its alarm (from its newest log row), else null.
 */
export async function preferencesView(readStore: ReadStore, uid: string, state: NotificationPreferencesState, now: Date): Promise<PreferencesView> {
  const { preferences } = state;
  const alarms = await Promise.all(
    preferences.silenceAlarms.flatMap((alarm) => {
      const strategy = findStrategy(state.strategies, alarm.strategyId);
      if (strategy === undefined) return [];
      return [
        lastAlertOf(readStore, uid, alarm.strategyId).then((last) => {
          const reading = readSilence(alarm, last?.receivedAt ?? null, now);
          return { strategyId: alarm.strategyId, strategyName: strategy.name, minutes: alarm.minutes, silentSince: reading.silent ? reading.silentSince : null };
        }),
      ];
    }),
  );
  const summary = preferences.dailySummary;
  return { webPush: { events: [...preferences.webPush.events] }, silenceAlarms: alarms, dailySummary: summary === null ? null : { time: summary.time, timeZone: summary.timeZone } };
}
