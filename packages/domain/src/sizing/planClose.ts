import { Dec } from '../exchange/decimal.js';
import { orderNotional } from '../exchange/orderNotional.js';
import { slippagePrice } from '../exchange/slippagePrice.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { truncateSize } from '../exchange/truncateSize.js';
import { openPosition } from './openPosition.js';
import type { PlanOrderInput } from './planOrderInputSchema.js';
import { rejectPlan, type PlanOrderResult } from './planRejection.js';
import { resolveLeverage } from './resolveLeverage.js';

/**
 * A close: a reduce-only IOC on the opposite side, at the slippage guard, for the whole position or
 * the part the alert's `percent` or `quantity` (coins) names. A part is counted from the strategy's
 * own position and rounded down to the asset's size decimals, never past what is held. The $10
 * minimum does not apply (the exchange lets reduce-only orders close dust), TP/SL and a payload
 * size are ignored, and the position keeps its own leverage so no leverage change is sent.
 */
export function planClose(input: PlanOrderInput, midOk: boolean): PlanOrderResult {
  const { asset, settings, positions, mid, cloid, alert } = input;
  const position = openPosition(positions, asset.coin);
  const held = position === undefined ? '0' : truncateSize(Math.abs(position.szi), asset.szDecimals);
  if (position === undefined || held === '0') {
    // With the account's positions beside them, `positions` are the strategy's own: say whose.
    const whose =
      input.accountPositions === undefined
        ? `There is no open ${asset.coin} position to close.`
        : `This strategy holds no ${asset.coin} position to close; other strategies' positions are left as they are.`;
    return rejectPlan('NO_POSITION_TO_CLOSE', whose);
  }
  const size = partToClose(held, alert.percent, alert.quantity, asset.szDecimals);
  if (size === '0') {
    const part = alert.percent !== undefined ? `${alert.percent}% of ${held}` : `${alert.quantity}`;
    return rejectPlan(
      'ZERO_SIZE',
      `${part} ${asset.coin} rounds down to 0 at ${asset.coin}'s ${asset.szDecimals} size decimals: nothing to close. The position of ${held} ${asset.coin} is left as it is.`,
    );
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

/** The size a close sends: all of `held`, or the part asked for, rounded down and never above `held`. */
function partToClose(held: string, percent: number | undefined, quantity: number | undefined, szDecimals: number): string {
  if (percent !== undefined) return truncateSize(new Dec(held).mul(percent).div(100).toFixed(), szDecimals);
  if (quantity === undefined) return held;
  return Dec.min(new Dec(truncateSize(quantity, szDecimals)), new Dec(held)).toFixed();
}
