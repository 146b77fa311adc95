import { z } from 'zod';

/**
 * Why an action did not simply succeed, as a stable machine-readable code. The exchange's own
 * text always travels beside it in `message`; the code is for branching, the text for people.
 */
export const OutcomeReasonSchema = z.enum([
  // Refused by the client before anything was signed or sent.
  'invalidOrder',
  'leverageAboveMax',
  'unknownCoin',
  // Per-order rejections from the venue (statuses[i].error).
  'minNotional',
  'insufficientMargin',
  'reduceOnly',
  'noLiquidity',
  'invalidPrice',
  'invalidSize',
  'invalidTpsl',
  'postOnly',
  'priceBand',
  'openInterestCap',
  'orderRejected',
  // Top-level `{"status":"err"}` answers.
  'nonce',
  'rateLimited',
  // This server's own count of the venue's per-IP budget had no room: nothing was sent.
  'budgetExhausted',
  'signer',
  'expired',
  'leverageRejected',
  'exchangeError',
  // HTTP and network.
  'badRequest',
  'serverError',
  'unreachable',
  'timeout',
  'connectionDropped',
  'aborted',
  'unreadableResponse',
]);
/** See {@link OutcomeReasonSchema}. */
export type OutcomeReason = z.infer<typeof OutcomeReasonSchema>;

/** Where a failure was decided: by this client before sending, or by the venue (or the way to it). */
export const OutcomeStageSchema = z.enum(['client', 'venue', 'network']);

/**
 * What became of a TP/SL child of a `normalTpsl` entry. The venue answers children with bare
 * strings: "waitingForTrigger" once the parent filled, "waitingForFill" while it rests.
 */
export const ChildOrderStatusSchema = z.object({
  kind: z.enum(['tp', 'sl']),
  status: z.enum(['waitingForTrigger', 'waitingForFill', 'resting', 'filled', 'rejected', 'missing']),
  oid: z.number().int().optional(),
  /** The venue's text when the child was rejected. */
  message: z.string().optional(),
});
/** See {@link ChildOrderStatusSchema}. */
export type ChildOrderStatus = z.infer<typeof ChildOrderStatusSchema>;

const failureFields = {
  reason: OutcomeReasonSchema,
  /** The exchange's own words when it answered (verbatim, for the user), else ours. */
  message: z.string(),
  /** Optional plain-language advice for the user (e.g. how to fix an unapproved API wallet). */
  hint: z.string().optional(),
  stage: OutcomeStageSchema,
  httpStatus: z.number().int().optional(),
  /** When asking again may work, in ms from the failure: a 429's Retry-After, or when the budget frees room. */
  retryAfterMs: z.number().int().min(0).optional(),
};

/**
 * Every answer to an exchange action, as one discriminated union.
 *
 * - `filled` / `resting`: the order is on the venue (IOC partial fills are `filled` with
 *   `partial: true`; the rest was cancelled by the venue).
 * - `ok`: a non-order action (updateLeverage…) was applied.
 * - `rejected`: definitely not applied and repeating it unchanged will fail again.
 * - `transientError`: definitely not applied, and trying again later may work (429 after
 *   backoff, 5xx, nonce clash, venue unreachable).
 * - `uncertain`: the request may or may not have been applied (timeout, connection dropped
 *   after sending, unreadable answer). The caller must reconcile (orderStatus by cloid) before
 *   sending again, or it risks a second order.
 */
export const ExchangeOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('filled'),
    oid: z.number().int(),
    cloid: z.string().optional(),
    filledSize: z.number().nonnegative(),
    /** Average fill price; null only when reconstructed from orderStatus, which does not carry it. */
    avgPrice: z.number().positive().nullable(),
    /** True when an IOC filled less than requested (the venue cancels the remainder). */
    partial: z.boolean(),
    children: z.array(ChildOrderStatusSchema),
  }),
  z.object({
    kind: z.literal('resting'),
    oid: z.number().int().nullable(),
    cloid: z.string().optional(),
    children: z.array(ChildOrderStatusSchema),
  }),
  z.object({ kind: z.literal('ok') }),
  z.object({ kind: z.literal('rejected'), transient: z.literal(false), ...failureFields }),
  z.object({ kind: z.literal('transientError'), transient: z.literal(true), ...failureFields }),
  z.object({ kind: z.literal('uncertain'), transient: z.literal(true), ...failureFields }),
]);
/** See {@link ExchangeOutcomeSchema}. */
export type ExchangeOutcome = z.infer<typeof ExchangeOutcomeSchema>;
/** The failure kinds of {@link ExchangeOutcome}. */
export type FailedOutcome = Extract<ExchangeOutcome, { kind: 'rejected' | 'transientError' | 'uncertain' }>;

/** True for the kinds that mean "not (known to be) applied". */
export function isFailedOutcome(outcome: ExchangeOutcome): outcome is FailedOutcome {
  return outcome.kind === 'rejected' || outcome.kind === 'transientError' || outcome.kind === 'uncertain';
}

type FailureInit = {
  reason: OutcomeReason;
  message: string;
  stage: z.infer<typeof OutcomeStageSchema>;
  hint?: string;
  httpStatus?: number;
  retryAfterMs?: number;
};

/** Builds a `rejected` outcome. */
export function rejected(init: FailureInit): FailedOutcome {
  return { kind: 'rejected', transient: false, ...init };
}

/** Builds a `transientError` outcome. */
export function transientError(init: FailureInit): FailedOutcome {
  return { kind: 'transientError', transient: true, ...init };
}

/** Builds an `uncertain` outcome. */
export function uncertain(init: FailureInit): FailedOutcome {
  return { kind: 'uncertain', transient: true, ...init };
}
