import { z } from 'zod';
import { AlertRejectionSchema, ParsedAlertSchema } from '../alert/alertSchema.js';
import { CloidSchema } from '../exchange/cloidSchema.js';
import { OrderPlanSchema } from '../sizing/index.js';
import { EVM_ADDRESS_PATTERN } from '../shared/hexPatterns.js';
import { utf8ByteLength } from '../shared/utf8.js';
import { StrategyIdSchema, StrategyNameSchema } from '../eventModel/strategyIds.js';
import { eventSchema } from '../eventModel/envelope.js';
import { EntityIdSchema, ExchangeDecimalSchema, IsoTimestampSchema } from '../eventModel/primitives.js';

/** Largest webhook body kept in the log, in UTF-8 bytes (64 KiB); intake refuses larger bodies. */
export const MAX_RAW_BODY_BYTES = 64 * 1024;

/** A caller's IP address as the api saw it. */
export const SourceIpSchema = z.union([z.ipv4(), z.ipv6()]);

/** A stable failure or rejection code, e.g. NO_CREDENTIALS, STOP_LOSS_REQUIRED, EXCHANGE_REJECTED. */
export const SignalErrorCodeSchema = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'Expected an UPPER_SNAKE_CASE code');

/**
 * A webhook arrived: the first event of `signal-<signalId>`. The raw body is kept as
 * received (audit; a malformed alert still shows what was sent). Exactly one of `alert`
 * (parsed and normalised) and `rejection` (why the parser refused it) is set.
 * `dedupeKey` identifies re-deliveries of the same alert (e.g. the sender's alert id).
 */
export const SignalReceivedSchema = eventSchema(
  'SignalReceived',
  1,
  z
    .object({
      signalId: EntityIdSchema,
      userId: EntityIdSchema,
      receivedAt: IsoTimestampSchema,
      rawBody: z.string().refine((s) => utf8ByteLength(s) <= MAX_RAW_BODY_BYTES, 'Body larger than 64 KiB'),
      contentType: z.string().max(200).optional(),
      sourceIp: SourceIpSchema.optional(),
      alert: ParsedAlertSchema.nullable(),
      rejection: AlertRejectionSchema.nullable(),
      dedupeKey: z.string().min(1).max(300).optional(),
      /**
       * Where the alert came from when not from the trader's webhook: `closeAll`, the trader's own
       * "close all positions" (traded even while all trading is paused: it only reduces).
       */
      origin: z.literal('closeAll').optional(),
      /** The strategy whose webhook URL received it; absent, the first strategy (and every alert older than strategies). */
      strategyId: StrategyIdSchema.optional(),
      /** The strategy's name when the alert came, for the log. */
      strategyName: StrategyNameSchema.optional(),
      /** `paper` when the strategy traded on paper when the alert came (issue 30): its log row says so. Absent, live. */
      venue: z.literal('paper').optional(),
    })
    .refine((d) => (d.alert === null) !== (d.rejection === null), 'Exactly one of alert and rejection must be set'),
);
/** SignalReceived event. */
export type SignalReceived = z.infer<typeof SignalReceivedSchema>;

/** The same alert was delivered again (e.g. a TradingView re-send): logged, never traded twice. */
export const SignalDuplicateReceivedSchema = eventSchema(
  'SignalDuplicateReceived',
  1,
  z.object({ receivedAt: IsoTimestampSchema, sourceIp: SourceIpSchema.optional() }),
);
/** SignalDuplicateReceived event. */
export type SignalDuplicateReceived = z.infer<typeof SignalDuplicateReceivedSchema>;

/** The executor picked the signal up and started checking it (status validating). */
export const SignalValidationStartedSchema = eventSchema('SignalValidationStarted', 1, z.object({ at: IsoTimestampSchema }));
/** SignalValidationStarted event. */
export type SignalValidationStarted = z.infer<typeof SignalValidationStartedSchema>;

/**
 * The signal was refused before any order was signed: unparseable alert, no API keys
 * ("No API keys configured"), stop-loss required, below the minimum notional, too many
 * open positions… `reason` is the sentence the log shows.
 */
export const SignalRejectedSchema = eventSchema(
  'SignalRejected',
  1,
  z.object({ at: IsoTimestampSchema, code: SignalErrorCodeSchema, reason: z.string().min(1).max(2000) }),
);
/** SignalRejected event. */
export type SignalRejected = z.infer<typeof SignalRejectedSchema>;

