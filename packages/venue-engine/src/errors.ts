/**
 * Every venue string the simulator emits, in one place so tests and the client can reference the
 * exact text. Sources: reference §1.6 (official list and observed strings); strings marked
 * "sim-defined" are not documented anywhere and were chosen here.
 */

/** HTTP 422 body (text/plain) for bodies the venue cannot deserialise. */
export const DESERIALIZE_ERROR = 'Failed to deserialize the JSON body into the target type';

/** Top-level (`{"status":"err","response":…}`) strings. */
export const TopLevel = {
  unknownSigner: (address: string) => `User or API Wallet ${address} does not exist.`,
  mustDeposit: (address: string) => `Must deposit before performing actions. User: ${address}`,
  unableToRecover: 'Unable to recover signer.',
  actionExpired: 'Action already expired',
  agentExpired: 'Agent valid_until already expired.',
  vaultNotRegistered: (address: string) => `Vault not registered: ${address}`,
  /** sim-defined: the outer nonce must equal `action.nonce` of a user-signed action. */
  nonceMismatch: 'Nonce mismatch.',
  /** Pre-validation (observed in the venue binary's strings): whole batch refused. */
  triggerNotReduceOnly: 'Trigger order is not reduce only.',
  /** Pre-validation (venue binary strings). */
  ordersEmpty: 'Orders are empty',
  cancelWeight: 'Signed action over weight limit of 200.',
  /** sim-defined: the venue's text for leverage outside 1..maxLeverage is undocumented. */
  invalidLeverage: 'Invalid leverage value',
  crossNotAllowed: 'Cross margin is not allowed for this asset.',
  cannotSwitchLeverageType: 'Cannot switch leverage type with open position.',
  /** sim-defined. */
  unknownAsset: (asset: number) => `Invalid asset: ${asset}`,
  scheduleCancelVolume: (traded: number) => `Cannot set scheduled cancel time until enough volume traded. Required: $1000000. Traded: $${traded.toFixed(2)}.`,
  /** sim-defined (the venue requires ≥ now + 5 s; its text is undocumented). */
  scheduleCancelTooEarly: 'Scheduled cancel time must be at least 5 seconds in the future.',
  scheduleCancelDailyLimit: 'Too many scheduled cancels triggered for the day. Limit is 10',
  agentNameLength: 'Extra agent name must be between 1 and 16 characters long',
  tooManyAgents: 'Too many extra agents for cumulative volume traded. Current limit is 3',
  agentAlreadyUsed: 'Extra agent already used.',
} as const;

/** Per-order strings (inside `statuses[i].error`). */
export const OrderError = {
  invalidSize: 'Order has invalid size.',
  zeroSize: 'Order has zero size.',
  invalidPrice: 'Order has invalid price.',
  tick: (asset: number) => `Price must be divisible by tick size. asset=${asset}`,
  band: 'Order price cannot be more than 80% away from the reference price',
  minValue: 'Order must have minimum value of $10.',
  reduceOnly: (asset: number) => `Reduce only order would increase position. asset=${asset}`,
  margin: (asset: number) => `Insufficient margin to place order. asset=${asset}`,
  iocNoMatch: (asset: number) => `Order could not immediately match against any resting orders. asset=${asset}`,
  badAlo: (bbo: string, asset: number) => `Post only order would have immediately matched, bbo was ${bbo}. asset=${asset}`,
  badTriggerPx: (asset: number) => `Invalid TP/SL price. asset=${asset}`,
  /** Venue binary string: a bracket child on the same side as its entry. */
  triggerSide: 'Trigger order has unexpected side.',
  /** sim-defined: bracket children of an entry that was itself rejected. */
  parentRejected: (asset: number) => `Parent order was rejected. asset=${asset}`,
  unknownAsset: (asset: number) => `Invalid asset. asset=${asset}`,
} as const;

/** sim-defined: `f:true` (fast cancel) does not apply to trigger orders (reference §1.5). */
export const FAST_CANCEL_TRIGGER = 'Fast cancel cannot be used for trigger orders.';

/** Per-cancel string. */
export const CANCEL_MISSING = 'Order was never placed, already canceled, or filled.';

/** Modify strings (docs/research/hyperliquid-modify.md). */
export const ModifyError = {
  /** Observed: the order to modify is not live (for `modify` top-level, for `batchModify` per status). */
  notLive: 'Cannot modify canceled or filled order',
  /** Observed prefix: the old order was cancelled, then the new one was refused. */
  placeFailed: (error: string) => `Error placing new order during modify: ${error}`,
  /** sim-defined: without always_place the venue only places a non-trigger ALO or GTC order. */
  needsAlwaysPlace: 'Modify without always_place must place a non-trigger order with TIF Alo or Gtc.',
} as const;
