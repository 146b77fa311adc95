import {
  DEFAULT_SETTINGS,
  type AnalyticsAnswer,
  NO_CREDENTIALS_RECORD,
  type CredentialsRecord,
  type PositionView,
  type Settings,
  type StrategyView,
  type WebhookLogView,
} from '@hyperhook/domain';

/** A signed-in test user's session (tokens are opaque to the client, except their `exp`). */
export function testSession(email = 'trader@example.com') {
  // A fixed expiry far ahead: the same session text on every call (a clock-derived one changed
  // when two calls straddled a second, and tests comparing tokens failed now and then).
  const exp = 4_102_444_800;
  const payload = btoa(JSON.stringify({ sub: 'user-1', email, exp })).replace(/=+$/, '');
  return { token: `header.${payload}.signature`, refreshToken: `refresh.${payload}.signature`, user: { uid: 'user-1', email } };
}

/** Keys as GET /api/keys answers them. */
export const configuredKeys: CredentialsRecord = {
  configured: true,
  accountAddress: '0x1111111111111111111111111111111111111111',
  apiWalletAddress: '0x2222222222222222222222222222222222222222',
  isTestnet: true,
  lastUsed: '2026-11-24T10:00:00.000Z',
  validUntil: null,
  approval: 'confirmed',
  approvalMessage: null,
};

export const noKeys: CredentialsRecord = NO_CREDENTIALS_RECORD;

export const defaultSettings: Settings = structuredClone(DEFAULT_SETTINGS) as Settings;

/** A webhook log received `agoMs` before now. */
export function logView(overrides: Partial<WebhookLogView> & { agoMs?: number } = {}): WebhookLogView {
  const { agoMs = 60_000, ...rest } = overrides;
  const createdAt = new Date(Date.now() - agoMs).toISOString();
  return {
    webhookLogId: `log-${Math.random().toString(36).slice(2, 10)}`,
    payload: { symbol: 'BTCUSDT', action: 'buy', size: 100 },
    status: 'received',
    createdAt,
    stages: { received: createdAt, validated: null, sized: null, signed: null, sent: null, acknowledged: null, filled: null },
    duplicates: 0,
    strategyId: 'main',
    strategyName: 'Main',
    ...rest,
  };
}

/** A position as GET /api/positions answers it. */
export function positionView(overrides: Partial<PositionView> = {}): PositionView {
  return {
    positionId: 'BTC-long-1',
    userId: 'user-1',
    symbol: 'BTC',
    side: 'long',
    size: 0.01,
    entryPrice: 60_000,
    currentPrice: 61_000,
    unrealizedPnl: 10,
    realizedPnl: 0,
    leverage: 3,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** A strategy as GET /api/strategies answers it; by default the first one, "Main", trading. */
export function strategyView(overrides: Partial<StrategyView> = {}): StrategyView {
  const id = overrides.id ?? 'main';
  return {
    id,
    name: 'Main',
    webhookUrl: `http://localhost:3000/hook/${id}-secret`,
    paused: false,
    pausedSince: null,
    venue: 'live',
    paper: null,
    settings: structuredClone(DEFAULT_SETTINGS) as Settings,
    first: id === 'main',
    subAccount: null,
    guards: {},
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

/** `GET /api/analytics` before any trade (issue 43). */
export const emptyAnalytics: AnalyticsAnswer = {
  summary: {
    trades: 0,
    wins: 0,
    losses: 0,
    winRate: null,
    netPnl: '0',
    grossPnl: '0',
    fees: '0',
    funding: '0',
    profitFactor: null,
    averageWin: null,
    averageLoss: null,
    expectancy: null,
    largestWin: null,
    largestLoss: null,
    maxDrawdown: '0',
    maxDrawdownWithOpen: '0',
  },
  trades: [],
  equityCurve: [],
};
