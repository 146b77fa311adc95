export * from './strategyIds.js';
export * from './strategiesState.js';
export * from './strategiesDecider.js';
