/** Position sizing, risk previews and order planning (spec §9, ARCHITECTURE §5 and §9). */
export { SizingBalanceSchema, type SizingBalance } from './sizingBalanceSchema.js';
export { requestedAmount } from './requestedAmount.js';
export { amountAfterLimits, amountCap, type AmountCap } from './amountAfterLimits.js';
export { effectiveExposure } from './effectiveExposure.js';
export { riskSnapshot, RiskSnapshotSchema, type RiskSnapshot } from './riskSnapshot.js';
export { slippageGuard, SlippageGuardSchema, type SlippageGuard } from './slippageGuard.js';
export { sizingPreview, SizingPreviewSchema, type SizingPreview, PreviewMarketSchema, type PreviewMarket } from './sizingPreview.js';
export {
  isLimitPlan,
  OrderPlanSchema,
  type OrderPlan,
  OrderPlanChildSchema,
  type OrderPlanChild,
  OrderPlanLegSchema,
  type OrderPlanLeg,
} from './orderPlanSchema.js';
export { PlanOrderInputSchema, type PlanOrderInput, PlanPositionSchema, type PlanPosition, PlanAssetSchema, type PlanAsset } from './planOrderInputSchema.js';
export {
  PlanRejectionCodeSchema,
  type PlanRejectionCode,
  PlanRejectionSchema,
  type PlanRejection,
  PlanOrderResultSchema,
  type PlanOrderResult,
} from './planRejection.js';
export { planOrder } from './planOrder.js';
