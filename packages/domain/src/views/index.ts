/**
 * What the api answers and the PWA reads, and the bodies and queries the PWA sends, as zod
 * schemas: one definition for the route's schema, the client's parse or body and the types of
 * both. The views of the read models live beside their projections, in their features' folders.
 */
export * from './sessionViews.js';
export * from './orderPreview.js';
export * from './publicConfig.js';
export * from './exchangeBudget.js';
export * from './tradingSwitch.js';
export * from './strategies.js';
export * from './closeAll.js';
export * from './history.js';
export * from './notifications.js';
export * from './push.js';
export * from './authRequests.js';
export * from './accountRequests.js';
export * from './logRequests.js';
export * from './referralRequests.js';
export * from './approvals.js';
