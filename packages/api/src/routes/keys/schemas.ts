export { CredentialsRecordSchema } from '@hyperhook/domain';
import { z } from 'zod';

/**
 * The save payload (ENT-05, API-09). Fields are loosely typed here on purpose: the domain's
 * validateCredentialsInput trims and checks them and answers with the spec's own messages (VAL-05..VAL-11).
 */
export const SaveKeysBodySchema = z.object({
  hyperliquidApiKey: z.string().max(200).optional(),
  hyperliquidPrivateKey: z.string().max(200).optional(),
  accountAddress: z.string().max(200).optional(),
  isTestnet: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
