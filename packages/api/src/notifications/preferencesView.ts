import { findStrategy, readSilence, riskAlarmsOf, type NotificationPreferencesState, type NotificationsView } from '@hyperhook/domain';
import type { ReadStore } from '@hyperhook/store';
import { lastAlertOf } from './noticeReads.js';

/** The preferences as `GET /api/notifications` shows them. */
export type PreferencesView = Pick<NotificationsView, 'webPush' | 'silenceAlarms' | 'dailySummary' | 'riskAlarms'>;

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
          return {
            strategyId: alarm.strategyId,
            strategyName: strategy.name,
            minutes: alarm.minutes,
            silentSince: reading.silent ? reading.silentSince : null,
          };
        }),
      ];
    }),
  );
  const summary = preferences.dailySummary;
  return {
    webPush: { events: [...preferences.webPush.events] },
    silenceAlarms: alarms,
    dailySummary: summary === null ? null : { time: summary.time, timeZone: summary.timeZone },
    riskAlarms: { ...riskAlarmsOf(preferences) },
  };
}
