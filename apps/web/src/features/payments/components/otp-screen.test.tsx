import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePayment } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { OtpScreen } from './otp-screen';

const fetchStub = vi.fn<typeof fetch>();

const awaitingCode = makePayment({
  id: 'pay_bri',
  channel: 'BRI_DIRECT_DEBIT',
  channel_name: 'BRI Direct Debit',
  status: 'REQUIRES_ACTION',
});

describe('Payment OTP screen', () => {
  stubSignedInFetch(fetchStub);

  it.each([
    // Both presses land before a render can disable the button, as a fast double click does.
    ['a double click on Submit', () => screen.getByRole('button', { name: 'Submit' }), 'click'],
    ['Enter pressed twice', () => screen.getByPlaceholderText('Enter OTP'), 'submit'],
  ] as const)('sends a code once on %s, spending one try', async (_name, target, event) => {
    let answer: (response: Response) => void = () => {};
    fetchStub.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Response.json(awaitingCode),
    );
    renderRoutes(
      [{ path: '/payments/new/:id/otp', element: <OtpScreen payment={awaitingCode} /> }],
      '/payments/new/pay_bri/otp',
    );
    await userEvent.type(await screen.findByPlaceholderText('Enter OTP'), '123456');
    fireEvent[event](target());
    fireEvent[event](target());
    const posts = () => fetchStub.mock.calls.filter(([, init]) => init?.method === 'POST');
    await waitFor(() => expect(posts().length).toBeGreaterThan(0));
    answer(
      Response.json(
        { error_code: 'INVALID_OTP', message: 'That code is not right: 2 attempts left' },
        { status: 400 },
      ),
    );
    expect(await screen.findByText(/2 attempts left/)).toBeVisible();
    expect(posts()).toHaveLength(1);
  });
});
