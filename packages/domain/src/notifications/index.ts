/** Notices: the channels, preferences and push subscriptions a trader keeps, their deciders, and the rules of when a notice goes out. */
export * from './noticeEvents.js';
export * from './notificationChannels.js';
export * from './notificationPreferences.js';
export * from './notificationPreferenceEvents.js';
export * from './notificationChannelEvents.js';
export * from './pushSubscriptionEvents.js';
export * from './venueRefusals.js';
export * from './silenceAlarm.js';
export * from './dailySummaryTime.js';
export * from './pushSubscriptionsDecider.js';
export * from './notificationChannelsDecider.js';
export * from './notificationPreferencesDecider.js';
