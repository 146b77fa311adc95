/** The trading settings: their schema and validation, their decider and read model. */
export * from './settingsSchema.js';
export * from './marginMode.js';
export * from './settingsEvents.js';
export * from './settingsValidation.js';
export * from './settingsDecider.js';
export * from './settingsProjection.js';
export * from './settingsQuery.js';
export * from './settingsLive.js';
export * from './settingsLiveShape.js';
