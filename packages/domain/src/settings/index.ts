export * from './settingsSchema.js';
