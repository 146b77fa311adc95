import type { HyperliquidClient, SignerRef } from '@hyperhook/hyperliquid';

/**
 * Opens a BTC long on the simulator through the call the executor places its orders with: an IOC
 * as a plan prices it at the 97 000 mark with 1 % slippage. For tests that need a position behind
 * their reads.
 */
export function openBtcLong(client: HyperliquidClient, signer: SignerRef, size: string, cloid: string): ReturnType<HyperliquidClient['placeOrder']> {
  return client.placeOrder(signer, { coin: 'BTC', isBuy: true, price: '97970', size, reduceOnly: false, tif: 'Ioc', cloid });
}
