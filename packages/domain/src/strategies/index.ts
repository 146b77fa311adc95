/** Strategies: their events, state and decider (their ids are the event model's, carried by most events). */
export * from './strategyEvents.js';
export * from './strategiesState.js';
export * from './strategiesDecider.js';
