import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { CardSession } from '@store/contract/client';
import {
  emptyCardForm,
  validateCardForm,
  type CardFormErrors,
  type CardFormField,
  type CardFormValues,
} from '../utils/card-validation';
import { collectCardData, toCardData, type CollectedCard } from '../utils/collect-card-data';

export interface CardFormProps {
  /** The session the card is collected for; undefined while it is being fetched or made. */
  session: CardSession | undefined;
  /** The Save Payment Method? choice: the provider keeps a token of the card (PAY_AND_SAVE). */
  saveCardPaymentToken: boolean;
  submitLabel: string;
  /** While the caller completes the session, the form waits. */
  busy?: boolean;
  onCollected: (session: CardSession, collected: CollectedCard) => void;
  /**
   * Whether the provider's script is collecting the card now: with a PAY session it makes the
   * payment there, so the caller's other ways to pay wait too.
   */
  onCollectingChange?: (collecting: boolean) => void;
}

const fields: { name: CardFormField; label: string; placeholder?: string; type?: string }[] = [
  { name: 'cardNumber', label: 'Card Number', placeholder: '4000000000001000' },
  { name: 'expiryDate', label: 'Expiry Date', placeholder: 'MM/YYYY' },
  { name: 'cvn', label: 'CVN', placeholder: '123' },
  { name: 'cardHolderFirstName', label: 'Cardholder First Name' },
  { name: 'cardHolderLastName', label: 'Cardholder Last Name' },
  { name: 'cardHolderEmail', label: 'Cardholder Email', type: 'email' },
  { name: 'cardHolderPhone', label: 'Cardholder Phone', type: 'tel' },
];

/**
 * The card form of the cards-session channel. Valid data goes straight from the browser to the
 * provider's script; the caller completes the session with the id the script answers.
 */
export function CardForm({
  session,
  saveCardPaymentToken,
  submitLabel,
  busy = false,
  onCollected,
  onCollectingChange,
}: CardFormProps) {
  const [values, setValues] = useState<CardFormValues>(emptyCardForm);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [collecting, setCollecting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (collecting || busy) return;
    const found = validateCardForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The specification ignores a submission without a session or key, and only logs it.
    if (!session) {
      console.warn('No cards session available');
      return;
    }
    const publicKey = session.extra_data.public_key;
    if (!publicKey) {
      console.warn('No public key available');
      return;
    }
    setCollecting(true);
    onCollectingChange?.(true);
    try {
      const collected = await collectCardData(
        publicKey,
        toCardData(values, session.id, saveCardPaymentToken),
      );
      onCollected(session, collected);
    } catch (error) {
      // Card provider errors on data collection are logged only (specification section 8).
      console.error(error);
    } finally {
      setCollecting(false);
      onCollectingChange?.(false);
    }
  }

  function change(name: CardFormField, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (current[name] === undefined) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  }

  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Card details"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {fields.map((field) => (
            <TextInput
              key={field.name}
              name={field.name}
              label={field.label}
              placeholder={field.placeholder}
              type={field.type ?? 'text'}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(event) => change(field.name, event.currentTarget.value)}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={collecting || busy} disabled={session === undefined}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
