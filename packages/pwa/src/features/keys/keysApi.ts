import { CredentialsRecordSchema, KeysDeletedViewSchema, type CredentialsInput, type CredentialsRecord, type SaveKeysBody } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/**
 * GET /api/keys: summary or form. The live socket writes the same key. A
 * failure is only logged.
 */
export const keysQueryOptions = queryOptions({
  queryKey: queryKeys.keys,
  queryFn: async (): Promise<CredentialsRecord> => {
    try {
      return await api('/api/keys', { schema: CredentialsRecordSchema });
    } catch (error) {
      console.error('Failed to load API keys', error);
      throw error;
    }
  },
});

/** POST /api/keys with the save payload: `hyperliquidApiKey` is the API wallet address. */
export function saveKeys(input: CredentialsInput): Promise<CredentialsRecord> {
  return api('/api/keys', {
    method: 'POST',
    body: {
      hyperliquidApiKey: input.apiWalletAddress,
      hyperliquidPrivateKey: input.privateKey,
      accountAddress: input.accountAddress,
      isTestnet: input.isTestnet,
    } satisfies SaveKeysBody,
    schema: CredentialsRecordSchema,
  });
}

/** DELETE /api/keys, no body. */
export function deleteKeys(): Promise<unknown> {
  return api('/api/keys', { method: 'DELETE', schema: KeysDeletedViewSchema });
}
