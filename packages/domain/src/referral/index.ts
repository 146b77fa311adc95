/** The referral prompt: what the trader reported, its decider and read model. */
export * from './referralEvents.js';
export * from './referralDecider.js';
export * from './referralProjection.js';
export * from './referralInfo.js';
export * from './referralQuery.js';
export * from './referralLive.js';
export * from './referralLiveShape.js';
