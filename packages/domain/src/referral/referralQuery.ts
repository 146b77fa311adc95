import { readOwnDoc, type ReadModelReader } from '../readModels/readModelReader.js';
import type { ReferralData } from './referralInfo.js';
import { REFERRAL_COLLECTION, referralInfoOf } from './referralProjection.js';

/** A user's referral record; the empty record until their first referral action. */
export async function queryReferral(reader: ReadModelReader, uid: string): Promise<ReferralData> {
  return referralInfoOf(await readOwnDoc<ReferralData>(reader, REFERRAL_COLLECTION, uid));
}
