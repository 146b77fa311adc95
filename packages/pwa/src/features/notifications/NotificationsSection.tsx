import { useOnline } from '../../lib/offline/useOnline';
import { useNow } from '../../lib/useNow';
import { DeliveriesCard } from './DeliveriesCard';
import { NotificationsForm } from './NotificationsForm';
import { NotificationsLoading } from './NotificationsLoading';
import { useNotificationsForm } from './useNotificationsForm';
import './notifications.css';

/**
 * The Notifications section of Settings (issue 30, point 4), for the whole account: the channels
 * (Telegram, Discord, an outgoing webhook) with the events each gets and a test, the events web
 * push brings, a silence alarm per strategy, the daily summary, and the delivery history. Parts the
 * api does not answer yet are not shown.
 */
export default function NotificationsSection() {
  const form = useNotificationsForm();
  const online = useOnline();
  const now = useNow();
  const { draft, view } = form;

  return (
    <section className="stack notifications" aria-labelledby="notifications-title">
      <div>
        <h2 id="notifications-title">Notifications</h2>
        <p className="muted notifications__intro">
          For your whole account: hear at once, where you already are, that an alert failed or a strategy went quiet.
        </p>
      </div>
      {draft === null || view === undefined ? (
        <NotificationsLoading failed={form.query.isError} onRetry={() => void form.query.refetch()} />
      ) : (
        <NotificationsForm form={form} draft={draft} view={view} online={online} now={now} />
      )}
      {view !== undefined && <DeliveriesCard channels={view.channels} now={now} />}
    </section>
  );
}
