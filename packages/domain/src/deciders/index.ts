// The given/when/then helper in ./testing/ is for tests only and is deliberately not exported.
export * from './requireAccount.js';
export * from './signUpInput.js';
export * from './accountDecider.js';
export * from './credentialsInput.js';
export * from './credentialsDecider.js';
export * from './storedCredentials.js';
export * from './settingsValidation.js';
export * from './settingsDecider.js';
export * from './referralDecider.js';
export * from './pushSubscriptionsDecider.js';
export * from './signalDecider.js';
export * from './tradingSwitchDecider.js';
export * from './notificationChannelsDecider.js';
export * from './notificationPreferencesDecider.js';
