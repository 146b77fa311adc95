import { DEFAULT_SETTINGS, EMPTY_REFERRAL, type HistoryEvent, type HistoryPage, type HistoryState, type Settings } from '@hyperhook/domain';
import { http } from 'msw';
import { logView, positionView } from '../../test/fixtures';
import { ok, server } from '../../test/server';

/** A hash that looks like the chain's: 64 hex digits made from the position. */
export const hashAt = (position: number) => position.toString(16).padStart(64, 'a');

/** One event of `GET /api/history`, an executed alert's by default. */
export function historyEvent(overrides: Partial<HistoryEvent> = {}): HistoryEvent {
  const position = overrides.position ?? 10;
  return {
    title: 'Order executed on Hyperliquid',
    detail: 'BTC buy 0.001 filled at $97,000',
    category: 'order',
    position,
    type: 'SignalExecuted',
    stream: 'signal-sig-1',
    version: 3,
    recordedAt: '2026-11-28T12:00:00.000Z',
    strategyId: 'main',
    data: { signalId: 'sig-1', oid: 77, avgPx: '97000', totalSz: '0.001' },
    hash: hashAt(position),
    ...overrides,
  };
}

/** `count` events, newest first, from position `newest` down, a minute apart. */
export function historyEvents(count: number, newest = count): HistoryEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const position = newest - i;
    return historyEvent({ position, title: `Event number ${position}`, recordedAt: new Date(Date.UTC(2026, 10, 28, 12, 0) - i * 60_000).toISOString() });
  });
}

/** The account as of a moment, with one position and two log rows. */
export function historyState(overrides: Partial<HistoryState> = {}): HistoryState {
  return {
    asOf: '2026-11-28T12:05:59.999Z',
    position: 42,
    events: 17,
    webhookLogs: [
      logView({ webhookLogId: 'sig-1', status: 'executed', payload: { symbol: 'BTCUSDT', action: 'buy' } }),
      logView({ webhookLogId: 'sig-2', status: 'failed', payload: { symbol: 'ETHUSDT', action: 'sell' } }),
    ],
    positions: [positionView({ positionId: 'BTC-long-1', symbol: 'BTC', side: 'long', size: 0.001, entryPrice: 97000 })],
    balance: null,
    settings: structuredClone(DEFAULT_SETTINGS) as Settings,
    keys: {
      configured: true,
      accountAddress: '0x1234567890abcdef1234567890abcdef12345678',
      apiWalletAddress: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd',
      isTestnet: true,
      lastUsed: null,
      validUntil: null,
      approval: 'confirmed',
      approvalMessage: null,
    },
    referral: { ...EMPTY_REFERRAL },
    protectiveOrders: [],
    ...overrides,
  };
}

/**
 * The history api as the History view sees it: `pages(query)` answers each `GET /api/history`
 * (by its query string); every request's query is kept in `asked`, in order.
 */
export function historyNetwork(pages: (query: URLSearchParams) => HistoryPage) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/history', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return ok(pages(query));
    }),
  );
  return { asked };
}
