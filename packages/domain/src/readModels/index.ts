/**
 * The read-model machinery: what a projection and a live read model are, how they are read, and
 * the registries of every projection and every live read model. Each read model itself lives in its
 * feature's folder: its projection, view schema, query and (for what clients see live) `<name>Live.ts`.
 */
export * from './readModel.js';
export * from './readModelReader.js';
export * from './inMemoryReader.js';
export * from './normaliseTimestamp.js';
export * from './liveReadModel.js';
export * from './allProjections.js';
export * from './liveMessages.js';
export * from './liveShapes.js';
