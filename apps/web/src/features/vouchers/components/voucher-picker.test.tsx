import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Voucher } from '@store/contract/client';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { getVouchersQueryOptions } from '../api/get-vouchers';
import { VoucherPicker } from './voucher-picker';

const hemat10: Voucher = {
  id: 'v-hemat10',
  code: 'HEMAT10',
  description: 'IDR 10.000 off',
  payment_method_type: null,
  fixed_amount: 10_000,
};

describe('VoucherPicker', () => {
  it('opens the vouchers on Enter voucher code, hands back the one applied and closes', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getVouchersQueryOptions('demo-id').queryKey, {
      vouchers: [hemat10],
    });
    const onApply = vi.fn();
    renderWithProviders(
      <VoucherPicker appId="demo-id" currency="IDR" onApply={onApply} />,
      queryClient,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Enter voucher code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Apply HEMAT10' }));

    expect(onApply).toHaveBeenCalledWith(hemat10);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
