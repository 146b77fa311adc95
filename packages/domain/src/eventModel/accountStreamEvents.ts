import { z } from 'zod';
import {
  AlertsRefusedSchema,
  BalanceSnapshotTakenSchema,
  FillRecordedSchema,
  FundingPaidSchema,
  PositionsSnapshotTakenSchema,
} from '../account/accountEvents.js';
import { OrderRestedSchema, PositionDriftReconciledSchema, RestingOrdersExpiredSchema } from '../ledger/ledgerEvents.js';
import { ProtectionUpdatedSchema } from '../protection/protectionEvents.js';

/**
 * The events of an `account-<uid>` stream, composed from the features that own them: the
 * account's fills, funding, snapshots and refusals, the ledger's drift and resting orders, and protection.
 */
export const AccountEventSchema = z.discriminatedUnion('type', [
  FillRecordedSchema,
  PositionsSnapshotTakenSchema,
  BalanceSnapshotTakenSchema,
  AlertsRefusedSchema,
  PositionDriftReconciledSchema,
  ProtectionUpdatedSchema,
  OrderRestedSchema,
  RestingOrdersExpiredSchema,
  FundingPaidSchema,
]);
/** An event of an account stream. */
export type AccountEvent = z.infer<typeof AccountEventSchema>;
