/**
 * @hyperhook/trading — what the api and the executor must agree on about a trader, so an order
 * preview, a sync and the executor cannot disagree: the profile folded from the user stream
 * (credentials, settings, the kill switch, strategies), planning an alert on a read market, the events of an
 * account snapshot, a paper strategy's account opened from the log and traded on the paper venue
 * (the venue engine's, in process), and the sentences of the refusals they share.
 */
export { createUserProfiles, loadUserProfile, type StoredCredentials, type UserProfile, type UserProfiles } from './loadUserProfile.js';
export { planAlert, readPlanMarket, type PlanAlertInput, type PlanAlertResult, type PlanMarket, type PlanMarketReads } from './planAlert.js';
export { snapshotEvents, snapshotOfEvents } from './snapshotEvents.js';
export { keysExpiredMessage, NO_KEYS_MESSAGE, strategyDeletedMessage, strategyPausedMessage, tradingPausedMessage } from './refusalMessages.js';
export { tradingGate, type TradingGate } from './tradingGate.js';
export { type PaperAccountRecord, type PaperRunActivity } from './paper/paperRunLedger.js';
export { createPaperAccountCache, PAPER_RUNS_KEPT, type PaperAccountCache } from './paper/paperAccountCache.js';
export { openPaperAccount, PAPER_MARKET_IS_TESTNET, type OpenPaperAccount } from './paper/openPaperAccount.js';
export {
  paperFillAsVenueFill,
  type PaperCancelStatus,
  type PaperFill,
  type PaperFunding,
  type PaperFundingSettlement,
  type PaperOrderResult,
  type PaperProtection,
  type PaperProtectionResult,
  type PaperTrigger,
  type PaperTriggerStatus,
  type PaperBooks,
  type RecordedPaperFunding,
  type RecordedPaperOrder,
} from './paper/paperVenue.js';
export { FUNDING_INTERVAL_MS, fundingHourOf, unpaidFunding, type UnpaidFunding } from './paper/paperFunding.js';
