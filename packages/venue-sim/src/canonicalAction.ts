/**
 * Canonical re-serialisation of parsed actions (reference §2.3): python-SDK key order, normalised
 * decimal strings, lowercase hex, optional keys omitted. This — not the posted JSON — is what the
 * simulator hashes, so reordered keys, "100.0" or an uppercase cloid in the body still recover the
 * signer, while a client that *signed* a non-canonical form recovers to a random address (as on
 * the venue).
 */
import type { ApproveAgentAction, ParsedAction } from './actionSchemas.js';
import { normalizeDecimalString, type OrderWire } from '@hyperhook/venue-engine';

/** Actions hashed as L1 actions (everything but the user-signed approveAgent). */
export type L1Action = Exclude<ParsedAction, ApproveAgentAction>;

function canonicalOrder(o: OrderWire): Record<string, unknown> {
  const t =
    'limit' in o.t
      ? { limit: { tif: o.t.limit.tif } }
      : {
          trigger: {
            isMarket: o.t.trigger.isMarket,
            triggerPx: normalizeDecimalString(o.t.trigger.triggerPx),
            tpsl: o.t.trigger.tpsl,
          },
        };
  const out: Record<string, unknown> = {
    a: o.a,
    b: o.b,
    p: normalizeDecimalString(o.p),
    s: normalizeDecimalString(o.s),
    r: o.r,
    t,
  };
  if (o.c) out.c = o.c.toLowerCase();
  return out;
}

/** The order a modify names: an oid stays a number, a cloid is lowercase hex. */
const canonicalOid = (oid: number | string): number | string => (typeof oid === 'string' ? oid.toLowerCase() : oid);

/** The object whose msgpack bytes are hashed into the L1 `connectionId`. */
export function canonicalL1Action(action: L1Action): Record<string, unknown> {
  switch (action.type) {
    case 'order': {
      const out: Record<string, unknown> = {
        type: 'order',
        orders: action.orders.map(canonicalOrder),
        grouping: typeof action.grouping === 'string' ? action.grouping : { p: action.grouping.p },
      };
      if (action.builder) out.builder = { b: action.builder.b.toLowerCase(), f: action.builder.f };
      return out;
    }
    case 'cancel': {
      const out: Record<string, unknown> = { type: 'cancel', cancels: action.cancels.map((c) => ({ a: c.a, o: c.o })) };
      // `f:false` is not a canonical form: the venue serialises the flag only when set.
      if (action.f === true) out.f = true;
      return out;
    }
    case 'cancelByCloid': {
      const out: Record<string, unknown> = {
        type: 'cancelByCloid',
        cancels: action.cancels.map((c) => ({ asset: c.asset, cloid: c.cloid.toLowerCase() })),
      };
      if (action.f === true) out.f = true;
      return out;
    }
    case 'modify': {
      const out: Record<string, unknown> = { type: 'modify', oid: canonicalOid(action.oid), order: canonicalOrder(action.order) };
      // As `f` of a cancel: `a:false` is not a canonical form, the flag is serialised only when set.
      if (action.a === true) out.a = true;
      return out;
    }
    case 'batchModify': {
      const out: Record<string, unknown> = {
        type: 'batchModify',
        modifies: action.modifies.map((m) => ({ oid: canonicalOid(m.oid), order: canonicalOrder(m.order) })),
      };
      if (action.a === true) out.a = true;
      return out;
    }
    case 'updateLeverage':
      return { type: 'updateLeverage', asset: action.asset, isCross: action.isCross, leverage: action.leverage };
    case 'scheduleCancel':
      return action.time === null || action.time === undefined ? { type: 'scheduleCancel' } : { type: 'scheduleCancel', time: action.time };
    case 'noop':
      return { type: 'noop' };
    default: {
      const unreachable: never = action;
      throw new Error(`no canonical form for ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * EIP-712 message of an approveAgent as the simulator checks it. `hyperliquidChain` is the
 * simulator's own chain, not the posted one: a mainnet-signed approval posted to a testnet
 * simulator must recover to a different address, exactly like a wrong L1 `source`.
 */
export function canonicalApproveAgentMessage(
  action: ApproveAgentAction,
  hyperliquidChain: 'Mainnet' | 'Testnet',
): { hyperliquidChain: string; agentAddress: `0x${string}`; agentName: string; nonce: bigint } {
  return {
    hyperliquidChain,
    agentAddress: action.agentAddress.toLowerCase() as `0x${string}`,
    // python signs "" for an unnamed agent and then deletes the key from the posted action.
    agentName: action.agentName ?? '',
    nonce: BigInt(action.nonce),
  };
}
