import { Card } from '../../components/Card';
import { DailySummary } from './DailySummary';
import { NobodyGets } from './NobodyGets';
import type { NotificationsFormProps } from './notificationsFormProps';

/** "Daily summary": on or off, its time and zone; nothing when the api answered without it. */
export function DailySummaryCard({ form, draft }: Pick<NotificationsFormProps, 'form' | 'draft'>) {
  if (draft.dailySummary === null) return null;
  return (
    <Card
      title="Daily summary"
      subtitle="Alerts received, executed and failed, realised P&L and open positions, once a day."
      headingLevel={3}
      id="notification-summary"
    >
      <div className="form-grid">
        <DailySummary
          summary={draft.dailySummary}
          errors={form.errors}
          onChange={(dailySummary) => form.edit((d) => ({ ...d, dailySummary }), ['dailySummary'])}
        />
        {draft.dailySummary.on && <NobodyGets draft={draft} event="summary.daily" />}
      </div>
    </Card>
  );
}
