import { orderNotional } from '../exchange/orderNotional.js';
import { slippagePrice } from '../exchange/slippagePrice.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { truncateSize } from '../exchange/truncateSize.js';
import { openPosition } from './openPosition.js';
import type { PlanOrderInput } from './planOrderInputSchema.js';
import { rejectPlan, type PlanOrderResult } from './planRejection.js';
import { resolveLeverage } from './resolveLeverage.js';

/**
 * A close: a reduce-only IOC for the whole position, on the opposite side, at the slippage guard.
 * The $10 minimum does not apply (the exchange lets reduce-only orders close dust), TP/SL and a
 * payload size are ignored, and the position keeps its own leverage so no leverage change is sent.
 */
export function planClose(input: PlanOrderInput, midOk: boolean): PlanOrderResult {
  const { asset, settings, positions, mid, cloid } = input;
  const position = openPosition(positions, asset.coin);
  const size = position === undefined ? '0' : truncateSize(Math.abs(position.szi), asset.szDecimals);
  if (position === undefined || size === '0') {
    // With the account's positions beside them, `positions` are the strategy's own: say whose.
    const whose =
      input.accountPositions === undefined
        ? `There is no open ${asset.coin} position to close.`
        : `This strategy holds no ${asset.coin} position to close; other strategies' positions are left as they are.`;
    return rejectPlan('NO_POSITION_TO_CLOSE', whose);
  }
  if (!midOk) return rejectPlan('NO_MARKET_PRICE', `There is no market price for ${asset.coin} to close the position at.`);

  const isBuy = position.szi < 0;
  const referencePrice = toWireDecimal(mid);
  const { leverage } = resolveLeverage(
    Number.isFinite(position.leverage) && position.leverage >= 1 ? position.leverage : settings.trading.leverage,
    asset.maxLeverage,
  );
  let price: string;
  try {
    price = slippagePrice(mid, isBuy, settings.trading.slippageTolerance, asset.szDecimals);
  } catch (error) {
    return rejectPlan('NO_MARKET_PRICE', `No valid ${asset.coin} price near the mid ${referencePrice}: ${(error as Error).message}`);
  }
  const notional = orderNotional(referencePrice, size);
  return {
    ok: true,
    plan: {
      coin: asset.coin,
      assetId: asset.assetId,
      szDecimals: asset.szDecimals,
      isBuy,
      price,
      size,
      reduceOnly: true,
      tif: 'Ioc',
      cloid,
      leverage,
      leverageClamped: false,
      grouping: 'na',
      children: [],
      requestedUsd: null,
      amountUsd: null,
      notionalUsd: notional,
      orderNotionalUsd: notional,
      referencePrice,
    },
  };
}
