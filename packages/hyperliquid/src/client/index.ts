/**
 * Hyperliquid exchange client: reads for the main account, orders and leverage signed by the API
 * wallet (on @nktkas/hyperliquid 0.32.2 + viem), every answer mapped to a typed outcome. Only what
 * other packages use is exported; the rest is the client's own business.
 */
export { HyperliquidClient } from './hyperliquidClient.js';
export type { AccountRef, ActionBudget, ReadLane, ReadPriority, SignerRef } from './hyperliquidClient.js';
export { cloidForSignal, ladderCloids } from './cloid.js';
export { NonceManager } from './nonceManager.js';
export { DEFAULT_BACKOFF, backoffDelayMs, type BackoffPolicy } from './backoff.js';
export { rejected, type ChildOrderStatus, type ExchangeOutcome, type FailedOutcome } from './exchangeOutcome.js';
// The paper venue (@hyperhook/trading) takes orders and answers in the client's own terms.
export { buildWireOrder, type OrderToPlace } from './orderWire.js';
export { outcomeFromResponse } from './toExchangeOutcome.js';
export { toAccountSnapshot, type AccountMode, type AccountSnapshot } from './accountState.js';
export type { PerpAsset } from './metaCache.js';
export type { FundingRate } from './fundingRates.js';
export { HyperliquidReadError } from './readError.js';
export { unknownCoinMessage } from './unknownCoinMessage.js';
export type { AgentCheckOptions, AgentKeyCheck, VerifyAgentKeyInput } from './verifyAgentKey.js';
export {
  createMeterMemory,
  PRIORITY_SHARE,
  type PriorityWaits,
  REQUEST_PRIORITIES,
  type RequestPriority,
  secondsToWait,
  WeightMeter,
  type WeightMeterStats,
} from './weightMeter.js';
export type { MidsFeedStats } from './midsFeed.js';
export type { SubAccount } from './subAccounts.js';
export { USER_FUNDING_PAGE, type UserFunding } from './userFunding.js';
export type { BatchOutcome } from './batchStatuses.js';
export type { TriggerGrouping, TriggerOrderToPlace } from './triggerWire.js';
export type { PlaceTriggerOrdersResult, TriggerOrderStatus } from './placeTriggerOrders.js';
export type { CancelByCloid, CancelByOid, CancelOrdersResult, CancelStatus } from './cancelOrders.js';
export type { ModifyOrdersResult, ModifyStatus, ModifyTarget, OrderModification } from './modifyOrders.js';
export type { OpenOrder } from './openOrders.js';
export { ladderOutcome, type LadderLegStatus, type PlaceLadderResult } from './placeLadder.js';
