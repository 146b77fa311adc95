/**
 * @hyperhook/hyperliquid — the exchange client (orders, reads, key checks) and the strict local
 * Hyperliquid simulator used by tests, demos and benchmarks.
 */
export * from './client/index.js';
export * from './sim/index.js';
