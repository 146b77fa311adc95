import type { SignalReceived } from '@hyperhook/domain';
import { describe, expect, it } from 'vitest';
import { noticeFor } from '../notifications/noticeFor.js';
import { keysDeletedMessage, logUrl, noticeMessage, testMessage } from './pushMessageFor.js';

const SIGNAL_ID = '0190f3a2-7c1e-7d4b-9a55-2f1c3b4d5e6f';
const AT = '2026-01-01T00:00:00.000Z';
const received: SignalReceived['data'] = {
  signalId: SIGNAL_ID,
  userId: 'u-1',
  receivedAt: AT,
  rawBody: '{}',
  alert: { symbol: 'BTCUSDT', coin: 'BTC', action: 'buy', orderType: 'market' },
  rejection: null,
  strategyId: 'swing',
  strategyName: 'Swing',
};

describe('push messages', () => {
  it("CARD-29, issue 30 point 3: given an executed signal, when building its notification, then it names the strategy and a tap opens that signal's row of the logs", () => {
    const notice = noticeFor('', received, { type: 'SignalExecuted', avgPx: '97000.5' }, AT);
    expect(noticeMessage(notice)).toEqual({
      title: 'BUY BTC executed',
      body: 'Swing: Filled at $97000.5',
      tag: `signal-${SIGNAL_ID}`,
      url: `/dashboard?tab=logs&log=${SIGNAL_ID}`,
    });
    expect(noticeMessage(noticeFor('', received, { type: 'SignalExecuted' }, AT)).body).toBe('Swing: The order was accepted by Hyperliquid.');
  });

  it('CARD-29: given a failed signal that never parsed, when building its notification, then it names the reason and opens the row too', () => {
    const notice = noticeFor(
      '',
      { ...received, alert: null, rejection: { code: 'INVALID_JSON', message: 'Invalid JSON' }, strategyId: undefined, strategyName: undefined },
      { type: 'SignalFailed', reason: 'No API keys configured' },
      AT,
    );
    expect(noticeMessage(notice)).toEqual({
      title: 'Alert failed',
      body: 'Main: No API keys configured',
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
