import { alertRefusalsProjection } from './alertRefusals/alertRefusalsProjection.js';
import { balancesProjection } from './balances/balancesProjection.js';
import { keySummaryProjection } from './keySummary/keySummaryProjection.js';
import { paperAccountsProjection } from './paperAccounts/paperAccountsProjection.js';
import { positionsProjection } from './positions/positionsProjection.js';
import type { Projection } from './readModel.js';
import { referralProjection } from './referral/referralProjection.js';
import { settingsProjection } from './settings/settingsProjection.js';
import { strategyPositionsProjection } from './strategyPositions/strategyPositionsProjection.js';
import { webhookAccessProjection } from './webhookAccess/webhookAccessProjection.js';
import { webhookLogsProjection } from './webhookLogs/webhookLogsProjection.js';
import { webhookRoutesProjection } from './webhookRoutes/webhookRoutesProjection.js';

/** Every read model the projector maintains, each in its own collection. */
export const allProjections: readonly Projection<unknown>[] = Object.freeze([
  webhookLogsProjection,
  positionsProjection,
  balancesProjection,
  paperAccountsProjection,
  settingsProjection,
  keySummaryProjection,
  referralProjection,
  webhookRoutesProjection,
  webhookAccessProjection,
  alertRefusalsProjection,
  strategyPositionsProjection,
] as Projection<unknown>[]);
