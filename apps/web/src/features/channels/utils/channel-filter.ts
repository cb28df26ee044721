import {
  transactionTypesFor,
  type Channel,
  type ChannelProperty,
  type TransactionType,
} from '@store/contract/client';

/** Which channels a list shows: every one, or only those a payment method can be saved from. */
export type ChannelFilter = 'all' | 'saveable';

/** The transaction types checkout asks inputs for, by the Save Payment Method? toggle. */
export function checkoutTransactionTypes(save: boolean): readonly TransactionType[] {
  return transactionTypesFor(save ? 'PAY_AND_SAVE' : 'PAY');
}

export function filterChannels(channels: readonly Channel[], filter: ChannelFilter): Channel[] {
  return filter === 'saveable' ? channels.filter((channel) => channel.is_saveable) : [...channels];
}

/**
 * The inputs a channel asks for under the given transaction types. The provider lists an input
 * once per transaction type, so one name is kept once.
 */
export function applicableProperties(
  channel: Channel,
  transactionTypes: readonly TransactionType[],
): ChannelProperty[] {
  const byName = new Map<string, ChannelProperty>();
  for (const property of channel.properties) {
    if (transactionTypes.includes(property.transaction_type) && !byName.has(property.name)) {
      byName.set(property.name, property);
    }
  }
  return [...byName.values()];
}

export function isCardsSession(channel: Channel): boolean {
  return channel.creation_workflow_type === 'CARDS_SESSION_JS';
}

/** A channel without inputs (and not the card form) is chosen as soon as it is clicked. */
export function choosesImmediately(
  channel: Channel,
  transactionTypes: readonly TransactionType[],
): boolean {
  return !isCardsSession(channel) && applicableProperties(channel, transactionTypes).length === 0;
}

/** 'mobile_number' -> 'Mobile Number'. */
export function propertyLabel(name: string): string {
  return name
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
