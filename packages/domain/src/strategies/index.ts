/** Strategies: their ids, state and decider. */
export * from './strategyIds.js';
export * from './strategyEvents.js';
export * from './strategiesState.js';
export * from './strategiesDecider.js';
