import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type Customer } from '@store/contract/client';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { getCustomerQueryOptions, useCustomer } from './get-customer';
import { useUpdateCustomer } from './update-customer';

const fetchStub = vi.fn<typeof fetch>();
const before: Customer = {
  id: 'cust-1',
  email: 'ayu@example.com',
  name: 'Ayu',
  mobile_number: '+628111',
};
const after: Customer = { ...before, mobile_number: '+628222' };

describe('updating the account', () => {
  stubSignedInFetch(fetchStub);

  it('keeps the saved record when a read started before the save answers after it', async () => {
    let answerRead = () => {};
    const readMayAnswer = new Promise<void>((resolve) => {
      answerRead = resolve;
    });
    let reads = 0;
    fetchStub.mockImplementation(async (_url, init) => {
      if (init?.method === 'PATCH') return Response.json(after);
      reads += 1;
      if (reads > 1) await readMayAnswer;
      return Response.json(before);
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ customer: useCustomer(), update: useUpdateCustomer() }),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(result.current.customer.data).toEqual(before));

    // A read (another screen's, a refetch) is on its way when the save answers.
    const read = queryClient.refetchQueries({ queryKey: getCustomerQueryOptions().queryKey });
    await waitFor(() => expect(reads).toBe(2));
    await act(() => result.current.update.mutateAsync(after));
    await act(async () => {
      answerRead();
      await read;
    });

    expect(result.current.customer.data).toEqual(after);
    expect(queryClient.getQueryData(getCustomerQueryOptions().queryKey)).toEqual(after);
  });
});
