/** The trader's account on `user-<uid>`: sign-up, identities, sessions, webhook URLs and the IP allowlist, and the email and identity claims. */
export * from './userEvents.js';
export * from './reservationEvents.js';
export * from './signUpInput.js';
export * from './accountDecider.js';
export * from './webhookRoutesProjection.js';
export * from './webhookAccessProjection.js';
export * from './webhookAccessQuery.js';
