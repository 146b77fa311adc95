import { OrderPreviewSchema, type OrderPreview } from '@hyperhook/domain';

type Plan = Extract<OrderPreview, { ok: true }>['plan'];

/**
 * An order preview as POST /api/orders/preview answers it: a 3x BTC market buy of $100 with
 * take-profit and stop-loss legs. Parsed with the domain's schema, so every price and size is one
 * the exchange would take.
 */
export function planPreview(
  overrides: Partial<Plan> = {},
  top: Partial<Omit<Extract<OrderPreview, { ok: true }>, 'plan'>> = {},
): Extract<OrderPreview, { ok: true }> {
  const preview = OrderPreviewSchema.parse({
    ok: true,
    network: 'testnet',
    venue: 'live',
    mid: 65_000,
    marginUsd: 97.5,
    ...top,
    plan: {
      coin: 'BTC',
      assetId: 0,
      szDecimals: 5,
      isBuy: true,
      price: '65650',
      size: '0.0045',
      reduceOnly: false,
      tif: 'Ioc',
      cloid: `0x${'0'.repeat(32)}`,
      leverage: 3,
      leverageClamped: false,
      grouping: 'na',
      children: [
        { kind: 'tp', triggerPx: '70000', price: '63000', isBuy: false, size: '0.0045' },
        { kind: 'sl', triggerPx: '58000', price: '52200', isBuy: false, size: '0.0045' },
      ],
      requestedUsd: 150,
      amountUsd: 100,
      notionalUsd: 300,
      orderNotionalUsd: 292.5,
      referencePrice: '65000',
      ...overrides,
    },
  });
  if (!preview.ok) throw new Error('expected a plan');
  return preview;
}
