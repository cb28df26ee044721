import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PaymentAction } from '@store/contract/client';
import { makePayment } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { PaymentCodeScreen } from './payment-code-screen';

const accountNumber: PaymentAction = {
  type: 'PRESENT_TO_CUSTOMER',
  descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
  value: '/payments/pay_vn',
  paymentCode: '9704540012345678',
};
const vietQr: PaymentAction = {
  type: 'PRESENT_TO_CUSTOMER',
  descriptor: 'QR_STRING',
  value: '/payments/pay_vn',
  paymentCode:
    '00020101021238540010A00000072701240006970454011600123456780208QRIBFTTA53037045802VN63041234',
};

function showAccount(actions: PaymentAction[]) {
  const payment = makePayment({
    id: 'pay_vn',
    amount: 135_000,
    currency: 'VND',
    country: 'VN',
    channel: 'VIETCAPITAL_VIRTUAL_ACCOUNT',
    channel_name: 'Viet Capital Virtual Account',
    status: 'REQUIRES_ACTION',
    actions,
    channel_properties: { expires_at: '2026-12-08T00:00:00.000Z' },
  });
  renderRoutes(
    [
      {
        path: '/payments/:paymentId',
        element: (
          <PaymentCodeScreen
            payment={payment}
            descriptors={['VIRTUAL_ACCOUNT_NUMBER']}
            title="Payment"
          />
        ),
      },
    ],
    '/payments/pay_vn',
  );
}

/** What the specification names on the virtual-account screen, word for word. */
function expectSpecifiedTexts() {
  expect(screen.getByText(/^Please complete payment before /)).toBeInTheDocument();
  expect(screen.getByText('Payment Code')).toBeInTheDocument();
  expect(screen.getByTestId('payment-code')).toHaveTextContent('9704540012345678');
  expect(screen.getByText('Amount VND 135.000')).toBeInTheDocument();
}

describe('The virtual-account screen', () => {
  it("shows the account's VietQR to scan with a banking app, beside the number", async () => {
    showAccount([accountNumber, vietQr]);
    expect(await screen.findByRole('img', { name: 'QR code to scan' })).toBeVisible();
    expect(screen.getByText('Scan to pay')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Scan this QR code with your banking app, or transfer to the virtual account number below.',
      ),
    ).toBeInTheDocument();
    expectSpecifiedTexts();
  });

  it('shows the number alone when the provider presents no QR string of it', async () => {
    showAccount([accountNumber]);
    expect(await screen.findByText('Bank: Viet Capital Virtual Account')).toBeInTheDocument();
    expectSpecifiedTexts();
    expect(screen.queryByText('Scan to pay')).toBeNull();
    expect(screen.queryByRole('img', { name: 'QR code to scan' })).toBeNull();
  });
});
