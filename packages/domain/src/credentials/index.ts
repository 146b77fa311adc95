/** The API-wallet credentials: saving and deleting them, and the key summary read model. */
export * from './credentialsEvents.js';
export * from './credentialsInput.js';
export * from './credentialsDecider.js';
export * from './storedCredentials.js';
export * from './keySummaryProjection.js';
export * from './credentialsRecord.js';
export * from './keySummaryQuery.js';
export * from './keySummaryLive.js';
export * from './keySummaryLiveShape.js';
export * from './hyperliquidApp.js';
