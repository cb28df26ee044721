import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getVouchers(appId: string, { signal }: { signal?: AbortSignal } = {}) {
  return callApi('listVouchers', { query: { app_id: appId }, signal });
}

export function getVouchersQueryOptions(appId: string) {
  return queryOptions({
    queryKey: ['vouchers', appId],
    queryFn: ({ signal }) => getVouchers(appId, { signal }),
  });
}

export function useVouchers(appId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getVouchersQueryOptions(appId), enabled });
}
