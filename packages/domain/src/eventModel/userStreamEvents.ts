import { z } from 'zod';
import {
  UserSignedUpSchema,
  ExternalIdentityLinkedSchema,
  WebhookSecretRotatedSchema,
  SessionRevokedSchema,
  IpAllowlistUpdatedSchema,
} from '../user/userEvents.js';
import { CredentialsSavedSchema, CredentialsDeletedSchema, CredentialsCheckedSchema } from '../credentials/credentialsEvents.js';
import { SettingsUpdatedSchema, SettingsResetSchema } from '../settings/settingsEvents.js';
import { ReferralSelfReportedSchema, ReferralDeclinedSchema, ReferralJoinClickedSchema, ReferralEventLoggedSchema } from '../referral/referralEvents.js';
import { PushSubscriptionAddedSchema, PushSubscriptionRemovedSchema } from '../notifications/pushSubscriptionEvents.js';
import { NotificationChannelsUpdatedSchema } from '../notifications/notificationChannelEvents.js';
import { NotificationPreferencesUpdatedSchema, StrategySilenceNoticedSchema, DailySummarySentSchema } from '../notifications/notificationPreferenceEvents.js';
import { RiskAlarmRaisedSchema, RiskAlarmClearedSchema, KeysExpiryNoticedSchema } from '../notifications/alarmEvents.js';
import { TradingPausedSchema, TradingResumedSchema, CloseAllRequestedSchema } from '../tradingSwitch/tradingSwitchEvents.js';
import {
  StrategyCreatedSchema,
  StrategyRenamedSchema,
  StrategyPausedSchema,
  StrategyResumedSchema,
  StrategyDeletedSchema,
  PaperAccountResetSchema,
  StrategyPromotedSchema,
  StrategySubAccountBoundSchema,
  StrategyGuardsSetSchema,
  AccountGuardsSetSchema,
} from '../strategies/strategyEvents.js';

/**
 * The events of a `user-<uid>` stream, composed from the features that own them: each feature keeps
 * its events' schemas in its own folder, and this union is what a user stream may hold.
 */
export const UserEventSchema = z.discriminatedUnion('type', [
  UserSignedUpSchema,
  ExternalIdentityLinkedSchema,
  WebhookSecretRotatedSchema,
  CredentialsSavedSchema,
  CredentialsDeletedSchema,
  CredentialsCheckedSchema,
  SettingsUpdatedSchema,
  SettingsResetSchema,
  ReferralSelfReportedSchema,
  ReferralDeclinedSchema,
  ReferralJoinClickedSchema,
  ReferralEventLoggedSchema,
  PushSubscriptionAddedSchema,
  PushSubscriptionRemovedSchema,
  SessionRevokedSchema,
  IpAllowlistUpdatedSchema,
  NotificationChannelsUpdatedSchema,
  NotificationPreferencesUpdatedSchema,
  StrategySilenceNoticedSchema,
  DailySummarySentSchema,
  RiskAlarmRaisedSchema,
  RiskAlarmClearedSchema,
  KeysExpiryNoticedSchema,
  TradingPausedSchema,
  TradingResumedSchema,
  CloseAllRequestedSchema,
  StrategyCreatedSchema,
  StrategyRenamedSchema,
  StrategyPausedSchema,
  StrategyResumedSchema,
  StrategyDeletedSchema,
  PaperAccountResetSchema,
  StrategyPromotedSchema,
  StrategySubAccountBoundSchema,
  StrategyGuardsSetSchema,
  AccountGuardsSetSchema,
]);
/** An event of a user stream. */
export type UserEvent = z.infer<typeof UserEventSchema>;