/**
 * Validation passed (`at`) and the order was sized and rounded (`sizedAt`): the plan (the sizing
 * module's OrderPlan, cloid included) is fixed before anything is signed, so a retry after a crash
 * re-sends the same order (status executing).
 */
export const OrderPlannedSchema = eventSchema('OrderPlanned', 1, z.object({ at: IsoTimestampSchema, sizedAt: IsoTimestampSchema, plan: OrderPlanSchema }));
/** OrderPlanned event. */
export type OrderPlanned = z.infer<typeof OrderPlannedSchema>;

/**
 * The signed order was handed to the exchange. This is the exactly-once marker: once it is in the
 * stream, the executor must ask the exchange for `cloid` before ever sending again.
 * `userId` is repeated from SignalReceived so the key summary can record "last used" from this
 * event alone (projections stay one-event pure). `vaultAddress` is the sub-account the order was
 * signed for (issue 39, point 2): a resumed signal asks that account for its cloid.
 */
export const OrderSubmittedSchema = eventSchema(
  'OrderSubmitted',
  1,
  z.object({
    userId: EntityIdSchema,
    cloid: CloidSchema,
    nonce: z.number().int().positive(),
    signedAt: IsoTimestampSchema,
    sentAt: IsoTimestampSchema,
    vaultAddress: z
      .string()
      .regex(/^0x[0-9a-f]{40}$/)
      .optional(),
  }),
);
/** OrderSubmitted event. */
export type OrderSubmitted = z.infer<typeof OrderSubmittedSchema>;

/** Status of a stop-loss or take-profit leg in the exchange's answer. */
export const OrderLegSchema = z.object({
  role: z.enum(['stopLoss', 'takeProfit']),
  status: z.enum(['resting', 'filled', 'waitingForFill', 'waitingForTrigger', 'error']),
  oid: z.number().int().nonnegative().optional(),
  /** The exchange's own text when the leg failed. */
  error: z.string().max(2000).optional(),
});
/** One trigger leg's status. */
export type OrderLeg = z.infer<typeof OrderLegSchema>;

/**
 * The exchange accepted the entry order: `filled` (market IOC or a crossing limit) or `resting`
 * (a limit order on the book). Numbers keep the exchange's decimal strings.
 */
export const SignalExecutedSchema = eventSchema(
  'SignalExecuted',
  1,
  z.object({
    acknowledgedAt: IsoTimestampSchema,
    filledAt: IsoTimestampSchema.optional(),
    oid: z.number().int().nonnegative().optional(),
    status: z.enum(['filled', 'resting']),
    avgPx: ExchangeDecimalSchema.optional(),
    totalSz: ExchangeDecimalSchema.optional(),
    legs: z.array(OrderLegSchema).max(4).optional(),
    /**
     * The account the order was placed on. The user may save keys of another account before the
     * fills are read; without this the fills would be looked for on the wrong one. Absent on
     * events written before it was recorded.
     */
    account: z
      .object({
        accountAddress: z.string().regex(EVM_ADDRESS_PATTERN),
        isTestnet: z.boolean(),
        /** True when `accountAddress` is a sub-account the strategy trades on (issue 39, point 2), not the main account. */
        subAccount: z.literal(true).optional(),
      })
      .optional(),
    /** `paper` when the paper venue filled it (issue 30): its fills are on `paper-<uid>`, none to read from the exchange. */
    venue: z.literal('paper').optional(),
  }),
);
/** SignalExecuted event. */
export type SignalExecuted = z.infer<typeof SignalExecutedSchema>;

/**
 * Execution failed after validation began, or the exchange refused the order. `reason` is the
 * exchange's own text when it came from the exchange; `transient` says whether the same alert could
 * succeed later (timeouts, rate limits) as opposed to a refusal (insufficient margin). Terminal either way.
 */
export const SignalFailedSchema = eventSchema(
  'SignalFailed',
  1,
  z.object({ at: IsoTimestampSchema, code: SignalErrorCodeSchema, reason: z.string().min(1).max(2000), transient: z.boolean() }),
);
/** SignalFailed event. */
export type SignalFailed = z.infer<typeof SignalFailedSchema>;

