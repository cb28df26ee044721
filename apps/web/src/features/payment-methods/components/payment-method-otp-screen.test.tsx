import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod } from '@store/contract/client';
import { renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { PaymentMethodOtpScreen } from './payment-method-otp-screen';

const fetchStub = vi.fn<typeof fetch>();

const method = (status: PaymentMethod['status']): PaymentMethod => ({
  id: 'pm_bri',
  channel: 'BRI_DIRECT_DEBIT',
  channel_name: 'BRI Direct Debit',
  country: 'ID',
  code: 'BRI_DIRECT_DEBIT',
  status,
  actions: [],
  properties: [],
  details: null,
  failure_code: status === 'FAILED' ? 'MAX_OTP_ATTEMPTS' : null,
  payment_id: null,
  created: '2026-12-01T10:00:00.000Z',
});

function renderScreen() {
  return renderRoutes(
    [
      {
        path: '/payment_methods/new/:id/otp',
        element: <PaymentMethodOtpScreen paymentMethodId="pm_bri" />,
      },
      { path: '/payment_methods/success', element: <p>success page</p> },
      { path: '/payment_methods/failure', element: <p>failure page</p> },
    ],
    '/payment_methods/new/pm_bri/otp',
  );
}

describe('Payment method OTP screen', () => {
  stubSignedInFetch(fetchStub);

  it('goes to Linking Failed when a wrong code fails the method, instead of a dead form', async () => {
    let status: PaymentMethod['status'] = 'REQUIRES_ACTION';
    fetchStub.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        status = 'FAILED';
        return Response.json(
          { error_code: 'MAX_OTP_ATTEMPTS', message: 'Too many wrong OTPs' },
          { status: 400 },
        );
      }
      expect(String(input)).toContain('/api/payment_methods/pm_bri');
      return Response.json(method(status));
    });
    const { location } = renderScreen();
    await userEvent.type(await screen.findByPlaceholderText('Enter OTP'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location().pathname).toBe('/payment_methods/failure'));
    expect(location().search).toBe('?payment_method_id=pm_bri');
  });

  it.each([
    // Both presses land before a render can disable the button, as a fast double click does.
    [
      'a double click on Submit',
      () => {
        const submit = screen.getByRole('button', { name: 'Submit' });
        fireEvent.click(submit);
        fireEvent.click(submit);
      },
    ],
    [
      'Enter pressed twice',
      () => {
        const input = screen.getByPlaceholderText('Enter OTP');
        fireEvent.submit(input);
        fireEvent.submit(input);
      },
    ],
  ])('sends a code once on %s, spending one try', async (_name, press) => {
    let answer: (response: Response) => void = () => {};
    fetchStub.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Response.json(method('REQUIRES_ACTION')),
    );
    renderScreen();
    await userEvent.type(await screen.findByPlaceholderText('Enter OTP'), '123456');
    press();
    const posts = () => fetchStub.mock.calls.filter(([, init]) => init?.method === 'POST');
    await waitFor(() => expect(posts().length).toBeGreaterThan(0));
    answer(
      Response.json(
        { error_code: 'INVALID_OTP', message: 'The OTP is not valid; 2 attempts left' },
        { status: 400 },
      ),
    );
    expect(await screen.findByText(/2 attempts left/)).toBeVisible();
    expect(posts()).toHaveLength(1);
  });

  it.each([
    ['linked already', () => Response.json(method('ACTIVE')), '/payment_methods/success'],
    ['unlinked', () => Response.json(method('CANCELED')), '/payment_methods/failure'],
    [
      'not the customer’s',
      () => Response.json({ error_code: 'NOT_FOUND', message: 'Not found' }, { status: 404 }),
      '/payment_methods/failure',
    ],
  ])('shows no form for a method %s: its linking result page', async (_name, answer, page) => {
    fetchStub.mockImplementation(async () => answer());
    const { location } = renderScreen();
    await waitFor(() => expect(location().pathname).toBe(page));
    expect(screen.queryByPlaceholderText('Enter OTP')).toBeNull();
  });
});
