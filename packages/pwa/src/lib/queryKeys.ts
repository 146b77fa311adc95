/**
 * Query keys of the server state, in one place: the features' queries and the live updater
 * (features/live) must name the same cache entries.
 */
export const queryKeys = {
  webhookUrl: ['webhookUrl'],
  keys: ['keys'],
  settings: ['settings'],
  /** The account's daily loss limit (issue 42). */
  accountGuards: ['accountGuards'],
  balance: ['balance'],
  positions: ['positions'],
  /**
   * What each strategy holds of the account (issue 39): read again whenever the account's positions
   * or the strategies' ledger change (both pushed live).
   */
  strategyPositions: ['strategyPositions'],
  strategyOwnPositions: (strategyId: string) => ['strategyPositions', 'own', strategyId] as const,
  positionBreakdown: ['strategyPositions', 'breakdown'],
  /** The stops and targets live for one strategy (or, `all`, every strategy): they move with its fills too. */
  protectiveOrders: (strategyId: string | null) => ['strategyPositions', 'protection', strategyId ?? 'all'] as const,
  webhookLogs: ['webhookLogs'],
  /** Alerts counted past the logging ceiling (issue 32): read with the logs, never pushed. */
  alertRefusals: ['alertRefusals'],
  referral: ['referral'],
  market: (coin: string) => ['market', coin] as const,
  exchangeBudget: ['exchangeBudget'],
  trading: ['trading'],
  strategies: ['strategies'],
  /** A paper strategy's own account (issue 30): not pushed live, so both entries are read again together. */
  paper: (strategyId: string) => ['paper', strategyId] as const,
  paperPositions: (strategyId: string) => ['paper', strategyId, 'positions'] as const,
  paperBalance: (strategyId: string) => ['paper', strategyId, 'balance'] as const,
  paperProtection: (strategyId: string) => ['paper', strategyId, 'protection'] as const,
  paperOrders: (strategyId: string) => ['paper', strategyId, 'orders'] as const,
  pushPublicKey: ['push', 'vapidPublicKey'],
  /** Notification channels and choices (issue 30); the deliveries sit under it, refreshed with it. */
  notifications: ['notifications'],
  notificationDeliveries: ['notifications', 'deliveries'],
  /** Closed trades and their figures (issue 43): computed by the api when asked, never pushed. */
  analytics: ['analytics'],
  analyticsOf: (venue: 'live' | 'paper', strategyId: string | null) => ['analytics', venue, strategyId ?? 'all'] as const,
  /** A strategy's backtest uploads (issue 43, point 2): listed when its Performance view shows. */
  backtestsOf: (strategyId: string) => ['backtests', strategyId] as const,
} as const;
