/**
 * Hyperliquid exchange client: reads for the main account, orders and leverage signed by the API
 * wallet (on @nktkas/hyperliquid 0.32.2 + viem), every answer mapped to a typed outcome. Only what
 * other packages use is exported; the rest is the client's own business.
 */
export { HyperliquidClient } from './hyperliquidClient.js';
export type { AccountRef, ActionBudget, ReadLane, ReadPriority, SignerRef } from './hyperliquidClient.js';
export { cloidForSignal } from './cloid.js';
export { NonceManager } from './nonceManager.js';
export { DEFAULT_BACKOFF, backoffDelayMs, type BackoffPolicy } from './backoff.js';
export type { ChildOrderStatus, ExchangeOutcome, FailedOutcome } from './exchangeOutcome.js';
export type { AccountMode, AccountSnapshot } from './accountState.js';
export type { PerpAsset } from './metaCache.js';
export { HyperliquidReadError } from './readError.js';
export { unknownCoinMessage } from './unknownCoinMessage.js';
export type { AgentKeyCheck, VerifyAgentKeyInput } from './verifyAgentKey.js';
export { createMeterMemory, type PriorityWaits, REQUEST_PRIORITIES, type RequestPriority, secondsToWait, WeightMeter, type WeightMeterStats } from './weightMeter.js';
export type { MidsFeedStats } from './midsFeed.js';
export type { SubAccount } from './subAccounts.js';
export type { BatchOutcome } from './batchStatuses.js';
export type { TriggerGrouping, TriggerOrderToPlace } from './triggerWire.js';
export type { PlaceTriggerOrdersResult, TriggerOrderStatus } from './placeTriggerOrders.js';
export type { CancelByCloid, CancelByOid, CancelOrdersResult, CancelStatus } from './cancelOrders.js';
export type { OpenOrder } from './openOrders.js';
