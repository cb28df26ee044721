import type { Channel, ChannelProperty, Currency, TransactionType } from '@store/contract';
import { marketChannels } from '../provider/market-channels.ts';

/** A mobile number is asked for each way the channel is used: paying, and saving the method. */
const mobileTransactionTypes: TransactionType[] = [
  'PAY',
  'ONE_TIME_PAYMENT',
  'PAY_AND_SAVE',
  'SAVE',
];

/** A channel's name as customers know it (the bank, the e-wallet, the counter). */
export function channelName(country: string, code: string): string {
  return marketChannels(country).find((channel) => channel.code === code)?.name ?? code;
}

/** The channels an app offers, with inputs prefilled for the customer. */
export function channelsFor(
  app: { country: string; currency: string },
  customer: { mobileNumber: string | null },
): Channel[] {
  return marketChannels(app.country).map(
    ({ requiredProperties, min: _min, max: _max, ...channel }) => ({
      ...channel,
      country: app.country,
      currency: app.currency as Currency,
      properties: requiredProperties.flatMap((name) =>
        mobileTransactionTypes.map((transactionType): ChannelProperty => ({
          name,
          type: 'TEXT',
          transaction_type: transactionType,
          value: name === 'mobile_number' ? customer.mobileNumber : null,
        })),
      ),
    }),
  );
}

export function findChannel(app: { country: string; currency: string }, code: string) {
  return channelsFor(app, { mobileNumber: null }).find((channel) => channel.code === code);
}

/** A channel's amount limits in the app's market (major units), for refusing before the provider. */
export function channelLimits(country: string, code: string) {
  const channel = marketChannels(country).find((candidate) => candidate.code === code);
  return channel && { min: channel.min, max: channel.max };
}
