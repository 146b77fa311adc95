import { Decimal } from 'decimal.js';
import { MIN_ORDER_NOTIONAL_USD } from '../exchange/constants.js';
import { Dec } from '../exchange/decimal.js';
import { meetsMinimumNotional, orderNotional } from '../exchange/orderNotional.js';
import { roundPerpPrice } from '../exchange/roundPerpPrice.js';
import { slippagePrice } from '../exchange/slippagePrice.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { truncateSize } from '../exchange/truncateSize.js';
import { amountAfterLimits, amountCap } from './amountAfterLimits.js';
import { ladderAveragePrice, ladderLegs, ladderPrices } from './planLadder.js';
import { formatUsd } from './formatUsd.js';
import type { OrderPlanLeg } from './orderPlanSchema.js';
import type { PlanOrderInput } from './planOrderInputSchema.js';
import { rejectPlan, type PlanOrderResult } from './planRejection.js';
import { openLeverage } from './openPosition.js';
import { protectiveOrders } from './protectiveOrders.js';
import { requestedAmount } from './requestedAmount.js';
import { resolveLeverage } from './resolveLeverage.js';
import { usableAmount } from './usableAmount.js';

/**
 * A buy or sell: an opening order sized from the payload or Settings, capped, leveraged and
 * truncated, with optional TP/SL children. Checks run in this order and the first failure is
 * reported: stop-loss required, prices (limit, market, TP/SL sides), open-position slots,
 * balance, amount, size, $10 minimum. Buy and sell always trade the sized amount in their own
 * direction (they are not reduce-only); `close` is the way to exit. Leverage is the alert's, else
 * the open position's in the coin, else Settings': an alert that names none never changes the
 * leverage of a position the trader holds (resetting an open 3x position to a default 1x did).
 */
