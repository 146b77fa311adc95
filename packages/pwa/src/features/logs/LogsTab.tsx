import { useAuth } from '../../lib/auth/useAuth';
import { SignedInLogs } from './SignedInLogs';
import './logs.css';

/** The WEBHOOK LOGS tab, "Webhook Performance" (spec §2): every signal, live, with where its time went. */
export default function LogsTab() {
  const { status } = useAuth();
  return (
    <section className="stack logs" aria-labelledby="logs-title">
      <header className="logs-head">
        <h2 id="logs-title">Webhook Performance</h2>
        <p className="muted logs-head__subtitle">Monitor signal throughput, errors, and processing latency in real time</p>
      </header>
      {status === 'signedIn' ? (
        <SignedInLogs />
      ) : status === 'loading' ? (
        <p className="page-loading" role="status">
          Loading...
        </p>
      ) : (
        <p className="empty">Please sign in to view webhook logs.</p>
      )}
    </section>
  );
}
