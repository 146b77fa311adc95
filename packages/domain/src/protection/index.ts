export * from './protectionEvents.js';
export * from './protectionPlan.js';
