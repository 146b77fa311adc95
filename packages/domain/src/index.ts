/**
 * @hyperhook/domain — pure domain code: no I/O, no clocks, no randomness.
 * Time and ids come in through commands and events.
 */
export * from './settings/index.js';
export * from './alert/index.js';
export * from './sizing/index.js';
export * from './ledger/index.js';
export * from './protection/index.js';
export * from './exchange/index.js';
export * from './events/index.js';
export * from './deciders/index.js';
export * from './strategies/index.js';
export * from './notifications/noticeEvents.js';
export * from './notifications/notificationChannels.js';
export * from './notifications/notificationPreferences.js';
export * from './notifications/notificationPreferenceEvents.js';
export * from './notifications/venueRefusals.js';
export * from './notifications/silenceAlarm.js';
export * from './notifications/dailySummaryTime.js';
export * from './readModels/index.js';
export * from './views/index.js';
export * from './history/redactEvent.js';
export * from './history/describeEvent.js';
