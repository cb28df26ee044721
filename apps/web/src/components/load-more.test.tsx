import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { LoadMore, type PagedList } from './load-more';

function pagedList(overrides: Partial<PagedList> = {}): PagedList {
  return {
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    error: null,
    fetchNextPage: () => Promise.resolve(),
    ...overrides,
  };
}

describe('LoadMore', () => {
  it('keeps the keyboard where it was when the last page comes in and the button goes', async () => {
    let finish = () => {};
    function LastPage() {
      const [list, setList] = useState(pagedList());
      const fetchNextPage = () => {
        setList(pagedList({ isFetchingNextPage: true }));
        // The last page is in: nothing more to read.
        finish = () => setList(pagedList({ hasNextPage: false }));
        return Promise.resolve();
      };
      return <LoadMore list={{ ...list, fetchNextPage }} />;
    }
    renderWithProviders(<LastPage />);
    screen.getByRole('button', { name: 'Load more' }).focus();
    await userEvent.keyboard('{Enter}');
    act(() => finish());

    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Nothing more to load.')).toHaveFocus();
  });

  it('says nothing of the end of a list that was shown whole from the start', () => {
    renderWithProviders(<LoadMore list={pagedList({ hasNextPage: false })} />);
    expect(screen.queryByText('Nothing more to load.')).not.toBeInTheDocument();
  });
});
