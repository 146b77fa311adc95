export * from './primitives.js';
export * from './sealed.js';
export * from './envelope.js';
export * from './signalStatus.js';
export * from './userEvents.js';
export * from './signalEvents.js';
export * from './accountEvents.js';
export * from './paperEvents.js';
export * from './reservationEvents.js';
export * from './domainEvent.js';
export * from './streams.js';
export * from './upcasters.js';
export * from './parseEvent.js';
// Shared primitives (errors, Decider type, results) are published through this module,
// because the package index is fixed to events, deciders and projections.
export * from '../shared/index.js';
