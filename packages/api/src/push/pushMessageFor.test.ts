import type { ParsedAlert } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { executedMessage, failedMessage, keysDeletedMessage, logUrl, testMessage } from './pushMessageFor.js';

const buy: ParsedAlert = { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market' };
const SIGNAL_ID = '0190f3a2-7c1e-7d4b-9a55-2f1c3b4d5e6f';

describe('push messages', () => {
  it('CARD-29: given an executed signal, when building its notification, then a tap opens that signal\'s row of the logs (its id is the webhook log id)', () => {
    expect(executedMessage(SIGNAL_ID, buy, '97000.5')).toEqual({
      title: 'BUY BTC executed',
      body: 'Filled at $97000.5.',
      tag: `signal-${SIGNAL_ID}`,
      url: `/dashboard?tab=logs&log=${SIGNAL_ID}`,
    });
  });

  it('CARD-29: given a failed signal that never parsed, when building its notification, then it names the reason and opens the row too', () => {
    expect(failedMessage(SIGNAL_ID, null, 'No API keys configured')).toEqual({
      title: 'Signal failed',
      body: 'No API keys configured',
      tag: `signal-${SIGNAL_ID}`,
      url: `/dashboard?tab=logs&log=${SIGNAL_ID}`,
    });
  });

  it('given an id with characters a query string gives meaning to, when building the url, then they are escaped', () => {
    expect(logUrl('a&b=c d')).toBe('/dashboard?tab=logs&log=a%26b%3Dc%20d');
  });

  it('given deleted keys and a test, when building their notifications, then they open the Keys and Settings tabs', () => {
    expect(keysDeletedMessage().url).toBe('/dashboard?tab=keys');
    expect(testMessage()).toEqual({
      title: 'hyperhook test notification',
      body: 'Notifications are working. You will hear about executed and failed alerts here.',
      tag: 'test',
      url: '/dashboard?tab=settings',
    });
  });
});
