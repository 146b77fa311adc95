import type { AppDeps, NotificationsConfig } from '../appDeps.js';
import { createDeliveryLog } from './deliveryLog.js';
import { createDeliveryQueue, type RetryPolicy } from './deliveryQueue.js';
import type { DeliveryTargets } from './sendToChannel.js';
import { startChannelNotifier } from './startChannelNotifier.js';

/** The Telegram Bot API base when HYPERHOOK_TELEGRAM_API_URL is not set. */
export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';

/** The notification settings with their defaults. */
export function notificationsConfigOf(config: AppDeps['config']): NotificationsConfig {
  return { allowPrivateTargets: false, telegramApiUrl: DEFAULT_TELEGRAM_API_URL, notifier: true, ...config.notifications };
}

/**
 * The channels' delivery side of the gateway, shared by the routes (test sends, history) and the
 * notifier that follows the log: one queue, one delivery history.
 */
export function createNotificationsService(deps: Pick<AppDeps, 'store' | 'config' | 'clock' | 'sealers'>, retry?: Partial<RetryPolicy>) {
  const config = notificationsConfigOf(deps.config);
  const targets: DeliveryTargets = { allowPrivateTargets: config.allowPrivateTargets, telegramApiUrl: config.telegramApiUrl };
  const log = createDeliveryLog(deps.store.readStore);
  const queue = createDeliveryQueue({ targets, log, clock: deps.clock, ...(retry ? { retry } : {}) });
  let notifier: Awaited<ReturnType<typeof startChannelNotifier>> | undefined;
  return {
    config,
    targets,
    log,
    queue,
    /** Starts following the log (once). */
    async startNotifier(onError?: (error: unknown) => void): Promise<void> {
      notifier ??= await startChannelNotifier({ store: deps.store, sealer: deps.sealers.notifications, queue, publicUrl: deps.config.publicUrl, ...(onError ? { onError } : {}) });
    },
    async stop(): Promise<void> {
      await notifier?.stop();
      await queue.stop();
    },
  };
}

/** The gateway's notification channels. */
export type NotificationsService = ReturnType<typeof createNotificationsService>;
