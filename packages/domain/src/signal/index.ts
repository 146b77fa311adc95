/** One alert's life on `signal-<id>`: its events and status, its decider, and the webhook-log read model. */
export * from './signalStatus.js';
export * from './signalEvents.js';
export * from './signalDecider.js';
export * from './webhookLogsProjection.js';
export * from './webhookLogView.js';
export * from './webhookLogsQuery.js';
export * from './webhookLogsLive.js';
export * from './webhookLogsLiveShape.js';
export * from './laterEntry.js';
export * from './protectionLater.js';
