import { LIQUIDATION_REARM_FACTOR, MARGIN_REARM_POINTS } from '@hyperhook/domain';
import { NobodyGets } from './NobodyGets';
import { LIQUIDATION_DISTANCE_BOUNDS, MARGIN_USAGE_BOUNDS, type FieldErrors, type NotificationsDraft, type RiskAlarmsDraft } from './notificationsDraft';
import { RiskAlarmField } from './RiskAlarmField';

/**
 * The alarms after the order (issue 42, point 2): how near its liquidation price a position may
 * come and how much margin may be in use before the trader is told, once per crossing, from the
 * snapshots hyperhook takes anyway; and the alarms with no threshold to set, drift among them.
 */
export function RiskAlarms({
  draft,
  alarms,
  errors,
  onChange,
}: {
  draft: NotificationsDraft;
  alarms: RiskAlarmsDraft;
  errors: FieldErrors;
  onChange: (alarms: RiskAlarmsDraft) => void;
}) {
  return (
    <div className="form-grid">
      <div className="form-grid form-grid--2">
        <RiskAlarmField
          label="Distance to liquidation (%)"
          tick="Tell me when a position nears liquidation"
          hint={`From the mark to the liquidation price. Told once, until the position is back beyond ${LIQUIDATION_REARM_FACTOR} × this distance.`}
          alarm={alarms.liquidation}
          bounds={LIQUIDATION_DISTANCE_BOUNDS}
          error={errors['riskAlarms.liquidationDistancePct']}
          onChange={(liquidation) => onChange({ ...alarms, liquidation })}
        />
        <RiskAlarmField
          label="Margin in use (% of account value)"
          tick="Tell me when margin usage is high"
          hint={`Told once, until it is back ${MARGIN_REARM_POINTS} points below.`}
          alarm={alarms.margin}
          bounds={MARGIN_USAGE_BOUNDS}
          error={errors['riskAlarms.marginUsagePct']}
          onChange={(margin) => onChange({ ...alarms, margin })}
        />
      </div>
      {alarms.liquidation.on && <NobodyGets draft={draft} event="position.liquidation_risk" />}
      {alarms.margin.on && <NobodyGets draft={draft} event="account.margin_usage" />}
      <p className="muted">
        Without a threshold to set, and ticked above per channel: position drift (Hyperliquid holds other than your strategies), a stop not placed, a
        liquidation, and your API wallet’s expiry a week and a day ahead.
      </p>
      <NobodyGets draft={draft} event="position.drift" />
      <NobodyGets draft={draft} event="keys.expiring" />
    </div>
  );
}
