import type { AppDeps, NotificationsConfig } from '../appDeps.js';
import { createDeliveryLog } from './deliveryLog.js';
import { createDeliveryQueue, type RetryPolicy } from './deliveryQueue.js';
import type { DeliveryTargets } from './sendToChannel.js';
import { dispatchNotice, type PushNotice } from './dispatchNotice.js';
import { startChannelNotifier } from './startChannelNotifier.js';
import { startNoticeScheduler } from './startNoticeScheduler.js';
import { startRiskAlarms } from './startRiskAlarms.js';
import { startRiskWatch } from './startRiskWatch.js';

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
export function createNotificationsService(deps: Pick<AppDeps, 'store' | 'config' | 'clock' | 'sealers' | 'hyperliquid'>, retry?: Partial<RetryPolicy>) {
  const config = notificationsConfigOf(deps.config);
  const targets: DeliveryTargets = { allowPrivateTargets: config.allowPrivateTargets, telegramApiUrl: config.telegramApiUrl };
  const log = createDeliveryLog(deps.store.readStore);
  const queue = createDeliveryQueue({ targets, log, clock: deps.clock, ...(retry ? { retry } : {}) });
  let notifier: Awaited<ReturnType<typeof startChannelNotifier>> | undefined;
  let scheduler: Awaited<ReturnType<typeof startNoticeScheduler>> | undefined;
  let riskAlarms: Awaited<ReturnType<typeof startRiskAlarms>> | undefined;
  let riskWatch: Awaited<ReturnType<typeof startRiskWatch>> | undefined;
  return {
    config,
    targets,
    log,
    queue,
    /**
     * Starts following the log and the clock (once): the channel notifier, the scheduler of
     * silence alarms, daily summaries and API wallet expiries, which also sends them by `push` when
     * given, and the position alarms (recorded, then told by the notifiers like any notice): on each
     * snapshot, and between snapshots at the current mark (the risk watch).
     */
    async startNotifier(onError?: (error: unknown) => void, push?: PushNotice): Promise<void> {
      const sealer = deps.sealers.notifications;
      notifier ??= await startChannelNotifier({ store: deps.store, sealer, queue, log, publicUrl: deps.config.publicUrl, ...(onError ? { onError } : {}) });
      const report = onError ?? ((error: unknown) => console.error('notice scheduler failed', error));
      scheduler ??= await startNoticeScheduler({
        store: deps.store,
        clock: deps.clock,
        publicUrl: deps.config.publicUrl,
        deliver: (uid, notice) => dispatchNotice({ eventStore: deps.store.eventStore, sealer, queue, push, onError: report }, uid, notice),
        onError: report,
      });
      riskAlarms ??= await startRiskAlarms({ store: deps.store, onError: report });
      riskWatch ??= await startRiskWatch({ store: deps.store, exchange: deps.hyperliquid, clock: deps.clock, onError: report });
    },
    async stop(): Promise<void> {
      await riskWatch?.stop();
      await riskAlarms?.stop();
      await scheduler?.stop();
      await notifier?.stop();
      await queue.stop();
    },
  };
}

/** The gateway's notification channels. */
export type NotificationsService = ReturnType<typeof createNotificationsService>;
