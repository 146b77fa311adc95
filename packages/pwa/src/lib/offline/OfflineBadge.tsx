import { useOnline } from './useOnline';

/** The "Offline" badge: the page shows the last loaded data and actions that need the network are off. */
export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <span
      className="badge badge--warning offline-badge"
      role="status"
      title="You are offline: showing the last loaded data. Actions that need the network are disabled."
    >
      Offline
    </span>
  );
}
