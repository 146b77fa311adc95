/**
 * Typed shapes of `/exchange` bodies. The venue deserialises the posted JSON into typed structs
 * (serde) before hashing, so the simulator does the same: anything that does not fit — a float
 * price, a 31-hex-digit cloid, an unknown action type — is an HTTP 422, never a business error.
 * Unknown keys are dropped here (as serde does); since the hash is computed from the *parsed*
 * struct, a client that signed extra keys recovers to a different address. The `order` action is
 * the engine's own shape (`@hyperhook/venue-engine`), which the paper venue builds too.
 */
import { z } from 'zod';
import { AddressSchema as address, CloidSchema as cloid, OrderActionSchema, OrderWireSchema, UintSchema as uint } from '@hyperhook/venue-engine';

const hexWord = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/);

/** `cancel` action (by oid). */
export const CancelActionSchema = z.object({
  type: z.literal('cancel'),
  cancels: z.array(z.object({ a: uint, o: uint })),
  f: z.boolean().nullish(),
});

/** `cancelByCloid` action. */
export const CancelByCloidActionSchema = z.object({
  type: z.literal('cancelByCloid'),
  cancels: z.array(z.object({ asset: uint, cloid })),
  f: z.boolean().nullish(),
});

/** One modify: the order to replace, by oid or by cloid, and the order that replaces it. */
const ModifyWireSchema = z.object({ oid: z.union([uint, cloid]), order: OrderWireSchema });

/** `modify`: one order; `a` is always_place. */
export const ModifyActionSchema = z.object({
  type: z.literal('modify'),
  oid: z.union([uint, cloid]),
  order: OrderWireSchema,
  a: z.boolean().nullish(),
});

/** `batchModify`: many orders; `a` (always_place) applies to all of them. */
export const BatchModifyActionSchema = z.object({
  type: z.literal('batchModify'),
  modifies: z.array(ModifyWireSchema),
  a: z.boolean().nullish(),
});

/** `updateLeverage` action; leverage is an integer. */
export const UpdateLeverageActionSchema = z.object({
  type: z.literal('updateLeverage'),
  asset: uint,
  isCross: z.boolean(),
  leverage: uint,
});

/** `scheduleCancel` (dead-man switch); no `time` unsets it. */
export const ScheduleCancelActionSchema = z.object({ type: z.literal('scheduleCancel'), time: uint.nullish() });

/** `noop`: burns a nonce. */
export const NoopActionSchema = z.object({ type: z.literal('noop') });

/** `approveAgent`: the one user-signed action the simulator executes. */
export const ApproveAgentActionSchema = z.object({
  type: z.literal('approveAgent'),
  signatureChainId: z.string().regex(/^0x[0-9a-fA-F]{1,16}$/),
  hyperliquidChain: z.enum(['Mainnet', 'Testnet']),
  agentAddress: address,
  agentName: z.string().nullish(),
  nonce: uint,
});

/** Every action type the simulator understands; anything else is a 422. */
export const ActionSchema = z.discriminatedUnion('type', [
  OrderActionSchema,
  CancelActionSchema,
  CancelByCloidActionSchema,
  ModifyActionSchema,
  BatchModifyActionSchema,
  UpdateLeverageActionSchema,
  ScheduleCancelActionSchema,
  NoopActionSchema,
  ApproveAgentActionSchema,
]);

/** ECDSA signature as posted: r/s may lack zero padding (python SDK), v is 27/28 (0/1 tolerated). */
export const SignatureSchema = z.object({ r: hexWord, s: hexWord, v: z.number().int() });

/** The `/exchange` envelope. `null` and absent mean the same for the optional fields. */
export const ExchangeBodySchema = z.object({
  action: ActionSchema,
  nonce: uint,
  signature: SignatureSchema,
  vaultAddress: address.nullish(),
  expiresAfter: uint.nullish(),
});

/** A parsed action of any supported type. */
export type ParsedAction = z.infer<typeof ActionSchema>;
/** A parsed approveAgent action. */
export type ApproveAgentAction = z.infer<typeof ApproveAgentActionSchema>;
/** A parsed `/exchange` body. */
export type ExchangeBody = z.infer<typeof ExchangeBodySchema>;
/** A parsed signature. */
export type WireSignature = z.infer<typeof SignatureSchema>;

/** Parses a JSON value into an exchange body, or null when the venue would answer 422. */
export function parseExchangeBody(json: unknown): ExchangeBody | null {
  const result = ExchangeBodySchema.safeParse(json);
  return result.success ? result.data : null;
}
