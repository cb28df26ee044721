import { describe, expect, it } from 'vitest';
import {
  cardFormMessages,
  parseExpiry,
  validateCardForm,
  type CardFormValues,
} from './card-validation';

const valid: CardFormValues = {
  cardNumber: '4000000000001000',
  expiryDate: '12/2030',
  cvn: '123',
  cardHolderFirstName: 'Ana',
  cardHolderLastName: 'Lim',
  cardHolderEmail: 'ana@example.com',
  cardHolderPhone: '+628123456789',
};

describe('validateCardForm', () => {
  it('accepts a complete card', () => {
    expect(validateCardForm(valid)).toEqual({});
    expect(validateCardForm({ ...valid, cvn: '1234' })).toEqual({});
  });

  it.each(['400000000000100', '40000000000010001', '4000 0000 0000 100', 'abcdabcdabcdabcd'])(
    'rejects the card number %j',
    (cardNumber) => {
      expect(validateCardForm({ ...valid, cardNumber })).toEqual({
        cardNumber: 'Card number must be 16 digits',
      });
    },
  );

  it.each(['13/2030', '00/2030', '1/2030', '12/30', '12-2030', '12/20300', ''])(
    'rejects the expiry %j',
    (expiryDate) => {
      expect(validateCardForm({ ...valid, expiryDate })).toEqual({
        expiryDate: 'Invalid expiry format (MM/YYYY)',
      });
    },
  );

  it('takes a card number pasted with spaces or dashes as its 16 digits', () => {
    expect(validateCardForm({ ...valid, cardNumber: '4000 0000 0000 1000' })).toEqual({});
    expect(validateCardForm({ ...valid, cardNumber: ' 4000-0000-0000-1000 ' })).toEqual({});
  });

  it('says a card whose expiry month has passed has expired, and takes the current month', () => {
    const now = new Date(2026, 10, 25);
    expect(validateCardForm({ ...valid, expiryDate: '10/2026' }, now)).toEqual({
      expiryDate: 'This card has expired: check the expiry date',
    });
    expect(validateCardForm({ ...valid, expiryDate: '12/2025' }, now)).toEqual({
      expiryDate: 'This card has expired: check the expiry date',
    });
    expect(validateCardForm({ ...valid, expiryDate: '11/2026' }, now)).toEqual({});
  });

  it.each(['12', '12345', '12a'])('rejects the cvn %j', (cvn) => {
    expect(validateCardForm({ ...valid, cvn })).toEqual({ cvn: 'cvn must be 3 or 4 digits' });
  });

  it('requires every cardholder field, ignoring blanks', () => {
    expect(
      validateCardForm({
        ...valid,
        cardHolderFirstName: ' ',
        cardHolderLastName: '',
        cardHolderEmail: '\t',
        cardHolderPhone: '',
      }),
    ).toEqual({
      cardHolderFirstName: 'Cardholder first name is required',
      cardHolderLastName: 'Cardholder last name is required',
      cardHolderEmail: 'Cardholder email is required',
      cardHolderPhone: 'Cardholder phone is required',
    });
  });

  it('reports every field of an empty form', () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ''])) as never;
    expect(validateCardForm(empty)).toEqual(cardFormMessages);
  });
});

describe('parseExpiry', () => {
  it('splits month and year', () => {
    expect(parseExpiry('01/2031')).toEqual({ month: '01', year: '2031' });
    expect(parseExpiry('2031/01')).toBeNull();
  });
});
