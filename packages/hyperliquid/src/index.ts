/**
 * @hyperhook/hyperliquid — the exchange client (orders, reads, key checks), its signing and the
 * venue's request weights. The strict local simulator (`@hyperhook/venue-sim`) and the venue
 * engine (`@hyperhook/venue-engine`) are packages of their own: the client depends on neither.
 */
export * from './client/index.js';
export { secp256k1 } from './crypto/secp256k1.js';
// The simulator checks signatures and prices requests by the same definitions the client signs and meters with.
export { APPROVE_AGENT_TYPES, l1AgentDigest, ZERO_ADDRESS } from './crypto/typedDataDigest.js';
export { DEFAULT_IP_WEIGHT_PER_MINUTE, infoType, requestWeight, responseWeight } from './venue/requestWeight.js';
