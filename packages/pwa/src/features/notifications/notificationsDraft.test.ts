import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/apiError';
import { bodyOf, draftFrom, isDirty, refusalOf } from './notificationsDraft';
import { channelView } from './notifications.fixtures';

describe('the Notifications draft (issue 30, point 4)', () => {
  it('issue 30, point 4: given saved channels, then the draft keeps no secret and the body names them by id without one', () => {
    const draft = draftFrom({ channels: [channelView(), channelView({ id: 'ch-wh', type: 'webhook', target: 'https://x.test/…' })] });
    expect(bodyOf(draft).body).toEqual({
      channels: [
        { type: 'telegram', id: 'ch-tg', chatId: '-100777', events: ['alert.failed', 'alert.rejected'] },
        { type: 'webhook', id: 'ch-wh', events: ['alert.failed', 'alert.rejected'] },
      ],
    });
  });

  it('issue 30, point 4: given an alarm of a strategy deleted since, then the body leaves it out and the alarms are indexed by strategy', () => {
    const draft = draftFrom({
      channels: [],
      silenceAlarms: [
        { strategyId: 'gone', strategyName: 'Gone', minutes: 30, silentSince: null },
        { strategyId: 'main', strategyName: 'Main', minutes: 60, silentSince: null },
      ],
      webPush: { events: [] },
      dailySummary: null,
    });
    const { body, alarmIds } = bodyOf(draft, ['main']);
    expect(body.silenceAlarms).toEqual([{ strategyId: 'main', minutes: 60 }]);
    expect(alarmIds).toEqual(['main']);
    expect(body.dailySummary).toBeNull();
  });

  it('issue 30, point 4: given a secret typed into a saved channel, then the draft is dirty', () => {
    const saved = draftFrom({ channels: [channelView()] });
    const [tg] = saved.channels;
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty({ ...saved, channels: [{ ...tg!, botToken: '1:x' }] }, saved)).toBe(true);
  });

  it('issue 30, point 4: given a 400 with fieldErrors or a schema message, then each refusal lands on its field (an alarm on its strategy)', () => {
    const listed = new ApiError('x', 400, 'x', {
      fieldErrors: [
        { field: 'channels.1.url', message: 'Refused' },
        { field: 'silenceAlarms.0.minutes', message: 'Too small' },
      ],
    });
    expect(refusalOf(listed, ['st_eth'])).toEqual({ fields: { 'channels.1.url': 'Refused', 'silence.st_eth': 'Too small' }, message: null });
    const schema = new ApiError(
      'Invalid body: channels.0.botToken: Expected a bot token; dailySummary.time: Invalid',
      400,
      'Invalid body: channels.0.botToken: Expected a bot token; dailySummary.time: Invalid',
    );
    expect(refusalOf(schema, []).fields).toEqual({ 'channels.0.botToken': 'Expected a bot token', 'dailySummary.time': 'Invalid' });
    expect(refusalOf(new ApiError('Too many requests', 429, 'Too many requests'), [])).toEqual({ fields: {}, message: 'Too many requests' });
  });
});
