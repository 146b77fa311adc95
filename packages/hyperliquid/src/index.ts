/**
 * @hyperhook/hyperliquid — the exchange client (orders, reads, key checks). The strict local
 * Hyperliquid simulator used by tests, demos and benchmarks is its own entry point,
 * `@hyperhook/hyperliquid/sim`, so the product's imports never pull it in.
 */
export * from './client/index.js';
export { secp256k1 } from './crypto/secp256k1.js';
