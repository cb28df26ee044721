import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogProduct, PaymentMethod, Subscription } from '@store/contract/client';
import { makeProduct } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { SubscribeDialog } from './subscribe-dialog';

const fetchStub = vi.fn<typeof fetch>();

const terms = { interval: 'MONTH', interval_count: 1, amount: 115_000 } as const;
const product: CatalogProduct = { ...makeProduct({ id: 'id-kopi-beans' }), subscription: terms };

function method(id: string, channel: string, channel_name: string): PaymentMethod {
  return {
    id,
    channel,
    channel_name,
    country: 'ID',
    code: channel,
    status: 'ACTIVE',
    actions: [],
    properties: [],
    details: null,
    failure_code: null,
    payment_id: null,
    created: '2026-11-01T00:00:00Z',
  };
}
const dana = method('pm-dana', 'DANA', 'DANA');
const bri = method('pm-bri', 'BRI_DIRECT_DEBIT', 'BRI Direct Debit');
const ovo = method('pm-ovo', 'OVO', 'OVO');

function subscription(): Subscription {
  return {
    id: 'sub-1',
    status: 'PENDING',
    product_id: product.id,
    product_name: product.name,
    product_image_url: product.image_url,
    amount: terms.amount,
    currency: 'IDR',
    interval: 'MONTH',
    interval_count: 1,
    payment_method: { id: dana.id, channel: 'DANA', channel_name: 'DANA', details: null },
    next_cycle_date: null,
    failure_code: null,
    created: '2026-11-01T00:00:00Z',
    updated: '2026-11-01T00:00:00Z',
  };
}

/** Each POST /subscriptions: its body and its Idempotency-Key. */
function creates() {
  return fetchStub.mock.calls
    .filter(([url, init]) => String(url).endsWith('/subscriptions') && init?.method === 'POST')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as unknown,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
}

function renderDialog(onSubscribed = vi.fn(), data: PaymentMethod[] = [dana, ovo, bri]) {
  renderRoutes(
    [
      {
        path: '/products/:productId',
        element: (
          <SubscribeDialog
            opened
            onClose={() => {}}
            product={product}
            terms={terms}
            methods={{ isPending: false, error: null, data }}
            onSubscribed={onSubscribed}
          />
        ),
      },
    ],
    `/products/${product.id}`,
  );
  return screen.getByRole('dialog', { name: `Subscribe to ${product.name}` });
}

describe('Subscribe dialog', () => {
  stubSignedInFetch(fetchStub);

  it('offers only the saved methods that can pay a subscription, and the amount per cycle', () => {
    const dialog = renderDialog();
    expect(dialog).toHaveTextContent('IDR 115.000 every month');
    expect(within(dialog).getByRole('radio', { name: 'DANA ID' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /BRI/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm subscription' })).toBeDisabled();
    expect(
      within(dialog).getByRole('link', { name: 'Save a new card or e-wallet' }),
    ).toHaveAttribute('href', '/payment_methods/new');
  });

  it('subscribes with the chosen method under one Idempotency-Key, kept for a retry after an error', async () => {
    fetchStub
      .mockResolvedValueOnce(
        Response.json(
          { error_code: 'PROVIDER_UNAVAILABLE', message: 'Try later' },
          { status: 503 },
        ),
      )
      .mockResolvedValueOnce(Response.json(subscription(), { status: 201 }));
    const onSubscribed = vi.fn();
    const dialog = renderDialog(onSubscribed);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'DANA ID' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm subscription' }));
    // The one error panel: the code and the message.
    expect(await within(dialog).findByText('PROVIDER_UNAVAILABLE')).toBeInTheDocument();
    expect(onSubscribed).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm subscription' }));
    await waitFor(() => expect(onSubscribed).toHaveBeenCalledWith(subscription()));

    const sent = creates();
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toEqual({ product_id: product.id, payment_method_id: dana.id });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('names a saved card by its masked number, so two cards of one network can be told apart', () => {
    const card = (id: string, masked: string): PaymentMethod => ({
      ...method(id, 'CARDS', 'Credit / Debit Card'),
      // The order the provider's session-saved card comes in: the network first.
      details: { network: 'VISA', masked_card_number: masked },
    });
    const dialog = renderDialog(vi.fn(), [
      card('pm-card-1', '400000XXXXXX1000'),
      card('pm-card-2', '411111XXXXXX1111'),
    ]);
    expect(
      within(dialog).getByRole('radio', { name: 'Credit / Debit Card ID 400000XXXXXX1000' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('radio', { name: 'Credit / Debit Card ID 411111XXXXXX1111' }),
    ).toBeInTheDocument();
  });

  it('takes the one method that can pay a subscription as chosen, so Confirm needs no extra step', () => {
    const dialog = renderDialog(vi.fn(), [dana, bri]);
    expect(within(dialog).getByRole('radio', { name: 'DANA ID' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Confirm subscription' })).toBeEnabled();
  });
});
