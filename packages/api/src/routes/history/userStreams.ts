import { accountStreamId, backtestStreamId, paperStreamId, queryWebhookLogs, signalStreamId, userStreamId, type ReadModelReader } from '@hyperhook/domain';

/** The signal streams a history reads: the user's newest alerts, as many as one read-model query gives. */
const SIGNALS_READ = 10_000;

/** A user's own streams, and the strategy of each alert's stream. */
export type UserStreams = { readonly streams: readonly string[]; readonly strategyOfStream: ReadonlyMap<string, string> };

/**
 * The streams that hold a user's history: their user, account, paper and backtest streams, and one per
 * alert, found through their webhook logs rather than by scanning the log. Nothing of another
 * user's can be among them: every id comes from the user's own documents.
 */
export async function userStreamsOf(reader: ReadModelReader, uid: string): Promise<UserStreams> {
  const logs = await queryWebhookLogs(reader, uid, { limit: SIGNALS_READ });
  const strategyOfStream = new Map(logs.map((log) => [signalStreamId(log.webhookLogId), log.strategyId]));
  return { streams: [userStreamId(uid), accountStreamId(uid), paperStreamId(uid), backtestStreamId(uid), ...strategyOfStream.keys()], strategyOfStream };
}
