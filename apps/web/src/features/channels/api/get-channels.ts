import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getChannels({ signal }: { signal?: AbortSignal } = {}) {
  return callApi('listChannels', { signal });
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
