import type { IconName } from '../../components/Icon';

/** The five tabs of the dashboard, in the spec's order; the id is the `?tab=` value. */
export const TABS = [
  { id: 'webhook', label: 'WEBHOOK', title: 'Webhook', icon: 'webhook' },
  { id: 'keys', label: 'API KEYS', title: 'API Keys', icon: 'key' },
  { id: 'logs', label: 'WEBHOOK LOGS', title: 'Webhook Logs', icon: 'logs' },
  { id: 'positions', label: 'POSITIONS', title: 'Positions', icon: 'positions' },
  { id: 'settings', label: 'SETTINGS', title: 'Settings', icon: 'settings' },
] as const satisfies readonly { id: string; label: string; title: string; icon: IconName }[];

export type TabId = (typeof TABS)[number]['id'];

/** The tab a URL names; WEBHOOK when it names none or an unknown one. */
export function tabFromSearch(search: URLSearchParams): TabId {
  const wanted = search.get('tab');
  return TABS.find((tab) => tab.id === wanted)?.id ?? 'webhook';
}
