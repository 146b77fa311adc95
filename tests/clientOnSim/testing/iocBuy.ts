import type { OrderToPlace } from '@hyperhook/hyperliquid';

/** What a plan prices a market buy at: the simulator's default mark plus 1 % slippage. */
const PRICE_AT_MARK_PLUS_1_PCT = { ETH: '3535', BTC: '97970', SOL: '181.8' } as const;

/** A market buy of `size` coins as the executor's plan hands it to placeOrder (an IOC at the slippage guard). */
export function iocBuy(coin: keyof typeof PRICE_AT_MARK_PLUS_1_PCT, size: string, cloid: string): OrderToPlace {
  return { coin, isBuy: true, price: PRICE_AT_MARK_PLUS_1_PCT[coin], size, reduceOnly: false, tif: 'Ioc', cloid };
}
