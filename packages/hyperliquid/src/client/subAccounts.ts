/**
 * A master's sub-accounts as the venue lists them (`subAccounts` info request, issue 39.5): the
 * product needs each one's address and name to trade for it (with `vaultAddress`), not the full
 * states the answer also carries.
 */
import { z } from 'zod';

/** One sub-account of a master. */
export interface SubAccount {
  /** Its name, as the trader gave it on Hyperliquid. */
  readonly name: string;
  /** Its address, lower case: the `vaultAddress` to sign with and the user to read. */
  readonly address: `0x${string}`;
  /** The master that owns it, lower case. */
  readonly master: `0x${string}`;
}

const hexAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => value.toLowerCase() as `0x${string}`);

/** The fields of one `subAccounts` item the client reads (the states are left out). */
const SubAccountItemSchema = z.object({ name: z.string(), subAccountUser: hexAddress, master: hexAddress });

/** The `subAccounts` answer: the venue sends null, not [], for a master without sub-accounts. */
export const SubAccountsAnswerSchema = z.array(SubAccountItemSchema).nullable();

/** The sub-accounts in a `subAccounts` answer; throws a ZodError when the answer has another shape. */
export function toSubAccounts(answer: unknown): SubAccount[] {
  const items = SubAccountsAnswerSchema.parse(answer) ?? [];
  return items.map((item) => ({ name: item.name, address: item.subAccountUser, master: item.master }));
}
