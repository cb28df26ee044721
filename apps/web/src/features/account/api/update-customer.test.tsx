import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clientConfigGlobalName, type Customer } from '@store/contract/client';
import { setToken } from '@/lib/session';
import { demoClaims, makeToken } from '@/test/fixtures';
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
  beforeEach(() => {
    Object.assign(window, { [clientConfigGlobalName]: { api_base_url: '/api' } });
    setToken(makeToken(demoClaims));
    vi.stubGlobal('fetch', fetchStub);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchStub.mockReset();
    Reflect.deleteProperty(window, clientConfigGlobalName);
  });

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
