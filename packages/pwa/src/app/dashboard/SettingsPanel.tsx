import NotificationsSection from '../../features/notifications/NotificationsSection';
import SettingsTab from '../../features/settings/SettingsTab';

/** The SETTINGS tab as the dashboard shows it: the strategy's settings, then the account's Notifications (issue 30, point 4). */
export default function SettingsPanel() {
  return (
    <div className="stack settings-panel">
      <SettingsTab />
      <NotificationsSection />
    </div>
  );
}
