import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { exampleMobileNumber, mobileNumberMaxLength, type Customer } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';

export interface AccountSettingsFormProps {
  customer: Customer;
  /** The store's country, for an example number in its E.164 form; Indonesia's until known. */
  country?: string;
  isUpdating: boolean;
  saved: boolean;
  error: unknown;
  onUpdate: (customer: Customer) => void;
  onDismissError: () => void;
}

export function AccountSettingsForm({
  customer,
  country = 'ID',
  isUpdating,
  saved,
  error,
  onUpdate,
  onDismissError,
}: AccountSettingsFormProps) {
  const savedNumber = customer.mobile_number ?? '';
  const [mobileNumber, setMobileNumber] = useState(savedNumber);
  const changed = mobileNumber.trim() !== savedNumber;
  const numberRef = useRef<HTMLInputElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    // Update is disabled while it saves and stays so once saved, and the browser drops the focus
    // it had to the page's body; it comes back to the number, not to the top of the page.
    if (!sent.current || isUpdating) return;
    sent.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.matches(':disabled')) {
      numberRef.current?.focus();
    }
  }, [isUpdating]);

  return (
    <Stack
      component="form"
      maw={420}
      onSubmit={(event) => {
        event.preventDefault();
        sent.current = true;
        const trimmed = mobileNumber.trim();
        // The API takes the whole record back with the new number; an empty field removes it.
        onUpdate({ ...customer, mobile_number: trimmed === '' ? null : trimmed });
      }}
    >
      <TextInput label="Email" value={customer.email} readOnly />
      <TextInput
        label="Mobile Number"
        // The limit is said beside the field, so a longer paste cut at it does not surprise.
        description={`A mobile number is required for some payment channels (for example OVO). Up to ${mobileNumberMaxLength} characters.`}
        placeholder={exampleMobileNumber(country)}
        type="tel"
        ref={numberRef}
        // The store keeps no longer number; the field stops there rather than failing on Update.
        maxLength={mobileNumberMaxLength}
        value={mobileNumber}
        onChange={(event) => setMobileNumber(event.currentTarget.value)}
      />
      <Button type="submit" disabled={!changed || isUpdating} w="fit-content">
        {isUpdating ? 'Updating...' : 'Update'}
      </Button>
      {saved && !changed && (
        <Alert color="green" role="status">
          Mobile number updated.
        </Alert>
      )}
      {error !== null && <ErrorPanel error={error} onClose={onDismissError} />}
    </Stack>
  );
}
