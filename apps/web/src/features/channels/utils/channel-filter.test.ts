import { describe, expect, it } from 'vitest';
import type { Channel, TransactionType } from '@store/contract/client';
import {
  applicableProperties,
  checkoutTransactionTypes,
  choosesImmediately,
  filterChannels,
  matchesChannelSearch,
  propertyLabel,
} from './channel-filter';

function channel(overrides: Partial<Channel>): Channel {
  return {
    code: 'DANA',
    name: 'DANA',
    country: 'ID',
    currency: 'IDR',
    is_saveable: true,
    creation_workflow_type: 'REDIRECT',
    properties: [],
    ...overrides,
  };
}

const mobile = (transaction_type: TransactionType) => ({
  name: 'mobile_number',
  type: 'TEXT' as const,
  transaction_type,
  value: '+628123',
});

const ovo = channel({
  code: 'OVO',
  properties: [mobile('PAY'), mobile('ONE_TIME_PAYMENT'), mobile('PAY_AND_SAVE'), mobile('SAVE')],
});
const payOnly = channel({
  code: 'PAY_ONLY',
  properties: [{ name: 'account_hint', type: 'TEXT', transaction_type: 'PAY', value: null }],
});
const va = channel({
  code: 'BCA_VIRTUAL_ACCOUNT',
  is_saveable: false,
  creation_workflow_type: 'PRESENT_TO_CUSTOMER',
});
const cards = channel({ code: 'CARDS', creation_workflow_type: 'CARDS_SESSION_JS' });

describe('the Save Payment Method? toggle', () => {
  it('unchecked asks for PAY and ONE_TIME_PAYMENT inputs and lists all channels', () => {
    const types = checkoutTransactionTypes(false);
    expect(types).toEqual(['PAY', 'ONE_TIME_PAYMENT']);
    expect(filterChannels([ovo, va, cards], 'all').map((c) => c.code)).toEqual([
      'OVO',
      'BCA_VIRTUAL_ACCOUNT',
      'CARDS',
    ]);
    expect(applicableProperties(payOnly, types)).toHaveLength(1);
  });

  it('checked asks for PAY_AND_SAVE inputs only and lists only saveable channels', () => {
    const types = checkoutTransactionTypes(true);
    expect(types).toEqual(['PAY_AND_SAVE']);
    expect(filterChannels([ovo, va, cards], 'saveable').map((c) => c.code)).toEqual([
      'OVO',
      'CARDS',
    ]);
    expect(applicableProperties(payOnly, types)).toEqual([]);
    expect(applicableProperties(ovo, types)).toEqual([mobile('PAY_AND_SAVE')]);
  });

  it('shows an input listed under several applicable types once', () => {
    expect(applicableProperties(ovo, checkoutTransactionTypes(false))).toEqual([mobile('PAY')]);
  });
});

describe('channel expanding', () => {
  it('chooses a channel without applicable inputs at once', () => {
    expect(choosesImmediately(va, ['PAY'])).toBe(true);
    expect(choosesImmediately(payOnly, ['PAY_AND_SAVE'])).toBe(true);
  });

  it('opens a channel with inputs, and always the cards-session channel', () => {
    expect(choosesImmediately(ovo, ['PAY'])).toBe(false);
    expect(choosesImmediately(cards, ['PAY'])).toBe(false);
  });
});

describe('propertyLabel', () => {
  it('turns underscores into spaced capitalised words', () => {
    expect(propertyLabel('mobile_number')).toBe('Mobile Number');
    expect(propertyLabel('account_holder_name')).toBe('Account Holder Name');
    expect(propertyLabel('otp')).toBe('Otp');
  });
});

describe('matchesChannelSearch', () => {
  const cimb = channel({ code: 'CIMB_FPX', name: 'CIMB FPX' });
  const maybank = channel({ code: 'MAYB2U_FPX', name: 'Maybank2u FPX' });
  const touchNGo = channel({ code: 'TOUCHNGO', name: "Touch 'n Go eWallet" });

  it('matches the code whatever the case, underscores or spaces', () => {
    for (const text of ['cimb', 'CIMB_FPX', 'cimb fpx', 'Cimb_Fpx', 'bfp']) {
      expect(matchesChannelSearch(cimb, text)).toBe(true);
    }
    expect(matchesChannelSearch(touchNGo, 'touch')).toBe(true);
    expect(matchesChannelSearch(touchNGo, 'touchngo')).toBe(true);
  });

  it('matches the name the customer knows', () => {
    expect(matchesChannelSearch(maybank, 'maybank')).toBe(true);
    expect(matchesChannelSearch(touchNGo, "touch 'n go")).toBe(true);
  });

  it('refuses what is in neither', () => {
    expect(matchesChannelSearch(cimb, 'maybank')).toBe(false);
    expect(matchesChannelSearch(touchNGo, 'fpx')).toBe(false);
  });

  it('lets every channel through an empty search', () => {
    expect(matchesChannelSearch(cimb, '')).toBe(true);
    expect(matchesChannelSearch(cimb, ' _ ')).toBe(true);
  });
});
