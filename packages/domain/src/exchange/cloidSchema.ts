import { z } from 'zod';

/**
 * A Hyperliquid client order id: 0x + 32 lowercase hex digits. Anything else is refused with a
 * 422, and upper-case hex changes the signed hash.
 */
export const CloidSchema = z.string().regex(/^0x[0-9a-f]{32}$/, 'must be 0x followed by 32 lowercase hex digits');
/** A client order id. */
export type Cloid = z.infer<typeof CloidSchema>;
