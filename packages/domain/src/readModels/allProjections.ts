import { alertRefusalsProjection } from '../account/alertRefusalsProjection.js';
import { balancesProjection } from '../account/balancesProjection.js';
import { keySummaryProjection } from '../credentials/keySummaryProjection.js';
import { paperAccountsProjection } from '../paper/paperAccountsProjection.js';
import { positionsProjection } from '../account/positionsProjection.js';
import type { Projection } from './readModel.js';
import { referralProjection } from '../referral/referralProjection.js';
import { settingsProjection } from '../settings/settingsProjection.js';
import { strategyPositionsProjection } from '../ledger/strategyPositionsProjection.js';
import { webhookAccessProjection } from '../user/webhookAccessProjection.js';
import { webhookLogsProjection } from '../signal/webhookLogsProjection.js';
import { webhookRoutesProjection } from '../user/webhookRoutesProjection.js';

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
