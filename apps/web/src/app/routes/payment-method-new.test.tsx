import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Channel } from '@store/contract/client';
import { getChannelsQueryOptions } from '@/features/channels/api/get-channels';
import {
  rememberSubscribeReturn,
  subscribeReturnPath,
  toSubscribeState,
} from '@/features/subscriptions/utils/subscribe-return';
import { createTestQueryClient, renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { PaymentMethodNewRoute } from './payment-method-new';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);
afterEach(() => sessionStorage.clear());

function channel(code: string): Channel {
  return {
    code,
    name: code,
    country: 'PH',
    currency: 'PHP',
    is_saveable: true,
    creation_workflow_type: 'REDIRECT',
    properties: [],
  };
}

function openLink(state?: unknown) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getChannelsQueryOptions().queryKey, {
    channels: [channel('CARDS'), channel('GCASH'), channel('GRABPAY'), channel('BPI_DIRECT_DEBIT')],
  });
  renderRoutes(
    [{ path: '/payment_methods/new', element: <PaymentMethodNewRoute /> }],
    { pathname: '/payment_methods/new', state },
    queryClient,
  );
}

describe('Link page', () => {
  it('on the way to subscribing, says which channels can pay a subscription', () => {
    rememberSubscribeReturn('ph-dot-notebook');
    openLink(toSubscribeState);
    const note = screen.getByRole('alert');
    expect(note).toHaveTextContent('Saving a method for a subscription');
    expect(note).toHaveTextContent('Only these can pay a subscription: CARDS, GRABPAY.');
  });

  it('says nothing of subscriptions when the customer is only saving a method', () => {
    openLink();
    expect(screen.queryByText(/subscription/)).toBeNull();
  });

  it('opened otherwise than from the Subscribe dialog, forgets a subscription given up earlier', () => {
    rememberSubscribeReturn('ph-dot-notebook');
    openLink();
    expect(screen.queryByText(/subscription/)).toBeNull();
    expect(subscribeReturnPath()).toBeNull();
  });
});
