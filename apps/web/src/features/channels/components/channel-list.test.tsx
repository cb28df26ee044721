import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel } from '@store/contract/client';
import { renderWithProviders } from '@/test/render';
import { ChannelList } from './channel-list';

const va: Channel = {
  code: 'BCA_VIRTUAL_ACCOUNT',
  name: 'BCA Virtual Account',
  country: 'ID',
  currency: 'IDR',
  is_saveable: false,
  creation_workflow_type: 'PRESENT_TO_CUSTOMER',
  properties: [],
};
const ovo: Channel = {
  ...va,
  code: 'OVO',
  name: 'OVO',
  is_saveable: true,
  creation_workflow_type: 'PUSH_NOTIFICATION',
  properties: [
    { name: 'mobile_number', type: 'TEXT', transaction_type: 'PAY', value: '+628111' },
    { name: 'mobile_number', type: 'TEXT', transaction_type: 'ONE_TIME_PAYMENT', value: '+628111' },
  ],
};

describe('ChannelList', () => {
  it('chooses a channel without inputs on click', async () => {
    const onChoose = vi.fn();
    renderWithProviders(
      <ChannelList
        channels={[va, ovo]}
        filter="all"
        transactionTypes={['PAY']}
        onChoose={onChoose}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID' }));
    expect(onChoose).toHaveBeenCalledWith(va, {});
  });

  it('opens a channel with inputs, prefilled and labelled, and pays with what was typed', async () => {
    const onChoose = vi.fn();
    renderWithProviders(
      <ChannelList
        channels={[va, ovo]}
        filter="all"
        transactionTypes={['PAY', 'ONE_TIME_PAYMENT']}
        onChoose={onChoose}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'OVO ID' }));
    const input = screen.getByLabelText('Mobile Number');
    expect(input).toHaveValue('+628111');
    expect(screen.getAllByLabelText('Mobile Number')).toHaveLength(1);
    await userEvent.clear(input);
    await userEvent.type(input, '+628222');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onChoose).toHaveBeenCalledWith(ovo, { mobile_number: '+628222' });
  });

  it('lists only saveable channels with the saveable filter', () => {
    renderWithProviders(
      <ChannelList
        channels={[va, ovo]}
        filter="saveable"
        transactionTypes={['PAY_AND_SAVE']}
        onChoose={() => {}}
      />,
    );
    expect(
      screen.queryByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OVO ID' })).toBeInTheDocument();
  });

  it('asks for a missing input in the form and calls nothing', async () => {
    const onChoose = vi.fn();
    const withoutNumber: Channel = {
      ...ovo,
      properties: ovo.properties.map((property) => ({ ...property, value: null })),
    };
    renderWithProviders(
      <ChannelList
        channels={[withoutNumber]}
        filter="all"
        transactionTypes={['PAY', 'ONE_TIME_PAYMENT']}
        onChoose={onChoose}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'OVO ID' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(screen.getByText('Mobile Number is required')).toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Mobile Number'), '+628333');
    expect(screen.queryByText('Mobile Number is required')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(onChoose).toHaveBeenCalledWith(withoutNumber, { mobile_number: '+628333' });
  });
});
