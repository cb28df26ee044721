import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel } from '@store/contract/client';
import { renderWithProviders } from '@/test/render';
import { ChannelList, type ChannelListProps } from './channel-list';

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

/** A Malaysian list: forty-odd banks is where a customer needs the search. */
function fpx(code: string, name: string): Channel {
  return {
    ...va,
    code,
    name,
    country: 'MY',
    currency: 'MYR',
    creation_workflow_type: 'REDIRECT',
  };
}
const touchNGo: Channel = {
  ...fpx('TOUCHNGO', "Touch 'n Go eWallet"),
  is_saveable: true,
};
const malaysian: Channel[] = [
  fpx('MAYB2U_FPX', 'Maybank2u FPX'),
  fpx('CIMB_FPX', 'CIMB FPX'),
  fpx('PUBLIC_FPX', 'Public Bank FPX'),
  fpx('RHB_FPX', 'RHB FPX'),
  fpx('AFFIN_FPX', 'Affin Bank FPX'),
  fpx('CIMB_FPX_BUSINESS', 'CIMB FPX Business'),
  fpx('AMBANK_VIRTUAL_ACCOUNT', 'AmBank Virtual Account'),
  fpx('GRABPAY', 'GrabPay'),
  touchNGo,
];

function channelButtons() {
  return screen
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((label) => label?.endsWith(' MY'));
}

/** The Malaysian list, long enough to be searched, every channel chosen with `onChoose`. */
function renderMalaysian(onChoose: ChannelListProps['onChoose'] = () => {}) {
  renderWithProviders(
    <ChannelList
      channels={malaysian}
      filter="all"
      transactionTypes={['PAY']}
      onChoose={onChoose}
    />,
  );
}

describe('ChannelList search', () => {
  it('is not offered for a list of eight channels or fewer', () => {
    renderWithProviders(
      <ChannelList
        channels={malaysian.slice(0, 8)}
        filter="all"
        transactionTypes={['PAY']}
        onChoose={() => {}}
      />,
    );
    expect(screen.queryByLabelText('Find a payment channel')).not.toBeInTheDocument();
    expect(channelButtons()).toHaveLength(8);
  });

  it('narrows a long list by code, ignoring case, underscores and spaces', async () => {
    renderMalaysian();
    const search = screen.getByRole('textbox', { name: 'Find a payment channel' });
    expect(channelButtons()).toHaveLength(9);

    await userEvent.type(search, 'touch');
    expect(channelButtons()).toEqual(['TOUCHNGO MY']);

    await userEvent.clear(search);
    await userEvent.type(search, 'cimb fpx');
    expect(channelButtons()).toEqual(['CIMB_FPX MY', 'CIMB_FPX_BUSINESS MY']);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 9 channels');

    await userEvent.clear(search);
    await userEvent.type(search, 'Fpx');
    expect(channelButtons()).toHaveLength(6);
  });

  it('finds a bank by the name a customer knows it by', async () => {
    renderMalaysian();
    await userEvent.type(screen.getByLabelText('Find a payment channel'), 'maybank');
    expect(channelButtons()).toEqual(['MAYB2U_FPX MY']);
  });

  it('says when nothing matches, and the clear button brings every channel back', async () => {
    renderMalaysian();
    const search = screen.getByLabelText('Find a payment channel');
    await userEvent.type(search, 'paypal ');
    expect(screen.getByRole('status')).toHaveTextContent('No channel matches "paypal"');
    expect(channelButtons()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Clear channel search' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(channelButtons()).toHaveLength(9);
  });

  it('clears with Escape', async () => {
    renderMalaysian();
    const search = screen.getByLabelText('Find a payment channel');
    await userEvent.type(search, 'rhb{Escape}');
    expect(search).toHaveValue('');
    expect(channelButtons()).toHaveLength(9);
  });

  it('chooses a found channel on click, as the full list does', async () => {
    const onChoose = vi.fn();
    renderMalaysian(onChoose);
    await userEvent.type(screen.getByLabelText('Find a payment channel'), 'cimb_fpx');
    await userEvent.click(screen.getByRole('button', { name: 'CIMB_FPX MY' }));
    expect(onChoose).toHaveBeenCalledWith(malaysian[1], {});
  });

  it('goes with the saveable filter when that leaves a short list, and comes back with it', async () => {
    function Checkout() {
      const [save, setSave] = useState(false);
      return (
        <>
          <Checkbox
            label="Save Payment Method?"
            checked={save}
            onChange={(event) => setSave(event.currentTarget.checked)}
          />
          <ChannelList
            channels={malaysian}
            filter={save ? 'saveable' : 'all'}
            transactionTypes={['PAY']}
            onChoose={() => {}}
          />
        </>
      );
    }
    renderWithProviders(<Checkout />);
    await userEvent.type(screen.getByLabelText('Find a payment channel'), 'cimb');
    await userEvent.click(screen.getByLabelText('Save Payment Method?'));
    expect(screen.queryByLabelText('Find a payment channel')).not.toBeInTheDocument();
    expect(channelButtons()).toEqual(['TOUCHNGO MY']);
    await userEvent.click(screen.getByLabelText('Save Payment Method?'));
    expect(screen.getByLabelText('Find a payment channel')).toHaveValue('cimb');
    expect(channelButtons()).toEqual(['CIMB_FPX MY', 'CIMB_FPX_BUSINESS MY']);
  });
});
