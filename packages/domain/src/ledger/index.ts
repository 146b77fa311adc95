/** The strategy ledger: what each strategy holds on the account, drift, and the strategy-positions read model. */
export * from './strategyLedger.js';
export * from './evolveLedger.js';
export * from './driftRule.js';
export * from './ledgerEvents.js';
export * from './strategyPositionsProjection.js';
export * from './strategyPositionsQuery.js';
export * from './strategyPositionsLive.js';
export * from './strategyPositionsLiveShape.js';
export * from './strategyActivity.js';
export * from './fundingShares.js';
