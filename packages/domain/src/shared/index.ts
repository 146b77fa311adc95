export * from './domainError.js';
export * from './result.js';
export * from './decider.js';
export * from './assertNever.js';
export * from './hexPatterns.js';
export * from './numberOrZero.js';
export * from './plural.js';
export * from './shortAddress.js';
