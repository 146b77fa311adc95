import { readOwnDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import type { BalanceView } from './balanceView.js';
import { BALANCES_COLLECTION, type BalanceData } from './balancesProjection.js';

/** The stored snapshot as answered: the balances read model only ever holds the real account's. */
export function toBalanceView(data: BalanceData): BalanceView {
  return { ...data, venue: 'live' };
}

/** A user's latest balances, or null before the first snapshot. */
export async function queryBalance(reader: ReadModelReader, uid: string): Promise<BalanceView | null> {
  const doc = await readOwnDoc<BalanceData>(reader, BALANCES_COLLECTION, uid);
  return doc === null ? null : toBalanceView(doc.data);
}
