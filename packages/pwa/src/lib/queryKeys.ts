/**
 * Query keys of the server state, in one place: the features' queries and the live updater
 * (features/live) must name the same cache entries.
 */
export const queryKeys = {
  webhookUrl: ['webhookUrl'],
  keys: ['keys'],
  settings: ['settings'],
  balance: ['balance'],
  positions: ['positions'],
  webhookLogs: ['webhookLogs'],
  referral: ['referral'],
  market: (coin: string) => ['market', coin] as const,
  exchangeBudget: ['exchangeBudget'],
  trading: ['trading'],
  strategies: ['strategies'],
  pushPublicKey: ['push', 'vapidPublicKey'],
  /** Notification channels and choices (issue 30); the deliveries sit under it, refreshed with it. */
  notifications: ['notifications'],
  notificationDeliveries: ['notifications', 'deliveries'],
} as const;
