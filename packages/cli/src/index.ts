/**
 * @hyperhook/cli — `hyperhook start | api | projector | executor | sim | replay | export`.
 * Exported: the wiring the benchmarks start the product's api with, so they measure what
 * `npm start` runs.
 */
export { loadConfig } from './config.js';
export { apiDepsOf } from './apiDeps.js';
export { sealersOf } from './buildRoleDeps.js';
