import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../eventModel/userStreamEvents.js';
import { maskedTarget, NotificationSettingsInputSchema, type StoredNotificationChannel } from './notificationChannels.js';
import { notificationChannelsDecider } from './notificationChannelsDecider.js';
import { deciderSpec } from '../testing/deciderSpec.js';
import { account, at, sealed } from '../testing/fixtures.js';

const spec = deciderSpec(notificationChannelsDecider);
const telegram: StoredNotificationChannel = { id: 'ch-1', type: 'telegram', target: '-100123', sealedBotToken: sealed('nt-1'), events: ['alert.failed'] };
const hook: StoredNotificationChannel = {
  id: 'ch-2',
  type: 'webhook',
  target: 'https://hooks.example.com/…',
  sealedUrl: sealed('nt-2'),
  sealedSigningSecret: sealed('nt-3'),
  events: ['order.executed'],
};
const updated: UserEvent = { type: 'NotificationChannelsUpdated', v: 1, data: { channels: [telegram, hook], at: at(10) } };

describe('notificationChannelsDecider (issue 30, point 2)', () => {
  it('given an account, when the trader sets a Telegram and a webhook channel, then NotificationChannelsUpdated holds both, secrets sealed', () => {
    spec
      .given(account)
      .when({ type: 'SetNotificationChannels', channels: [telegram, hook], at: at(10) })
      .then([updated]);
  });

  it('given the same channels saved, when saved again, then nothing is recorded', () => {
    spec
      .given([...account, updated])
      .when({ type: 'SetNotificationChannels', channels: [{ ...telegram }, { ...hook }], at: at(20) })
      .thenNothing();
  });

  it('given channels saved, when the trader saves none, then the empty set is recorded', () => {
    spec
      .given([...account, updated])
      .when({ type: 'SetNotificationChannels', channels: [], at: at(20) })
      .then([{ type: 'NotificationChannelsUpdated', v: 1, data: { channels: [], at: at(20) } }]);
  });

  it('given two channels with one id or no account, when saved, then refused', () => {
    spec
      .given(account)
      .when({ type: 'SetNotificationChannels', channels: [telegram, { ...hook, id: 'ch-1' }], at: at(10) })
      .then({ code: 'INVALID_NOTIFICATION_CHANNELS' });
    spec
      .given([])
      .when({ type: 'SetNotificationChannels', channels: [], at: at(10) })
      .then({ code: 'ACCOUNT_NOT_FOUND' });
  });
});

describe('notification settings input (issue 30, point 2)', () => {
  it('given a bad bot token, chat id, URL or event, when parsed, then each field is named', () => {
    const result = NotificationSettingsInputSchema.safeParse({
      channels: [
        { type: 'telegram', botToken: 'nope', chatId: 'x y' },
        { type: 'discord', url: 'ftp://discord.com/x' },
      ],
      events: ['order.exploded'],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['channels.0.botToken', 'channels.0.chatId', 'channels.1.url', 'events.0']);
  });

  it('given a Discord webhook URL, when masked, then its token never shows; a webhook keeps only its origin', () => {
    expect(maskedTarget('discord', 'https://discord.com/api/webhooks/123456/SECRET-token')).toBe('https://discord.com/api/webhooks/123456/…');
    expect(maskedTarget('webhook', 'https://hooks.example.com/in/abc?token=SECRET')).toBe('https://hooks.example.com/…');
    expect(maskedTarget('webhook', 'https://hooks.example.com')).toBe('https://hooks.example.com');
  });
});
