import type { Config } from './config.js';

/** Which part of a process sends the web pushes for signal outcomes, if any. */
export type PushSender = 'api' | 'executor thread' | 'projector thread' | 'projector' | 'none';

/**
 * Exactly one sender per deployment, or users get every notification once per sender. Without
 * NATS there is one process with the api (`start`, or split roles on one machine): it sends, from
 * its executor thread under `start`. With NATS_URL (a cluster: api processes can be many,
 * executors too) the one projector's process sends, and no api does.
 */
export function pushSenderOf(
  config: Pick<Config, 'NATS_URL'>,
  roles: { readonly api: boolean; readonly projector: boolean; readonly executor: boolean },
): PushSender {
  const threads = roles.api && (roles.projector || roles.executor);
  if (config.NATS_URL !== undefined) {
    if (!roles.projector) return 'none';
    return threads ? 'projector thread' : 'projector';
  }
  if (!roles.api) return 'none';
  return threads && roles.executor ? 'executor thread' : 'api';
}
