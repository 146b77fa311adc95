import { AccountGuardsSchema, type AccountGuards } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/apiClient';
import { queryKeys } from '../../../lib/queryKeys';

/** GET /api/account/filters (issue 42): the account's own guard. */
export const accountGuardsQuery = queryOptions({
  queryKey: queryKeys.accountGuards,
  queryFn: (): Promise<AccountGuards> => api('/api/account/filters', { schema: AccountGuardsSchema }),
});

/** PUT /api/account/filters: the account's guard, replacing the earlier one whole. */
export function saveAccountGuards(guards: AccountGuards): Promise<AccountGuards> {
  return api('/api/account/filters', { method: 'PUT', body: guards, schema: AccountGuardsSchema });
}
