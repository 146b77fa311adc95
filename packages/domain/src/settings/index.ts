export * from './settingsSchema.js';
export * from './marginMode.js';