export function planEntry(input: PlanOrderInput, midOk: boolean): PlanOrderResult {
  const { alert, settings, balance, positions, asset, mid, cloid } = input;
  const isBuy = alert.action === 'buy';
  const sz = asset.szDecimals;

  if (settings.trading.requireStopLoss && alert.stopLoss === undefined) {
    return rejectPlan('STOP_LOSS_REQUIRED', `"Require stop-loss for all trades" is on, and this ${alert.action} alert for ${asset.coin} has no stopLoss.`);
  }

  let referencePrice: string;
  let price: string;
  let legPrices: string[] | undefined;
  if (alert.ladder !== undefined) {
    // A ladder is sized at its average price: what its whole size costs once every order fills.
    const laddered = ladderPrices(alert.ladder, isBuy, sz, asset.coin);
    if (!laddered.ok) return laddered;
    legPrices = laddered.prices;
    price = legPrices[0] ?? '';
    referencePrice = ladderAveragePrice(legPrices);
  } else if (alert.orderType === 'limit') {
    if (alert.price === undefined) return rejectPlan('INVALID_PRICE', `The limit order for ${asset.coin} has no price.`);
    try {
      // Never loosen the trader's limit: a buy limit rounds down, a sell limit rounds up.
      price = roundPerpPrice(alert.price, sz, isBuy ? 'down' : 'up');
    } catch (error) {
      return rejectPlan('INVALID_PRICE', `Limit price ${alert.price} cannot be used for ${asset.coin}: ${(error as Error).message}`);
    }
    referencePrice = price;
  } else {
    if (!midOk) return rejectPlan('NO_MARKET_PRICE', `There is no market price for ${asset.coin} to size a market order on.`);
    referencePrice = toWireDecimal(mid);
    try {
      price = slippagePrice(mid, isBuy, settings.trading.slippageTolerance, sz);
    } catch (error) {
      return rejectPlan('NO_MARKET_PRICE', `No valid ${asset.coin} price near the mid ${referencePrice}: ${(error as Error).message}`);
    }
  }

  const protective = protectiveOrders(alert, isBuy, referencePrice, sz);
  if (!protective.ok) return protective;

  // Max Open Positions is the account's: a strategy's own positions are a share of it.
  const openCoins = new Set((input.accountPositions ?? positions).filter((p) => Number.isFinite(p.szi) && p.szi !== 0).map((p) => p.coin));
  const maxOpen = settings.riskLimits.maxOpenPositions;
  if (!openCoins.has(asset.coin) && openCoins.size >= maxOpen) {
    return rejectPlan(
      'MAX_OPEN_POSITIONS',
      `Opening a ${asset.coin} position would exceed Max Open Positions (${maxOpen}); ${openCoins.size} positions are already open.`,
    );
  }

  if (usableAmount(balance.availableBalance) === 0) {
    return rejectPlan('NO_BALANCE', `The account has no available balance to open a ${asset.coin} position.`);
  }
  const { leverage, clamped } = resolveLeverage(alert.leverage ?? openLeverage(positions, asset.coin) ?? settings.trading.leverage, asset.maxLeverage);
  // A size in coins is the amount its notional needs as margin: the same caps then apply.
  const coinsUsd = alert.quantity === undefined ? undefined : new Dec(alert.quantity).mul(referencePrice).div(leverage).toNumber();
  const requested = requestedAmount(settings, balance, alert.size ?? coinsUsd);
  if (requested === 0) {
    return rejectPlan('ZERO_AMOUNT', 'The position size from Settings is $0; set a sizing value above 0 or send a "size" in the alert.');
  }
  const amount = amountAfterLimits(requested, settings, balance);
  const notional = amount * leverage;
  // Divide in decimal: binary floats can land a hair under a whole lot and lose it to truncation.
  // Coins asked for and not capped are traded as asked, not through a round trip in dollars.
  const size =
    alert.size === undefined && alert.quantity !== undefined && amount === requested
      ? truncateSize(alert.quantity, sz)
      : truncateSize(new Dec(notional).div(referencePrice).toFixed(), sz);
  const capNote = describeCap(amountCap(requested, settings, balance), amount, requested);

  if (size === '0') {
    return rejectPlan(
      'ZERO_SIZE',
      `${formatUsd(notional)} (${formatUsd(amount)} × ${leverage}x) buys less than the smallest ${asset.coin} size step of ${toWireDecimal(new Dec(10).pow(-sz).toFixed())} at ${referencePrice}.${capNote}`,
    );
  }
  // The exchange checks px × sz of the order; the fill happens near the reference. Check the lower.
  const lowerPrice = Decimal.min(new Dec(price), new Dec(referencePrice)).toFixed();
  if (!meetsMinimumNotional(lowerPrice, size)) {
    return rejectPlan(
      'BELOW_MINIMUM_NOTIONAL',
      `The order is worth ${formatUsd(orderNotional(lowerPrice, size))} (${size} ${asset.coin} at ${lowerPrice}), below Hyperliquid's ${formatUsd(MIN_ORDER_NOTIONAL_USD)} minimum.${capNote}`,
    );
  }

  let ladder: { legs: OrderPlanLeg[]; size: string } | undefined;
  if (legPrices !== undefined) {
    const split = ladderLegs(legPrices, size, sz, input.legCloids ?? [cloid], asset.coin);
    if (!split.ok) return split;
    ladder = split;
  }
  const children = protective.children.map((child) => ({ ...child, size }));
  // A ladder is a limit entry whatever orderType says (the parser makes it one).
  const limit = alert.orderType === 'limit' || ladder !== undefined;
  const tif = limit ? LIMIT_TIF[alert.timeInForce ?? 'GTC'] : 'Ioc';
  return {
    ok: true,
    plan: {
      coin: asset.coin,
      assetId: asset.assetId,
      szDecimals: sz,
      isBuy,
      price,
      size: ladder?.size ?? size,
      reduceOnly: false,
      tif,
      orderType: limit ? 'limit' : 'market',
      cloid,
      leverage,
      leverageClamped: clamped,
      // A resting limit (GTC or ALO) keeps its TP/SL grouped: the venue places them when it fills. An IOC entry's
      // are placed by the executor once it knows the fill, sized to the strategy's whole position
      // (issue 39, point 3): grouped children go live only on a full fill, and only for this order's size.
      grouping: children.length > 0 && tif !== 'Ioc' ? 'normalTpsl' : 'na',
      children,
      requestedUsd: requested,
      amountUsd: amount,
      notionalUsd: notional,
      orderNotionalUsd: orderNotional(referencePrice, ladder?.size ?? size),
      referencePrice,
      ...(ladder !== undefined ? { ladder: ladder.legs } : {}),
    },
  };
}

function describeCap(cap: ReturnType<typeof amountCap>, amount: number, requested: number): string {
  if (cap === 'availableBalance') return ` The requested ${formatUsd(requested)} was capped at the available balance of ${formatUsd(amount)}.`;
  if (cap === 'maxPositionSize') return ` The requested ${formatUsd(requested)} was capped by Max Position Size at ${formatUsd(amount)}.`;
  return '';
}

/** The venue's spelling of an alert's time in force. */
const LIMIT_TIF = { GTC: 'Gtc', IOC: 'Ioc', ALO: 'Alo' } as const;
