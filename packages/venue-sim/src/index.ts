/**
 * @hyperhook/venue-sim — the strict local Hyperliquid simulator: `/info` and `/exchange` as strict
 * as the venue (exact response shapes and error strings, independent signature verification, nonce
 * rules, the venue engine's tick/lot rules, margin, reduce-only, TP/SL), the venue's per-IP weight
 * budget, the WebSocket API at /ws (subscriptions, ping, post), plus fault and connection-drop
 * injection for resilience tests. The state and its rules are `@hyperhook/venue-engine`'s.
 */
export { startSimulator, DEFAULT_PRICE_TICK_MS } from './startSimulator.js';
export { loadSimSeed, parseSimSeed } from './loadSimSeed.js';
export { parseIpWeightPerMinute } from './ipWeightOption.js';
export { DEFAULT_WS_IDLE_TIMEOUT_MS, MAX_WS_CONNECTIONS_PER_IP, WS_PATH } from './wsApi.js';
export { l1ActionHash } from './l1ActionHash.js';
export { canonicalL1Action } from './canonicalAction.js';
export { recoverL1Signer, recoverUserSignedSigner } from './verifySignature.js';
export type { FaultKind, FaultSpec, SimNetwork, SimStats, SimTotals, Simulator, SimulatorOptions } from './types.js';
