/**
 * A user's funding payments as the venue lists them (`userFunding`, reference rule 17 in
 * docs/research/hyperliquid-rules.md): one item per coin and hour, oldest first, at most
 * {@link USER_FUNDING_PAGE} per answer; a longer period is read on from the last item's time.
 */
import { z } from 'zod';

/** Most payments one `userFunding` answer lists. */
export const USER_FUNDING_PAGE = 500;

const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One `userFunding` item: a funding delta of the account's ledger. */
export const UserFundingItemSchema = z.object({
  time: z.number().int().nonnegative(),
  hash: z.string().max(100),
  delta: z.object({
    type: z.literal('funding'),
    coin: z.string().min(1),
    /** What the account received; negative when it paid. */
    usdc: decimalText,
    /** The signed position size it was paid on. */
    szi: decimalText,
    fundingRate: decimalText,
    nSamples: z.number().int().nullish(),
  }),
});

/** A `userFunding` answer. */
export const UserFundingAnswerSchema = z.array(UserFundingItemSchema);

/** One funding payment, flat: what the keeper records. */
export interface UserFunding {
  /** The venue's settlement time, ms since the epoch. */
  readonly time: number;
  readonly hash: string;
  readonly coin: string;
  readonly usdc: string;
  readonly szi: string;
  readonly fundingRate: string;
}

/** The payments of a `userFunding` answer; throws a ZodError when the answer has another shape. */
export function toUserFunding(answer: unknown): UserFunding[] {
  return UserFundingAnswerSchema.parse(answer).map((item) => ({
    time: item.time,
    hash: item.hash,
    coin: item.delta.coin,
    usdc: item.delta.usdc,
    szi: item.delta.szi,
    fundingRate: item.delta.fundingRate,
  }));
}

const keyOf = (payment: UserFunding): string => `${payment.time}|${payment.coin}`;

/**
 * Reads every page from `startTime`. A full page may end inside an hour (its other coins on the
 * next page), so the next page starts at its last payment's time, not after it, and what was
 * already read is dropped. At `maxPages` the last hour of a full page is left out: it may be
 * incomplete, and a caller reading on from the last payment it got reads it whole next time.
 */
export async function readFundingPages(readPage: (startTime: number) => Promise<UserFunding[]>, startTime: number, maxPages: number): Promise<UserFunding[]> {
  const payments: UserFunding[] = [];
  const seen = new Set<string>();
  let from = startTime;
  for (let page = 0; page < maxPages; page += 1) {
    const items = await readPage(from);
    const fresh = items.filter((item) => !seen.has(keyOf(item)));
    const last = items.at(-1);
    if (items.length < USER_FUNDING_PAGE || last === undefined || fresh.length === 0) {
      payments.push(...fresh);
      break;
    }
    const whole = page === maxPages - 1 ? fresh.filter((item) => item.time !== last.time) : fresh;
    for (const item of whole) seen.add(keyOf(item));
    payments.push(...whole);
    from = last.time;
  }
  return payments;
}
