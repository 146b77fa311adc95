import { describe, expect, it } from 'vitest';
import { notificationFromPush } from './notificationFromPush';
import { vapidKeyBytes } from './pushApi';

describe('notificationFromPush (what the service worker shows)', () => {
  it("CARD-28: given the api's push payload, then its title, body, tag and the log's URL", () => {
    expect(
      notificationFromPush(JSON.stringify({ title: 'BUY BTC executed', body: 'Filled at $65000.', tag: 'signal-1', url: '/dashboard?tab=logs&log=1' })),
    ).toEqual({
      title: 'BUY BTC executed',
      body: 'Filled at $65000.',
      tag: 'signal-1',
      url: '/dashboard?tab=logs&log=1',
    });
  });

  it('given an unreadable or empty payload, then still a notification (browsers penalise silent pushes)', () => {
    expect(notificationFromPush(null).title).toBe('hyperhook');
    expect(notificationFromPush('plain words')).toMatchObject({ title: 'hyperhook', body: 'plain words' });
  });

  it('given a URL to another site, then it is replaced by the dashboard: a push can never send the user elsewhere', () => {
    expect(notificationFromPush(JSON.stringify({ title: 't', url: 'https://evil.example/x' })).url).toBe('/dashboard?tab=logs');
    expect(notificationFromPush(JSON.stringify({ title: 't', url: '//evil.example/x' })).url).toBe('/dashboard?tab=logs');
  });

  it('given a VAPID key in base64url, then its bytes', () => {
    expect([...vapidKeyBytes('AQID_w')]).toEqual([1, 2, 3, 255]);
  });
});
