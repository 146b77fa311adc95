/**
 * Hyperliquid exchange client: reads for the main account, orders and leverage signed by the API
 * wallet (on @nktkas/hyperliquid 0.32.2 + viem), every answer mapped to a typed outcome.
 */
export { HyperliquidClient } from './hyperliquidClient.js';
export type {
  AccountRef,
  Bracket,
  CloseRequest,
  HyperliquidClientConfig,
  LimitOrderRequest,
  MarketOrderRequest,
  SignerRef,
} from './hyperliquidClient.js';
export { DEFAULT_MAINNET_API_URL, DEFAULT_TESTNET_API_URL, resolveEndpoints, apiUrlFor, type HyperliquidEndpoints } from './endpoints.js';
export { CLOID_NAMESPACE, cloidForSignal, isCloid } from './cloid.js';
export { NonceManager } from './nonceManager.js';
export { DEFAULT_BACKOFF, backoffDelayMs, type BackoffPolicy } from './backoff.js';
export {
  ChildOrderStatusSchema,
  ExchangeOutcomeSchema,
  OutcomeReasonSchema,
  OutcomeStageSchema,
  isFailedOutcome,
  type ChildOrderStatus,
  type ExchangeOutcome,
  type FailedOutcome,
  type OutcomeReason,
} from './exchangeOutcome.js';
export { outcomeFromError, outcomeFromResponse, type OrderExpectation } from './toExchangeOutcome.js';
export type { OrderToPlace, TriggerChild } from './orderWire.js';
export type { PlaceOrderResult } from './placeOrder.js';
export type { LeverageSetting, LeverageStep } from './leverage.js';
export type { ReconcileResult } from './reconcile.js';
export type { AccountMode, AccountSnapshot, BalanceSnapshot, PositionSnapshot } from './accountState.js';
export type { PerpAsset } from './metaCache.js';
export { HyperliquidReadError } from './readError.js';
export { unknownCoinMessage } from './unknownCoinMessage.js';
export {
  AgentKeyCheckSchema,
  AgentKeyProblemSchema,
  verifyAgentKey,
  type AgentKeyCheck,
  type AgentKeyLookups,
  type VerifyAgentKeyInput,
} from './verifyAgentKey.js';
export { InvalidPrivateKeyError } from './signerAccount.js';
export { RetryingTransport, type RetryingTransportOptions } from './retryingTransport.js';
export { SIGNATURE_CHAIN_ID } from './exchangeClientFactory.js';
