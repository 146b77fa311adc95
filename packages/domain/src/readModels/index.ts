/**
 * The read models, one folder each as Emmett keeps them: the projection that builds it from the
 * log, the client's view schema, the query the api reads it with, and (for what clients see live)
 * its `<name>Live.ts`: the one collection → client view mapping the live channel uses.
 */
export * from './readModel.js';
export * from './readModelReader.js';
export * from './inMemoryReader.js';
export * from './normaliseTimestamp.js';
export * from './webhookLogs/webhookLogsProjection.js';
export * from './webhookLogs/webhookLogView.js';
export * from './webhookLogs/webhookLogsQuery.js';
export * from './positions/positionsProjection.js';
export * from './positions/positionView.js';
export * from './positions/positionsQuery.js';
export * from './strategyPositions/strategyPositionsProjection.js';
export * from './strategyPositions/strategyPositionsQuery.js';
export * from './strategyPositions/strategyPositionsLive.js';
export * from './balances/balancesProjection.js';
export * from './balances/balanceView.js';
export * from './balances/balanceQuery.js';
export * from './paperAccounts/paperAccountsProjection.js';
export * from './paperAccounts/paperAccountQuery.js';
export * from './settings/settingsProjection.js';
export * from './settings/settingsQuery.js';
export * from './keySummary/keySummaryProjection.js';
export * from './keySummary/credentialsRecord.js';
export * from './keySummary/keySummaryQuery.js';
export * from './referral/referralProjection.js';
export * from './referral/referralInfo.js';
export * from './referral/referralQuery.js';
export * from './webhookRoutes/webhookRoutesProjection.js';
export * from './webhookAccess/webhookAccessProjection.js';
export * from './webhookAccess/webhookAccessQuery.js';
export * from './alertRefusals/alertRefusalsProjection.js';
export * from './alertRefusals/alertRefusalsView.js';
export * from './alertRefusals/alertRefusalsQuery.js';
export * from './allProjections.js';
export * from './liveReadModel.js';
export * from './webhookLogs/webhookLogsLive.js';
export * from './positions/positionsLive.js';
export * from './balances/balancesLive.js';
export * from './settings/settingsLive.js';
export * from './keySummary/keySummaryLive.js';
export * from './referral/referralLive.js';
export * from './liveMessages.js';
