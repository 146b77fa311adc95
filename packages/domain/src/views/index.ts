/**
 * What the api answers and the PWA reads, as zod schemas: one definition for the route's response
 * schema, the client's parse and the types of both.
 */
export * from './sessionViews.js';
export * from './webhookLogView.js';
export * from './positionView.js';
export * from './balanceView.js';
export * from './credentialsRecord.js';
export * from './referralInfo.js';
export * from './orderPreview.js';
export * from './liveMessage.js';
export * from './publicConfig.js';
