import { readOwnDoc, type ReadModelReader } from '../readModelReader.js';
import type { BalanceView } from './balanceView.js';
import { BALANCES_COLLECTION, type BalanceData } from './balancesProjection.js';

/** A user's latest balances, or null before the first snapshot. */
export async function queryBalance(reader: ReadModelReader, uid: string): Promise<BalanceView | null> {
  return (await readOwnDoc<BalanceData>(reader, BALANCES_COLLECTION, uid))?.data ?? null;
}