/**
 * A target alert wanted the position the account already holds, so nothing was sent: the signal is
 * done (status executed) and `reason` says what is held ("Already long 0.52 ETH: nothing to send.").
 */
export const TargetAlreadyHeldSchema = eventSchema('TargetAlreadyHeld', 1, z.object({ at: IsoTimestampSchema, reason: z.string().min(1).max(2000) }));
/** TargetAlreadyHeld event. */
export type TargetAlreadyHeld = z.infer<typeof TargetAlreadyHeldSchema>;

/**
 * A cancel alert (issue 41) cancelled its strategy's resting orders in the coin, by cloid; its
 * stop-loss and take-profit were kept. Terminal (status executed): `cancelled` lists the orders the
 * venue took off the book (empty when none was resting), `reason` says so for people.
 */
export const RestingOrdersCancelledSchema = eventSchema(
  'RestingOrdersCancelled',
  1,
  z.object({
    at: IsoTimestampSchema,
    reason: z.string().min(1).max(2000),
    cancelled: z.array(z.object({ cloid: CloidSchema, signalId: EntityIdSchema, oid: z.number().int().nonnegative().optional() })).max(1000),
  }),
);
/** RestingOrdersCancelled event. */
export type RestingOrdersCancelled = z.infer<typeof RestingOrdersCancelledSchema>;

/**
 * An update alert (issue 41) replaced the protection of its strategy's position in the coin: the
 * stop-loss, take-profits, trail or break-even it named (ProtectionUpdated on the account stream
 * has the orders). Terminal (status executed); `reason` says what the position is protected by now.
 */
export const ProtectionReplacedSchema = eventSchema('ProtectionReplaced', 1, z.object({ at: IsoTimestampSchema, reason: z.string().min(1).max(2000) }));
/** ProtectionReplaced event. */
export type ProtectionReplaced = z.infer<typeof ProtectionReplacedSchema>;

/**
 * An entry of a strategy whose guards ask for manual approval (issue 42) waits for the trader:
 * status awaiting approval, until `expiresAt`. It records what was planned when the alert came, for
 * the approval list to show; the plan itself is not kept: once approved, the order is planned again
 * at the price of that moment.
 */
export const SignalHeldForApprovalSchema = eventSchema(
  'SignalHeldForApproval',
  1,
  z.object({
    at: IsoTimestampSchema,
    expiresAt: IsoTimestampSchema,
    coin: z.string().min(1).max(64),
    side: z.enum(['buy', 'sell']),
    size: ExchangeDecimalSchema,
    price: ExchangeDecimalSchema,
  }),
);
/** SignalHeldForApproval event. */
export type SignalHeldForApproval = z.infer<typeof SignalHeldForApprovalSchema>;

/** Where a trader answered an approval: the app (signed in) or a push notification's action button. */
export const ApprovalViaSchema = z.enum(['app', 'push']);
/** app | push. */
export type ApprovalVia = z.infer<typeof ApprovalViaSchema>;

/**
 * The trader approved a held entry (issue 42): the signal is validated and planned again from
 * `at` (its age counts from here, and the other guards are weighed again). A rejection, or the
 * timeout, is a SignalRejected (APPROVAL_REJECTED, APPROVAL_EXPIRED).
 */
export const SignalApprovedSchema = eventSchema('SignalApproved', 1, z.object({ at: IsoTimestampSchema, via: ApprovalViaSchema }));
/** SignalApproved event. */
export type SignalApproved = z.infer<typeof SignalApprovedSchema>;

/** Every event of a `signal-<signalId>` stream. */
export const SignalEventSchema = z.discriminatedUnion('type', [
  SignalReceivedSchema,
  SignalDuplicateReceivedSchema,
  SignalValidationStartedSchema,
  SignalRejectedSchema,
  OrderPlannedSchema,
  OrderSubmittedSchema,
  SignalExecutedSchema,
  SignalFailedSchema,
  TargetAlreadyHeldSchema,
  RestingOrdersCancelledSchema,
  ProtectionReplacedSchema,
  SignalHeldForApprovalSchema,
  SignalApprovedSchema,
]);
/** An event of a signal stream. */
export type SignalEvent = z.infer<typeof SignalEventSchema>;
/** The event types of a signal stream. */
export const SIGNAL_EVENT_TYPES: readonly SignalEvent['type'][] = Object.freeze(SignalEventSchema.options.map((schema) => schema.shape.type.value));
