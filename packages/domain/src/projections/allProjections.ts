import { balancesProjection } from './balancesProjection.js';
import { keySummaryProjection } from './keySummaryProjection.js';
import { positionsProjection } from './positionsProjection.js';
import type { Projection } from './readModel.js';
import { referralProjection } from './referralProjection.js';
import { settingsProjection } from './settingsProjection.js';
import { webhookAccessProjection } from './webhookAccessProjection.js';
import { webhookLogsProjection } from './webhookLogsProjection.js';
import { webhookRoutesProjection } from './webhookRoutesProjection.js';

/** Every read model the projector maintains, each in its own collection. */
export const allProjections: readonly Projection<unknown>[] = Object.freeze([
  webhookLogsProjection,
  positionsProjection,
  balancesProjection,
  settingsProjection,
  keySummaryProjection,
  referralProjection,
  webhookRoutesProjection,
  webhookAccessProjection,
] as Projection<unknown>[]);
