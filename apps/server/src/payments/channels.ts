import type { Channel, ChannelProperty, Currency, TransactionType } from '@store/contract';

type ChannelDefinition = Omit<Channel, 'properties' | 'currency' | 'country'> & {
  /** Inputs the customer fills; `mobile` ones are prefilled with the customer's mobile number. */
  inputs?: { name: string; transactionTypes: TransactionType[]; mobile?: boolean }[];
};

const mobileNumberInput = (transactionTypes: TransactionType[]) => ({
  name: 'mobile_number',
  transactionTypes,
  mobile: true,
});

const indonesia: ChannelDefinition[] = [
  {
    code: 'CARDS',
    name: 'Credit / Debit Card',
    is_saveable: true,
    creation_workflow_type: 'CARDS_SESSION_JS',
  },
  {
    code: 'BCA_VIRTUAL_ACCOUNT',
    name: 'BCA Virtual Account',
    is_saveable: false,
    creation_workflow_type: 'PRESENT_TO_CUSTOMER',
  },
  {
    code: 'BNI_VIRTUAL_ACCOUNT',
    name: 'BNI Virtual Account',
    is_saveable: false,
    creation_workflow_type: 'PRESENT_TO_CUSTOMER',
  },
  {
    code: 'BRI_VIRTUAL_ACCOUNT',
    name: 'BRI Virtual Account',
    is_saveable: false,
    creation_workflow_type: 'PRESENT_TO_CUSTOMER',
  },
  {
    code: 'MANDIRI_VIRTUAL_ACCOUNT',
    name: 'Mandiri Virtual Account',
    is_saveable: false,
    creation_workflow_type: 'PRESENT_TO_CUSTOMER',
  },
  {
    code: 'PERMATA_VIRTUAL_ACCOUNT',
    name: 'Permata Virtual Account',
    is_saveable: false,
    creation_workflow_type: 'PRESENT_TO_CUSTOMER',
  },
  {
    code: 'OVO',
    name: 'OVO',
    is_saveable: true,
    creation_workflow_type: 'PUSH_NOTIFICATION',
    inputs: [mobileNumberInput(['PAY', 'ONE_TIME_PAYMENT', 'PAY_AND_SAVE', 'SAVE'])],
  },
  { code: 'DANA', name: 'DANA', is_saveable: true, creation_workflow_type: 'REDIRECT' },
  { code: 'SHOPEEPAY', name: 'ShopeePay', is_saveable: true, creation_workflow_type: 'REDIRECT' },
  {
    code: 'ALFAMART',
    name: 'Alfamart',
    is_saveable: false,
    creation_workflow_type: 'PRESENT_TO_CUSTOMER',
  },
  { code: 'QRIS', name: 'QRIS', is_saveable: false, creation_workflow_type: 'PRESENT_TO_CUSTOMER' },
  {
    code: 'BRI_DIRECT_DEBIT',
    name: 'BRI Direct Debit',
    is_saveable: true,
    creation_workflow_type: 'OTP',
    inputs: [mobileNumberInput(['PAY', 'ONE_TIME_PAYMENT', 'PAY_AND_SAVE', 'SAVE'])],
  },
];

const philippines: ChannelDefinition[] = [
  {
    code: 'CARDS',
    name: 'Credit / Debit Card',
    is_saveable: true,
    creation_workflow_type: 'CARDS_SESSION_JS',
  },
  { code: 'GCASH', name: 'GCash', is_saveable: true, creation_workflow_type: 'REDIRECT' },
  { code: 'PAYMAYA', name: 'Maya', is_saveable: true, creation_workflow_type: 'REDIRECT' },
  { code: 'GRABPAY', name: 'GrabPay', is_saveable: true, creation_workflow_type: 'REDIRECT' },
  {
    code: 'BPI_DIRECT_DEBIT',
    name: 'BPI Direct Debit',
    is_saveable: true,
    creation_workflow_type: 'OTP',
    inputs: [mobileNumberInput(['PAY', 'ONE_TIME_PAYMENT', 'PAY_AND_SAVE', 'SAVE'])],
  },
  {
    code: '7ELEVEN',
    name: '7-Eleven',
    is_saveable: false,
    creation_workflow_type: 'PRESENT_TO_CUSTOMER',
  },
];

const channelsByCountry: Record<string, ChannelDefinition[]> = { ID: indonesia, PH: philippines };

/** A channel's name as customers know it (the bank, the e-wallet, the counter). */
export function channelName(country: string, code: string): string {
  return channelsByCountry[country]?.find((channel) => channel.code === code)?.name ?? code;
}

/** The channels an app offers, with inputs prefilled for the customer. */
export function channelsFor(
  app: { country: string; currency: string },
  customer: { mobileNumber: string | null },
): Channel[] {
  return (channelsByCountry[app.country] ?? []).map(({ inputs = [], ...channel }) => ({
    ...channel,
    country: app.country,
    currency: app.currency as Currency,
    properties: inputs.flatMap((input) =>
      input.transactionTypes.map((transactionType): ChannelProperty => ({
        name: input.name,
        type: 'TEXT',
        transaction_type: transactionType,
        value: input.mobile ? customer.mobileNumber : null,
      })),
    ),
  }));
}

export function findChannel(app: { country: string; currency: string }, code: string) {
  return channelsFor(app, { mobileNumber: null }).find((channel) => channel.code === code);
}
