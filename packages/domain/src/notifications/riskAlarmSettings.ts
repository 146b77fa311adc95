import { z } from 'zod';

/**
 * The position alarms a trader tunes (issue 42, point 2): how near its liquidation price a
 * position's mark may come, and how much of the account's value its margin may use, before they
 * are told. Null turns one off.
 */
/** The range of each threshold, in percent: the schema's bounds, and the form's. */
export const RISK_ALARM_BOUNDS = Object.freeze({
  liquidationDistancePct: Object.freeze({ min: 1, max: 50 }),
  marginUsagePct: Object.freeze({ min: 10, max: 100 }),
});

export const RiskAlarmsSchema = z.strictObject({
  liquidationDistancePct: z
    .number()
    .min(RISK_ALARM_BOUNDS.liquidationDistancePct.min)
    .max(RISK_ALARM_BOUNDS.liquidationDistancePct.max)
    .nullable()
    .describe("Tell when a position's mark comes within this percentage of its liquidation price; null: off"),
  marginUsagePct: z
    .number()
    .min(RISK_ALARM_BOUNDS.marginUsagePct.min)
    .max(RISK_ALARM_BOUNDS.marginUsagePct.max)
    .nullable()
    .describe("Tell when margin in use reaches this percentage of the account's value; null: off"),
});
/** The position alarms' thresholds. */
export type RiskAlarms = z.infer<typeof RiskAlarmsSchema>;

/** What every trader gets until they choose: 10 % from liquidation, 80 % of the account's value in margin. */
export const DEFAULT_RISK_ALARMS: RiskAlarms = Object.freeze({ liquidationDistancePct: 10, marginUsagePct: 80 });

/**
 * How far back past its threshold a reading must come before the alarm is armed again, so a mark
 * wavering at the line tells once, not at every snapshot: the distance back above 1.2 × its
 * threshold (10 % → 12 %), the margin in use back below its threshold less 5 points (80 % → 75 %).
 */
export const LIQUIDATION_REARM_FACTOR = 1.2;
export const MARGIN_REARM_POINTS = 5;

/** The thresholds in force: the saved ones, or the defaults for preferences saved before they existed. */
export function riskAlarmsOf(preferences: { readonly riskAlarms?: RiskAlarms | undefined }): RiskAlarms {
  return preferences.riskAlarms ?? DEFAULT_RISK_ALARMS;
}
