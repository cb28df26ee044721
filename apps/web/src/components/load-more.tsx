import { Button } from '@mantine/core';
import { ErrorPanel } from './error-panel';

/** What LoadMore needs of an infinite query (TanStack Query's useInfiniteQuery). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** The end of a list read a page at a time: why the next page failed, and the button that reads it. */
export function LoadMore({ list }: { list: PagedList }) {
  return (
    <>
      {list.isFetchNextPageError && <ErrorPanel error={list.error} />}
      {list.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
    </>
  );
}
