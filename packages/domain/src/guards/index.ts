/** Guards before the order (issue 42): what a strategy refuses to enter, and why. */
export * from './alertGuards.js';
export * from './checkEntryGuards.js';
export * from './describeGuards.js';
export * from './guardFacts.js';
export * from './guardPlannedEntry.js';
export * from './previewGuards.js';
