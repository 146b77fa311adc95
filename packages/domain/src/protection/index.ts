export * from './protectionEvents.js';
export * from './protectionPlan.js';
export * from './breakEven.js';
