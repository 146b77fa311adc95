/**
 * @hyperhook/executor — turns recorded signals into Hyperliquid orders, exactly once per signal,
 * each user's signals in arrival order, and records every step and outcome as events. Exported:
 * the executor, and the planning and profile reads the api's order preview shares with it.
 */
export { startExecutor, type Executor, type ExecutorOptions } from './startExecutor.js';
export { silentLog } from './executorLog.js';
export { ReservingNonceManager } from './reservingNonceManager.js';
export { parsePartition, type Partition } from './partition.js';
export { NO_KEYS_MESSAGE, tradingPausedMessage } from './processSignal.js';
export { loadUserProfile } from './loadUserProfile.js';
export { snapshotEvents } from './snapshotEvents.js';
export { planAlert, readPlanMarket, type PlanMarket } from './planAlert.js';
