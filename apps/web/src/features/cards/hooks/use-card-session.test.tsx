import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type CardSession } from '@store/contract/client';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { useCardSession } from './use-card-session';

const fetchStub = vi.fn<typeof fetch>();
const made: CardSession = {
  id: 'cs-1',
  type: 'PAY',
  status: 'ACTIVE',
  amount: 89_000,
  currency: 'IDR',
  payment_id: 'pay-1',
  payment_method_id: null,
  extra_data: { public_key: 'xnd_public_test' },
  created: '2026-01-01T00:00:00.000Z',
};

describe('the card session of a form', () => {
  stubSignedInFetch(fetchStub);
  beforeEach(() => {
    fetchStub.mockImplementation(async () =>
      Response.json(
        { error_code: 'CARDS_SESSION_NOT_FOUND', message: 'No card session' },
        { status: 404 },
      ),
    );
  });

  it('is gone once used up: a session the form made is not offered again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const create = vi.fn(async () => made);
    const { result } = renderHook(() => useCardSession({ accepts: () => false, create }), {
      wrapper,
    });
    // Not acceptable as the store's current one, but the form's own.
    await waitFor(() => expect(result.current.session).toEqual(made));

    act(() => result.current.forget());

    await waitFor(() => expect(result.current.session).toBeUndefined());
    expect(create).toHaveBeenCalledTimes(1);
  });
});
