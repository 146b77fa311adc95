/** The paper strategies' accounts on `paper-<uid>` and their read model. */
export * from './paperEvents.js';
export * from './paperBreakEven.js';
export * from './paperExits.js';
export * from './paperAccountsProjection.js';
export * from './paperAccountQuery.js';
