import { z } from 'zod';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import {
  DailySummaryInputSchema,
  defaultNotificationPreferences,
  SilenceAlarmInputSchema,
  WebPushPreferencesSchema,
  type NotificationPreferences,
  type SilenceAlarm,
} from './notificationPreferences.js';
import { RiskAlarmsSchema } from './riskAlarmSettings.js';
import type { Decider } from '../shared/decider.js';
import { DomainError, type FieldError } from '../shared/domainError.js';
import {
  evolveStrategies,
  findStrategy,
  initialStrategiesState,
  STRATEGY_EVENTS,
  type StrategiesState,
  type StrategyEvent,
} from '../strategies/strategiesState.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { requireAccount } from '../shared/requireAccount.js';

/** Change the preferences: each part given replaces the saved one, each part omitted is kept. */
export const SetNotificationPreferencesSchema = z.object({
  type: z.literal('SetNotificationPreferences'),
  webPush: WebPushPreferencesSchema.optional(),
  silenceAlarms: z.array(SilenceAlarmInputSchema).optional(),
  dailySummary: DailySummaryInputSchema.nullable().optional(),
  riskAlarms: RiskAlarmsSchema.optional(),
  at: IsoTimestampSchema,
});
/** Record that the trader is being told a strategy went silent (once per silence). */
export const RecordStrategySilenceSchema = z.object({
  type: z.literal('RecordStrategySilence'),
  strategyId: StrategyIdSchema,
  silentSince: IsoTimestampSchema,
  at: IsoTimestampSchema,
});
/** Record that the daily summary of a local day is being sent (once per day). */
export const RecordDailySummarySchema = z.object({ type: z.literal('RecordDailySummary'), day: z.iso.date(), at: IsoTimestampSchema });
/** Commands of the notification preferences decider. */
export type NotificationPreferencesCommand =
  z.infer<typeof SetNotificationPreferencesSchema> | z.infer<typeof RecordStrategySilenceSchema> | z.infer<typeof RecordDailySummarySchema>;

/** The preferences, the strategies they name, and which notices already went out. */
export interface NotificationPreferencesState {
  readonly exists: boolean;
  readonly strategies: StrategiesState;
  readonly preferences: NotificationPreferences;
  /** Per strategy, the `silentSince` of the last silence the trader was told about. */
  readonly silenceNoticed: Readonly<Record<string, string>>;
  /** The local day of the last daily summary sent. */
  readonly lastSummaryDay: string | null;
}

const OWN_EVENTS = ['NotificationPreferencesUpdated', 'StrategySilenceNoticed', 'DailySummarySent'] as const;
const PREFERENCE_EVENTS = [...STRATEGY_EVENTS, ...OWN_EVENTS] as const;
type OwnEvent = Extract<UserEvent, { type: (typeof OWN_EVENTS)[number] }>;
type NotificationPreferencesEvent = StrategyEvent | OwnEvent;

const refuse = (fieldErrors: FieldError[]) =>
  new DomainError(
    'INVALID_NOTIFICATION_PREFERENCES',
    'Invalid notification preferences',
    fieldErrors.map((e) => `${e.field}: ${e.message}`).join(' '),
    fieldErrors,
  );

/** The alarms as saved: each keeps its `since` while its minutes stay, so re-saving the form does not restart the count. */
function alarmsOf(input: readonly z.infer<typeof SilenceAlarmInputSchema>[], state: NotificationPreferencesState, at: string): SilenceAlarm[] {
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  input.forEach((alarm, index) => {
    // Another user's strategy id is as unknown here as a made-up one: the fold is of this user's stream only.
    if (findStrategy(state.strategies, alarm.strategyId) === undefined)
      problems.push({ field: `silenceAlarms.${index}.strategyId`, message: 'No such strategy: it may have been deleted.' });
    else if (seen.has(alarm.strategyId)) problems.push({ field: `silenceAlarms.${index}.strategyId`, message: 'One alarm per strategy.' });
    seen.add(alarm.strategyId);
  });
  if (problems.length > 0) throw refuse(problems);
  return input.map((alarm) => {
    const saved = state.preferences.silenceAlarms.find((s) => s.strategyId === alarm.strategyId && s.minutes === alarm.minutes);
    return { strategyId: alarm.strategyId, minutes: alarm.minutes, since: saved?.since ?? at };
  });
}

