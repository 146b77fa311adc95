import { IpAllowlistEntrySchema, MAX_IP_ALLOWLIST_ENTRIES } from '@hyperhook/domain';
import { z } from 'zod';
import { envelopeOf } from '../auth/schemas.js';

/** Longest textual form of an allowlist entry: a full IPv6 address with a /128 prefix. */
const MAX_ENTRY_LENGTH = 49;

/** The entry as quoted back in a message: long garbage is cut so the message stays readable. */
const quoted = (input: unknown) => {
  const text = String(input);
  return `"${text.length > MAX_ENTRY_LENGTH ? `${text.slice(0, MAX_ENTRY_LENGTH)}…` : text}"`;
};

/** One entry as typed by the user: surrounding spaces are forgiven, anything but an address or CIDR range is named in the message. */
const IpAllowlistInputEntrySchema = z
  .string()
  .trim()
  .refine((entry) => entry.length <= MAX_ENTRY_LENGTH && IpAllowlistEntrySchema.safeParse(entry.toLowerCase()).success, {
    error: (issue) => `${quoted(issue.input)} is not an IPv4/IPv6 address or CIDR range (e.g. 52.89.214.238 or 10.0.0.0/8)`,
  });

/** PUT /api/webhook/ip-allowlist: the whole list; empty means alerts are accepted from any address. */
export const IpAllowlistBodySchema = z.object({
  ips: z.array(IpAllowlistInputEntrySchema).max(MAX_IP_ALLOWLIST_ENTRIES, { error: `at most ${MAX_IP_ALLOWLIST_ENTRIES} entries are allowed` }),
});
/** The PUT body. */
export type IpAllowlistBody = z.infer<typeof IpAllowlistBodySchema>;

/** The user's allowlist and TradingView's documented source addresses, for a one-click preset. */
export const IpAllowlistViewSchema = z.object({ ips: z.array(z.string()), tradingViewIps: z.array(z.string()) });
/** What GET and PUT answer under `data`. */
export type IpAllowlistView = z.infer<typeof IpAllowlistViewSchema>;

/** The success envelope of GET and PUT, for the OpenAPI document. */
export const IpAllowlistAnswerSchema = envelopeOf(IpAllowlistViewSchema);
