import { lazyScreen, type LazyScreen } from '../lazyScreen';
import type { TabId } from './tabs';

/** Each tab's code, a chunk of its own: the dashboard opens on one tab without downloading the other four. */
export const TAB_PANELS: Record<TabId, LazyScreen> = {
  webhook: lazyScreen(() => import('../../features/webhook/WebhookTab')),
  keys: lazyScreen(() => import('../../features/keys/KeysTab')),
  logs: lazyScreen(() => import('../../features/logs/LogsTab')),
  positions: lazyScreen(() => import('./PositionsPanel')),
  settings: lazyScreen(() => import('./SettingsPanel')),
};
