import type { ComponentType } from 'react';
import type { TabId } from './tabs';

/** Each tab's code, a chunk of its own: the dashboard opens on one tab without downloading the other four. */
export const TAB_PANELS: Record<TabId, () => Promise<{ default: ComponentType }>> = {
  webhook: () => import('../../features/webhook/WebhookTab'),
  keys: () => import('../../features/keys/KeysTab'),
  logs: () => import('../../features/logs/LogsTab'),
  positions: () => import('./PositionsPanel'),
  settings: () => import('./SettingsPanel'),
};
