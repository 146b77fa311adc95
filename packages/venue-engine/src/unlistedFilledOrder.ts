import type { SimOrder, SimState } from './simState.js';

/** What sets an unlisted filled order apart: whose, which asset, which side, at what limit, how much. */
export type UnlistedFilledOrderFields = Pick<SimOrder, 'user' | 'asset' | 'coin' | 'isBuy' | 'limitPx' | 'lots' | 'reduceOnly'>;

/**
 * An IOC order that is never listed, only filled at once: the liquidator's close, and the order a
 * paper venue books a restored fill against. Everything but `fields` is what such an order always is.
 */
export function unlistedFilledOrder(state: SimState, fields: UnlistedFilledOrderFields): SimOrder {
  const now = state.now();
  return {
    oid: state.nextOid(),
    ...fields,
    origLots: fields.lots,
    tif: 'Ioc',
    trigger: null,
    triggered: false,
    isPositionTpsl: false,
    wholePosition: false,
    parentOid: null,
    childOids: [],
    siblingOids: [],
    pendingParent: false,
    cloid: null,
    timestamp: now,
    status: 'filled',
    statusTimestamp: now,
  };
}
