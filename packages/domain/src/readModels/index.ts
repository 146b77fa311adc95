/**
 * The read models, one folder each as Emmett keeps them: the projection that builds it from the
 * log, the client's view schema, and the query the api and the live channel read it with.
 */
export * from './readModel.js';
export * from './readModelReader.js';
export * from './normaliseTimestamp.js';
export * from './webhookLogs/webhookLogsProjection.js';
export * from './webhookLogs/webhookLogView.js';
export * from './webhookLogs/webhookLogsQuery.js';
export * from './positions/positionsProjection.js';
export * from './positions/positionView.js';
export * from './positions/positionsQuery.js';
export * from './balances/balancesProjection.js';
export * from './balances/balanceView.js';
export * from './balances/balanceQuery.js';
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
export * from './allProjections.js';
