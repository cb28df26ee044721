import { useEffect, useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
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
  const [pressed, setPressed] = useState(false);
  const end = useRef<HTMLParagraphElement>(null);
  // The last page read, the button goes; the focus it had would fall to the page's top, and a
  // keyboard user would Tab through the whole list again to reach where they were. It goes to
  // a note at the list's end instead, which says why the button went.
  const ended =
    pressed && !list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError;
  useEffect(() => {
    if (ended) end.current?.focus();
  }, [ended]);

  return (
    <>
      {list.isFetchNextPageError && <ErrorPanel error={list.error} />}
      {list.hasNextPage && (
        <Button
          variant="default"
          onClick={() => {
            setPressed(true);
            void list.fetchNextPage();
          }}
          loading={list.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
      {ended && (
        <Text ref={end} tabIndex={-1} size="sm">
          Nothing more to load.
        </Text>
      )}
    </>
  );
}
