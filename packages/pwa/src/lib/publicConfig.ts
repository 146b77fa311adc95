import { PublicConfigViewSchema } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api/apiClient';

/** The referral code and support email (public pages); they change only with the server's configuration. */
export const publicConfigQuery = queryOptions({
  queryKey: ['publicConfig'],
  queryFn: () => api('/api/config', { schema: PublicConfigViewSchema, auth: false }),
  staleTime: Infinity,
});
