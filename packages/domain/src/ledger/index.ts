export * from './strategyLedger.js';
export * from './evolveLedger.js';
export * from './driftRule.js';
export * from './ledgerEvents.js';
