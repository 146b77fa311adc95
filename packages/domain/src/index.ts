/**
 * @hyperhook/domain — pure domain code: no I/O, no clocks, no randomness.
 * Time and ids come in through commands and events.
 * Organised by feature, each folder with its events, decider and read models; `eventModel/`,
 * `readModels/` and `shared/` hold what every feature builds on.
 */
export * from './shared/index.js';
export * from './eventModel/index.js';
export * from './readModels/index.js';
export * from './exchange/index.js';
export * from './settings/index.js';
export * from './alert/index.js';
export * from './sizing/index.js';
export * from './strategies/index.js';
export * from './user/index.js';
export * from './credentials/index.js';
export * from './referral/index.js';
export * from './notifications/index.js';
export * from './tradingSwitch/index.js';
export * from './signal/index.js';
export * from './account/index.js';
export * from './paper/index.js';
export * from './ledger/index.js';
export * from './protection/index.js';
export * from './guards/index.js';
export * from './analytics/index.js';
export * from './views/index.js';
export * from './history/redactEvent.js';
export * from './history/describeEvent.js';
