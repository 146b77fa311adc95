/**
 * @hyperhook/executor — turns recorded signals into Hyperliquid orders, exactly once per signal,
 * each user's signals in arrival order, and records every step and outcome as events. What the
 * api shares with it (profiles, planning, snapshot events) lives in @hyperhook/trading.
 */
export { startExecutor, type Executor, type ExecutorOptions } from './startExecutor.js';
export { silentLog } from './executorLog.js';
export { ReservingNonceManager } from './reservingNonceManager.js';
export { parsePartition, type Partition } from './partition.js';
