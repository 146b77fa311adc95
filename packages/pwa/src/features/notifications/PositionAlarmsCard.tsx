import { Card } from '../../components/Card';
import type { NotificationsFormProps } from './notificationsFormProps';
import { RiskAlarms } from './RiskAlarms';

/** "Position alarms": liquidation distance, margin usage and the alarms without a threshold; nothing when the api answered without them. */
export function PositionAlarmsCard({ form, draft }: Pick<NotificationsFormProps, 'form' | 'draft'>) {
  if (draft.riskAlarms === null) return null;
  return (
    <Card
      title="Position alarms"
      subtitle="Be told before a position is in trouble, from the snapshots hyperhook already takes: no extra calls to Hyperliquid."
      headingLevel={3}
      id="notification-alarms"
    >
      <RiskAlarms
        draft={draft}
        alarms={draft.riskAlarms}
        errors={form.errors}
        onChange={(riskAlarms) => form.edit((d) => ({ ...d, riskAlarms }), ['riskAlarms'])}
      />
    </Card>
  );
}
