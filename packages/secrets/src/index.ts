export * from './masterKey.js';
export * from './sealer.js';
