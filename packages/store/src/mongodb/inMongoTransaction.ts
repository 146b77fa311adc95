import { WriteConcern, type ClientSession, type MongoClient, type TransactionOptions } from 'mongodb';

/**
 * Snapshot reads (the generation a batch targets is read from the same snapshot it writes
 * against), majority-acknowledged commit (a batch acknowledged to the projector survives a
 * failover, as its checkpoint says it does), primary reads.
 */
const TRANSACTION_OPTIONS: TransactionOptions = {
  readConcern: { level: 'snapshot' },
  writeConcern: new WriteConcern('majority'),
  readPreference: 'primary',
};

/**
 * Runs `work` in one transaction through the driver's callback API, which retries the whole
 * callback on TransientTransactionError (e.g. a write conflict with another writer of the same
 * document) and the commit on UnknownTransactionCommitResult. `work` may therefore run more than
 * once: it must start from scratch each time (no state carried over from an earlier attempt) and
 * must let every error propagate, never swallow one (the driver could not tell the transaction
 * was aborted). Resolves what the successful attempt returned.
 */
export async function inMongoTransaction<T>(client: MongoClient, work: (session: ClientSession) => Promise<T>): Promise<T> {
  return client.withSession((session) => session.withTransaction(work, TRANSACTION_OPTIONS));
}
