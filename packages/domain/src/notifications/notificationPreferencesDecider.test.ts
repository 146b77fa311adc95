import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { NotificationSettingsInputSchema } from './notificationChannels.js';
import { DEFAULT_WEB_PUSH_EVENTS } from './notificationPreferences.js';
import { notificationPreferencesDecider } from './notificationPreferencesDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, at } from '../testing/fixtures.js';

const spec = deciderSpec(notificationPreferencesDecider);
const swing: UserEvent = { type: 'StrategyCreated', v: 1, data: { strategyId: 'swing', name: 'Swing', venue: 'live', at: at(1) } };
const withSwing = [...account, swing];
const saved = (data: Partial<Extract<UserEvent, { type: 'NotificationPreferencesUpdated' }>['data']>): UserEvent => ({
  type: 'NotificationPreferencesUpdated',
  v: 1,
  data: { webPush: { events: [...DEFAULT_WEB_PUSH_EVENTS] }, silenceAlarms: [], dailySummary: null, at: at(10), ...data },
});
const alarmed = saved({ silenceAlarms: [{ strategyId: 'swing', minutes: 30, since: at(10) }] });

describe('notificationPreferencesDecider (issue 30, point 3)', () => {
  it('given an account with a strategy, when the trader sets an alarm on it and a daily summary, then NotificationPreferencesUpdated holds both, counted from now, web push as before', () => {
    spec
      .given(withSwing)
      .when({
        type: 'SetNotificationPreferences',
        silenceAlarms: [{ strategyId: 'swing', minutes: 30 }],
        dailySummary: { time: '08:00', timeZone: 'Europe/Berlin' },
        at: at(10),
      })
      .then([
        saved({
          silenceAlarms: [{ strategyId: 'swing', minutes: 30, since: at(10) }],
          dailySummary: { time: '08:00', timeZone: 'Europe/Berlin', since: at(10) },
        }),
      ]);
  });

  it('given an alarm saved, when only web push events are saved, then the alarm is kept with its since; when the same alarm is saved again later, nothing is recorded', () => {
    spec
      .given([...withSwing, alarmed])
      .when({ type: 'SetNotificationPreferences', webPush: { events: ['alert.failed'] }, at: at(20) })
      .then([saved({ webPush: { events: ['alert.failed'] }, silenceAlarms: [{ strategyId: 'swing', minutes: 30, since: at(10) }], at: at(20) })]);
    spec
      .given([...withSwing, alarmed])
      .when({ type: 'SetNotificationPreferences', silenceAlarms: [{ strategyId: 'swing', minutes: 30 }], at: at(20) })
      .thenNothing();
  });

  it('given an alarm saved, when its minutes change, then it counts from the change', () => {
    spec
      .given([...withSwing, alarmed])
      .when({ type: 'SetNotificationPreferences', silenceAlarms: [{ strategyId: 'swing', minutes: 60 }], at: at(20) })
      .then([saved({ silenceAlarms: [{ strategyId: 'swing', minutes: 60, since: at(20) }], at: at(20) })]);
  });

  it("given an unknown, a deleted or another user's strategy id, when an alarm names it, then refused naming silenceAlarms.<i>.strategyId", () => {
    const deleted: UserEvent = { type: 'StrategyDeleted', v: 1, data: { strategyId: 'swing', at: at(5) } };
    spec
      .given([...withSwing, deleted])
      .when({
        type: 'SetNotificationPreferences',
        silenceAlarms: [
          { strategyId: 'main', minutes: 5 },
          { strategyId: 'swing', minutes: 5 },
        ],
        at: at(20),
      })
      .then({
        code: 'INVALID_NOTIFICATION_PREFERENCES',
        fieldErrors: [{ field: 'silenceAlarms.1.strategyId', message: 'No such strategy: it may have been deleted.' }],
      });
    spec
      .given(account)
      .when({ type: 'SetNotificationPreferences', silenceAlarms: [{ strategyId: 'someone-elses', minutes: 5 }], at: at(20) })
      .then({ code: 'INVALID_NOTIFICATION_PREFERENCES' });
    spec
      .given([])
      .when({ type: 'SetNotificationPreferences', at: at(20) })
      .then({ code: 'ACCOUNT_NOT_FOUND' });
  });

  it('given a silence noticed, when the same silence is recorded again, then nothing; when a later alert moved silentSince, then it is recorded again', () => {
    const noticed: UserEvent = { type: 'StrategySilenceNoticed', v: 1, data: { strategyId: 'swing', silentSince: at(10), at: at(100) } };
    spec
      .given([...withSwing, alarmed])
      .when({ type: 'RecordStrategySilence', strategyId: 'swing', silentSince: at(10), at: at(100) })
      .then([noticed]);
    spec
      .given([...withSwing, alarmed, noticed])
      .when({ type: 'RecordStrategySilence', strategyId: 'swing', silentSince: at(10), at: at(200) })
      .thenNothing();
    spec
      .given([...withSwing, alarmed, noticed])
      .when({ type: 'RecordStrategySilence', strategyId: 'swing', silentSince: at(150), at: at(300) })
      .then([{ type: 'StrategySilenceNoticed', v: 1, data: { strategyId: 'swing', silentSince: at(150), at: at(300) } }]);
    spec
      .given(withSwing)
      .when({ type: 'RecordStrategySilence', strategyId: 'swing', silentSince: at(10), at: at(100) })
      .thenNothing();
  });

  it('given a daily summary sent for a day, when that day is recorded again, then nothing; the next day is recorded', () => {
    const summary = saved({ dailySummary: { time: '08:00', timeZone: 'UTC', since: at(0) } });
    const sent: UserEvent = { type: 'DailySummarySent', v: 1, data: { day: '2025-10-02', at: at(1) } };
    spec
      .given([...account, summary])
      .when({ type: 'RecordDailySummary', day: '2025-10-02', at: at(1) })
      .then([sent]);
    spec
      .given([...account, summary, sent])
      .when({ type: 'RecordDailySummary', day: '2025-10-02', at: at(2) })
      .thenNothing();
    spec
      .given([...account, summary, sent])
      .when({ type: 'RecordDailySummary', day: '2025-10-03', at: at(3) })
      .then([{ type: 'DailySummarySent', v: 1, data: { day: '2025-10-03', at: at(3) } }]);
    spec
      .given(account)
      .when({ type: 'RecordDailySummary', day: '2025-10-02', at: at(1) })
      .thenNothing();
  });
});

describe('notification preferences input (issue 30, point 3)', () => {
  it('given minutes out of 5..10080, a bad time, an unknown zone and an unknown field, when parsed, then each is named', () => {
    const result = NotificationSettingsInputSchema.safeParse({
      channels: [],
      silenceAlarms: [
        { strategyId: 'main', minutes: 4 },
        { strategyId: 'main', minutes: 10_081 },
      ],
      dailySummary: { time: '24:00', timeZone: 'Mars/Olympus' },
      webPush: { events: ['summary.daily'] },
      extra: true,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.') || i.code).sort()).toEqual([
      'dailySummary.time',
      'dailySummary.timeZone',
      'silenceAlarms.0.minutes',
      'silenceAlarms.1.minutes',
      'unrecognized_keys',
    ]);
  });

  it('given only channels, when parsed, then the other parts stay undefined (kept), and null turns the summary off', () => {
    expect(NotificationSettingsInputSchema.parse({ channels: [] })).toEqual({ channels: [] });
    expect(NotificationSettingsInputSchema.parse({ channels: [], dailySummary: null }).dailySummary).toBeNull();
  });
});
