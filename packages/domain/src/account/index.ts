/** The exchange account on `account-<uid>`: fills, position and balance snapshots, alert refusals, and the positions, balances and refusals read models. */
export * from './accountEvents.js';
export * from './positionsProjection.js';
export * from './positionView.js';
export * from './positionsQuery.js';
export * from './positionsLive.js';
export * from './positionsLiveShape.js';
export * from './balancesProjection.js';
export * from './balanceView.js';
export * from './balanceQuery.js';
export * from './balancesLive.js';
export * from './balancesLiveShape.js';
export * from './alertRefusalsProjection.js';
export * from './alertRefusalsView.js';
export * from './alertRefusalsQuery.js';
