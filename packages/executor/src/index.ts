/**
 * @hyperhook/executor — turns recorded signals into Hyperliquid orders, exactly once per signal,
 * each user's signals in arrival order, and records every step and outcome as events.
 */
export { startExecutor, type Executor, type ExecutorOptions } from './startExecutor.js';
export type { ExecutorHooks } from './executorContext.js';
export { jsonLineLog, silentLog, type ExecutorLog, type ExecutorLogEntry } from './executorLog.js';
export { ReservingNonceManager } from './reservingNonceManager.js';
export { checkpointNameFor, ownsUser, parsePartition, userHash, validatePartition, type Partition } from './partition.js';
export { NO_KEYS_MESSAGE } from './processSignal.js';
export { loadUserProfile, type StoredCredentials, type UserProfile } from './loadUserProfile.js';
export { snapshotEvents } from './snapshotEvents.js';
export { planAlert, readPlanMarket, type PlanAlertInput, type PlanAlertResult, type PlanMarket, type PlanMarketReads } from './planAlert.js';
