import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mobileNumberMaxLength, type Customer } from '@store/contract/client';
import { renderWithProviders } from '@/test/render';
import { AccountSettingsForm, type AccountSettingsFormProps } from './account-settings-form';

const customer: Customer = {
  id: 'cust-1',
  email: 'ayu@example.com',
  name: 'Ayu',
  mobile_number: '+628111',
};

function renderForm(props: Partial<AccountSettingsFormProps> = {}) {
  const onUpdate = vi.fn();
  renderWithProviders(
    <AccountSettingsForm
      customer={customer}
      isUpdating={false}
      saved={false}
      error={null}
      onUpdate={onUpdate}
      onDismissError={vi.fn()}
      {...props}
    />,
  );
  return { onUpdate };
}

describe('Account settings form', () => {
  it('shows the email read-only and the mobile number editable', () => {
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveValue('ayu@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('+628111');
    expect(screen.getByText(/for example OVO/)).toBeInTheDocument();
  });

  it("offers an example number in the store's country's E.164 form", () => {
    renderForm({ country: 'VN' });
    expect(screen.getByLabelText('Mobile Number')).toHaveAttribute('placeholder', '+84912345678');
  });

  it('enables Update only once the number changes, and sends the whole record', async () => {
    const { onUpdate } = renderForm();
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    const input = screen.getByLabelText('Mobile Number');
    await userEvent.clear(input);
    await userEvent.type(input, '+628222');
    expect(update).toBeEnabled();

    await userEvent.click(update);
    expect(onUpdate).toHaveBeenCalledWith({ ...customer, mobile_number: '+628222' });

    await userEvent.clear(input);
    await userEvent.type(input, '+628111');
    expect(update).toBeDisabled();
  });

  it('keeps the focus in the form once Update, disabled while it saves, has saved', async () => {
    // The page's part: Update is disabled while the number is sent, then the saved record comes back.
    function Saving() {
      const [record, setRecord] = useState(customer);
      const [isUpdating, setUpdating] = useState(false);
      const [saved, setSaved] = useState(false);
      return (
        <AccountSettingsForm
          customer={record}
          isUpdating={isUpdating}
          saved={saved}
          error={null}
          onUpdate={(next) => {
            setUpdating(true);
            setTimeout(() => {
              setRecord(next);
              setUpdating(false);
              setSaved(true);
            }, 20);
          }}
          onDismissError={vi.fn()}
        />
      );
    }
    renderWithProviders(<Saving />);
    const input = screen.getByLabelText('Mobile Number');
    await userEvent.clear(input);
    await userEvent.type(input, '+628222');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Mobile number updated.')).toBeVisible();
    // The button the keyboard was on is disabled again: the number just saved has the focus.
    await waitFor(() => expect(input).toHaveFocus());
  });

  it('stops at the longest number the store keeps, instead of failing on Update', async () => {
    const { onUpdate } = renderForm();
    const input = screen.getByLabelText('Mobile Number');
    // Said beside the field, so a longer paste cut at the limit does not come as a surprise.
    expect(input).toHaveAccessibleDescription(
      new RegExp(`Up to ${mobileNumberMaxLength} characters\\.`),
    );
    await userEvent.clear(input);
    await userEvent.type(input, `+62${'8'.repeat(40)}`);
    expect(input).toHaveValue(`+62${'8'.repeat(mobileNumberMaxLength - 3)}`);

    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(onUpdate).toHaveBeenCalledWith({
      ...customer,
      mobile_number: `+62${'8'.repeat(mobileNumberMaxLength - 3)}`,
    });
  });

  it('reads Updating... and stays disabled while saving', async () => {
    renderForm({ isUpdating: true });
    await userEvent.type(screen.getByLabelText('Mobile Number'), '9');
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });
});
