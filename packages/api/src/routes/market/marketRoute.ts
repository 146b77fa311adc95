import { mapSymbolToCoin, MarketParamsSchema, MarketViewSchema, type MarketView } from '@hyperhook/domain';
import { loadUserProfile } from '@hyperhook/trading';
import { HyperliquidReadError, unknownCoinMessage, type PerpAsset } from '@hyperhook/hyperliquid';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { venueReadFailure } from '../../http/venueRefusal.js';
import { envelopeOf } from '../auth/schemas.js';

/**
 * GET /api/market/:coin: a coin's mid price, size decimals and maximum leverage on the network of
 * the user's keys (mainnet without keys), for the Settings tab's slippage guard and previews.
 * 404 for a coin the venue does not list; 429 with Retry-After when a request budget refused the
 * read; 502 when the venue cannot be read.
 */
export const marketRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/market/:coin', { schema: { tags: ['market'], params: MarketParamsSchema, response: { 200: envelopeOf(MarketViewSchema) } } }, async (request) => {
    const { credentials } = await loadUserProfile(app.deps.store.eventStore, requireUser(request).uid);
    const isTestnet = credentials?.isTestnet ?? false;
    const coin = mapSymbolToCoin(request.params.coin);
    if (coin === null) throw new ApiError(404, unknownCoinMessage(request.params.coin));
    const exchange = app.deps.hyperliquid(isTestnet);
    let asset: PerpAsset | undefined;
    let mids: Record<string, number>;
    try {
      [asset, mids] = await Promise.all([exchange.getAsset(isTestnet, coin), exchange.getMids(isTestnet)]);
    } catch (error) {
      if (!(error instanceof HyperliquidReadError)) throw error;
      request.log.warn({ err: error }, 'market read failed');
      throw venueReadFailure(error);
    }
    if (asset === undefined) throw new ApiError(404, unknownCoinMessage(coin));
    const mid = mids[asset.coin];
    if (mid === undefined || !Number.isFinite(mid)) throw new ApiError(502, `Hyperliquid gave no mid price for ${asset.coin}; try again in a moment.`);
    const view: MarketView = {
      coin: asset.coin,
      network: isTestnet ? 'testnet' : 'mainnet',
      mid,
      szDecimals: asset.szDecimals,
      maxLeverage: asset.maxLeverage,
    };
    return ok(view);
  });
};
