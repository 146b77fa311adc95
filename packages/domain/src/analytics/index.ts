/** Analytics (issue 43): round trips from a strategy's fills, and the figures traders compare strategies by. */
export * from './analyticsSchemas.js';
export * from './roundTrips.js';
export * from './tradeSummary.js';
export * from './markedEquity.js';
export * from './executionQuality.js';
export * from './strategyAnalytics.js';
export * from './backtest/index.js';
