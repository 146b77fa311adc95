/** The trader's switch: pausing and resuming trading, and closing every position. */
export * from './tradingSwitchEvents.js';
export * from './tradingSwitchDecider.js';
