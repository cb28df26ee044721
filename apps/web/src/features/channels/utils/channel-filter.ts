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

/** Above this many channels a list offers its search: a short list is read at a glance. */
export const CHANNEL_SEARCH_THRESHOLD = 8;

/** Letters and digits only, lower case: "Touch 'n Go", "touch n go" and TOUCHNGO read alike. */
function searchKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether a channel answers what the customer typed: its code ("fpx", "cimb") or its name, since
 * a customer knows Maybank2u FPX as Maybank rather than as MAYB2U_FPX.
 */
export function matchesChannelSearch(channel: Channel, text: string): boolean {
  const wanted = searchKey(text);
  return searchKey(channel.code).includes(wanted) || searchKey(channel.name).includes(wanted);
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
