import { describe, expect, it } from 'vitest';
import { NotificationsViewSchema, SavedNotificationsSchema, TolerantNotificationsViewSchema, TolerantSavedNotificationsSchema } from './notifications.js';

const channel = { id: 'ch-tg', type: 'telegram', target: '-100777', events: ['alert.failed'], status: 'untested', lastDelivery: null } as const;
const answer = {
  channels: [channel],
  webPush: { events: ['alert.failed', 'order.executed'] },
  silenceAlarms: [{ strategyId: 'main', strategyName: 'Main', minutes: 60, silentSince: null }],
  dailySummary: { time: '18:00', timeZone: 'Europe/Berlin' },
  riskAlarms: { liquidationDistancePct: 10, marginUsagePct: null },
};

describe('the notification answers: one schema for the api and the PWA (issue 40, point 3)', () => {
  it('issue 40, point 3: given an answer as the api gives it, when parsed by the api schema and its tolerant reading, then both accept it unchanged', () => {
    expect(NotificationsViewSchema.parse(answer)).toEqual(answer);
    expect(TolerantNotificationsViewSchema.parse(answer)).toEqual(answer);
    const saved = { ...answer, channels: [{ ...channel, type: 'webhook', target: 'https://x.test', signingSecret: 'whsec_1' }] };
    expect(SavedNotificationsSchema.parse(saved)).toEqual(saved);
    expect(TolerantSavedNotificationsSchema.parse(saved)).toEqual(saved);
  });

  it('issue 40, point 3: given an event name this build does not know, then the api schema refuses it and the tolerant reading keeps it', () => {
    const newer = { ...answer, channels: [{ ...channel, events: ['alert.failed', 'later.event'] }], webPush: { events: ['later.event'] } };
    expect(NotificationsViewSchema.safeParse(newer).success).toBe(false);
    expect(TolerantNotificationsViewSchema.parse(newer)).toEqual(newer);
  });

  it('issue 40, point 3: given an answer of the channels alone, then only the tolerant reading accepts it', () => {
    const older = { channels: [channel] };
    expect(NotificationsViewSchema.safeParse(older).success).toBe(false);
    expect(TolerantNotificationsViewSchema.parse(older)).toEqual(older);
  });
});
