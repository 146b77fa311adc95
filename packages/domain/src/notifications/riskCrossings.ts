import type { BalanceSnapshotTaken, PositionSnapshot } from '../account/accountEvents.js';
import type { RiskAlarmCleared, RiskAlarmRaised } from './alarmEvents.js';
import { LIQUIDATION_REARM_FACTOR, MARGIN_REARM_POINTS, type RiskAlarms } from './riskAlarmSettings.js';
import { liquidationReadings, marginUsagePct } from './riskReadings.js';

/** The raised alarms by key: `liquidation:<coin>` or `marginUsage`. */
export type RaisedAlarms = Readonly<Record<string, RiskAlarmRaised['data']>>;

/** The key an alarm is raised under. */
export const alarmKey = (alarm: 'liquidation' | 'marginUsage', coin: string | null): string =>
  alarm === 'liquidation' ? `liquidation:${coin}` : 'marginUsage';

type Crossing = RiskAlarmRaised | RiskAlarmCleared;

/**
 * What a positions snapshot changes in the liquidation alarms: a position whose distance fell
 * below the threshold is raised (once: a raised one stays raised while it wavers), and a raised
 * one is cleared when its distance is back above 1.2 × the threshold, when the coin is no longer
 * held (a snapshot lists every open position) or when the alarm was turned off.
 */
export function liquidationCrossings(raised: RaisedAlarms, positions: readonly PositionSnapshot[], thresholds: RiskAlarms, at: string): Crossing[] {
  const threshold = thresholds.liquidationDistancePct;
  const readings = new Map(liquidationReadings(positions).map((r) => [r.coin, r]));
  const crossings: Crossing[] = [];
  const clearing = new Set<string>();
  for (const alarm of Object.values(raised)) {
    if (alarm.alarm !== 'liquidation') continue;
    const reading = readings.get(alarm.coin);
    // Gone from the snapshot (closed), without a liquidation price (margin enough at any price), flipped, or back with room.
    const safe = reading === undefined || reading.side !== alarm.side || (threshold !== null && reading.distancePct >= threshold * LIQUIDATION_REARM_FACTOR);
    if (threshold === null || safe) {
      crossings.push(cleared('liquidation', alarm.coin, at));
      clearing.add(alarm.coin);
    }
  }
  if (threshold === null) return crossings;
  for (const reading of readings.values()) {
    const key = alarmKey('liquidation', reading.coin);
    if (reading.distancePct >= threshold || (raised[key] !== undefined && !clearing.has(reading.coin))) continue;
    crossings.push({
      type: 'RiskAlarmRaised',
      v: 1,
      data: { alarm: 'liquidation', ...reading, thresholdPct: threshold, at },
    });
  }
  return crossings;
}

/**
 * What a balance snapshot changes in the margin-usage alarm: raised when the margin in use reaches
 * the threshold, cleared when it is back below the threshold less 5 points or the alarm is off.
 */
export function marginCrossings(
  raised: RaisedAlarms,
  balance: Pick<BalanceSnapshotTaken['data'], 'marginUsed' | 'totalEquity'>,
  thresholds: RiskAlarms,
  at: string,
): Crossing[] {
  const threshold = thresholds.marginUsagePct;
  const usage = marginUsagePct(balance) ?? 0;
  const isRaised = raised[alarmKey('marginUsage', null)] !== undefined;
  if (isRaised) return threshold === null || usage < threshold - MARGIN_REARM_POINTS ? [cleared('marginUsage', null, at)] : [];
  if (threshold === null || usage < threshold) return [];
  return [{ type: 'RiskAlarmRaised', v: 1, data: { alarm: 'marginUsage', usagePct: usage, thresholdPct: threshold, at } }];
}

function cleared(alarm: 'liquidation' | 'marginUsage', coin: string | null, at: string): RiskAlarmCleared {
  return { type: 'RiskAlarmCleared', v: 1, data: { alarm, coin, at } };
}
