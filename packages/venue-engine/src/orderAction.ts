/**
 * The order action the engine executes, in the venue's wire shape (keys a,b,p,s,r,t,c): the
 * simulator parses `/exchange` bodies into it, the paper venue builds it from the client's wire
 * orders. Decimals stay strings, as signed: a float price or a 31-hex-digit cloid does not parse.
 */
import { z } from 'zod';
import { DECIMAL_STRING_RE } from './wireDecimal.js';

/** An integer of the wire (u64 at the venue), within what a JavaScript number holds exactly. */
export const UintSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** An address as posted: 0x and 40 hexadecimal digits, any case. */
export const AddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
/** Exactly 16 bytes: other lengths are a deserialisation failure at the venue. */
export const CloidSchema = z.string().regex(/^0x[0-9a-fA-F]{32}$/);
const decimal = z.string().regex(DECIMAL_STRING_RE);

/** Limit time-in-force values the venue accepts. */
export const TifSchema = z.enum(['Gtc', 'Ioc', 'Alo', 'FrontendMarket']);

/** One order of an `order` action (wire keys a,b,p,s,r,t,c). */
export const OrderWireSchema = z.object({
  a: UintSchema,
  b: z.boolean(),
  p: decimal,
  s: decimal,
  r: z.boolean(),
  t: z.union([
    z.object({ limit: z.object({ tif: TifSchema }) }),
    z.object({ trigger: z.object({ isMarket: z.boolean(), triggerPx: decimal, tpsl: z.enum(['tp', 'sl']) }) }),
  ]),
  c: CloidSchema.nullish(),
});

/** `grouping` of an order action; `{p}` is the newer priority-fee variant. */
export const GroupingSchema = z.union([z.enum(['na', 'normalTpsl', 'positionTpsl']), z.object({ p: UintSchema })]);

/** `order` action. */
export const OrderActionSchema = z.object({
  type: z.literal('order'),
  orders: z.array(OrderWireSchema),
  grouping: GroupingSchema,
  builder: z.object({ b: AddressSchema, f: UintSchema }).nullish(),
});

/** A parsed wire order. */
export type OrderWire = z.infer<typeof OrderWireSchema>;
/** A parsed order action. */
export type OrderAction = z.infer<typeof OrderActionSchema>;
