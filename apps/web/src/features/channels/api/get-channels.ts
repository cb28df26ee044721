import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@store/contract';
import { callApi } from '@/lib/api-client';

export function getChannels({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(api.listChannels, { signal });
}

export function getChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['channels'],
    queryFn: ({ signal }) => getChannels({ signal }),
  });
}

export function useChannels() {
  return useQuery(getChannelsQueryOptions());
}