function decide(command: NotificationPreferencesCommand, state: NotificationPreferencesState): NotificationPreferencesEvent[] {
  requireAccount(state);
  const saved = state.preferences;
  switch (command.type) {
    case 'SetNotificationPreferences': {
      const summary = command.dailySummary;
      const next: NotificationPreferences = {
        webPush: command.webPush === undefined ? saved.webPush : { events: [...new Set(command.webPush.events)] },
        // Alarms of strategies deleted since are dropped on the next save either way.
        silenceAlarms:
          command.silenceAlarms === undefined
            ? saved.silenceAlarms.filter((a) => findStrategy(state.strategies, a.strategyId) !== undefined)
            : alarmsOf(command.silenceAlarms, state, command.at),
        dailySummary:
          summary === undefined
            ? saved.dailySummary
            : summary === null
              ? null
              : saved.dailySummary !== null && saved.dailySummary.time === summary.time && saved.dailySummary.timeZone === summary.timeZone
                ? saved.dailySummary
                : { ...summary, since: command.at },
        ...((command.riskAlarms ?? saved.riskAlarms) === undefined ? {} : { riskAlarms: command.riskAlarms ?? saved.riskAlarms }),
      };
      // Saving the same preferences again records nothing.
      if (JSON.stringify(next) === JSON.stringify(saved)) return [];
      return [{ type: 'NotificationPreferencesUpdated', v: 1, data: { ...next, at: command.at } }];
    }
    case 'RecordStrategySilence': {
      const alarmed = saved.silenceAlarms.some((a) => a.strategyId === command.strategyId) && findStrategy(state.strategies, command.strategyId) !== undefined;
      if (!alarmed || state.silenceNoticed[command.strategyId] === command.silentSince) return [];
      return [{ type: 'StrategySilenceNoticed', v: 1, data: { strategyId: command.strategyId, silentSince: command.silentSince, at: command.at } }];
    }
    case 'RecordDailySummary':
      if (saved.dailySummary === null || state.lastSummaryDay === command.day) return [];
      return [{ type: 'DailySummarySent', v: 1, data: { day: command.day, at: command.at } }];
  }
}

function evolve(state: NotificationPreferencesState, event: NotificationPreferencesEvent): NotificationPreferencesState {
  switch (event.type) {
    case 'NotificationPreferencesUpdated': {
      const { at: _at, ...preferences } = event.data;
      return { ...state, preferences };
    }
    case 'StrategySilenceNoticed':
      return { ...state, silenceNoticed: { ...state.silenceNoticed, [event.data.strategyId]: event.data.silentSince } };
    case 'DailySummarySent':
      return { ...state, lastSummaryDay: event.data.day };
    default: {
      const strategies = evolveStrategies(state.strategies, event);
      return { ...state, exists: strategies.exists, strategies };
    }
  }
}

/**
 * Notice preferences on `user-<uid>` (issue 30, point 3): which events web push sends, a silence
 * alarm per strategy (only strategies of this user that are not deleted), the daily summary's
 * local time; and the markers that make a silence notice and a daily summary go out once, even
 * across restarts and api instances (whoever records the marker first sends).
 */
export const notificationPreferencesDecider: Decider<NotificationPreferencesCommand, NotificationPreferencesEvent, NotificationPreferencesState> = {
  eventTypes: PREFERENCE_EVENTS,
  decide,
  evolve,
  initialState: () => ({
    exists: false,
    strategies: initialStrategiesState(),
    preferences: defaultNotificationPreferences(),
    silenceNoticed: {},
    lastSummaryDay: null,
  }),
};
