/** The event model every feature builds on: the envelope, primitives and strategy ids, the streams, and the log as a whole (the unions of every feature's events, upcasting and parsing). */
export * from './primitives.js';
export * from './sealed.js';
export * from './envelope.js';
export * from './streams.js';
export * from './strategyIds.js';
export * from './userStreamEvents.js';
export * from './accountStreamEvents.js';
export * from './domainEvent.js';
export * from './upcasters.js';
export * from './parseEvent.js';
