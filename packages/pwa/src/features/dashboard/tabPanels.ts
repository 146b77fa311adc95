import type { ComponentType } from 'react';
import type { TabId } from './tabs';

/** Each tab's code, a chunk of its own: the dashboard opens on one tab without downloading the other four. */
export const TAB_PANELS: Record<TabId, () => Promise<{ default: ComponentType }>> = {
  webhook: () => import('../webhook/WebhookTab'),
  keys: () => import('../keys/KeysTab'),
  logs: () => import('../logs/LogsTab'),
  positions: () => import('../positions/PositionsTab'),
  settings: () => import('../settings/SettingsTab'),
};
