export { CredentialsRecordSchema } from '@hyperhook/domain';
import { z } from 'zod';

/**
 * The save payload. Fields are loosely typed here on purpose: the domain's
 * validateCredentialsInput trims and checks them and answers with the spec's own messages.
 */
export const SaveKeysBodySchema = z.object({
  hyperliquidApiKey: z.string().max(200).optional(),
  hyperliquidPrivateKey: z.string().max(200).optional(),
  accountAddress: z.string().max(200).optional(),
  isTestnet: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
