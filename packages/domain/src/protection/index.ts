export * from './protectionEvents.js';
export * from './protectionPlan.js';
export * from './breakEven.js';
export * from './takeProfits.js';
export * from './trailingStop.js';
export * from './stopMoves.js';
export * from './armExits.js';
