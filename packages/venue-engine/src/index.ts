/**
 * @hyperhook/venue-engine — the venue's matching, margin, fee, funding and liquidation engine: pure state
 * and rules, no I/O. The strict simulator (`@hyperhook/venue-sim`) serves it over HTTP and
 * WebSocket; the paper venue (`@hyperhook/trading`) trades paper accounts on it in process.
 */
export { SimState, type SimAccount, type SimFill, type SimObserver, type SimOrder } from './simState.js';
export type { SimAccountSeed, SimAgentSeed, SimAsset, SimBookDepth, SimSubAccountSeed } from './types.js';
export { DEFAULT_ASSETS, validateAssets } from './assets.js';
export { AddressSchema, CloidSchema, OrderActionSchema, OrderWireSchema, UintSchema, type OrderAction, type OrderWire } from './orderAction.js';

// Actions: what an admitted request does to the state.
export { placeOrderAction, preValidateOrderAction } from './placeOrders.js';
export { batchModify, modifyOrder, preValidateModifies, type ModifyWire } from './modifyOrders.js';
export { cancelByCloid, cancelByOid, MAX_CANCELS_PER_ACTION, runScheduledCancels, scheduleCancel, updateLeverage } from './tradingActions.js';
export { approveAgent, parseAgentName } from './agents.js';
export { actingAccount, createSubAccount, creditAccount, subAccountsOf } from './subAccounts.js';
export { applyBookDepth } from './bookDepth.js';
export { applyFill } from './ledger.js';
export { onMarkChange } from './markEvents.js';
export { liquidateAccount, liquidationDir } from './liquidations.js';
export { BASELINE_FUNDING_RATE, bookFunding, FUNDING_INTERVAL_MS, fundingHourOf, fundingPayment, payFunding, type SimFunding } from './funding.js';
export { unlistedFilledOrder, type UnlistedFilledOrderFields } from './unlistedFilledOrder.js';

// Views: the state as the venue's /info shows it.
export { accountNumbers, clearinghouseStateView } from './clearinghouse.js';
export { fillView, frontendOrderView, listedOrders, openOrderView } from './orderViews.js';
export { syntheticLevels, type BookLevel } from './syntheticBook.js';
export { formatLots, formatRust, formatSig, formatUsd, normalizeDecimalString } from './wireDecimal.js';

export { CANCEL_MISSING, DESERIALIZE_ERROR, FAST_CANCEL_TRIGGER, ModifyError, OrderError, TopLevel } from './errors.js';
export { createPrng, type Prng } from './prng.js';
