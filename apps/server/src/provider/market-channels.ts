import { marketOf, type ChannelKind } from '@store/xendit';
import type { CreationWorkflowType } from '@store/contract';

// The channels the provider lists for a market (packages/xendit/src/markets.ts, the table the
// simulator reads too), in the store's words: how the customer completes each one and what it
// asks for. The rest of the server knows channels only through this.

/** How the store completes a payment of each kind of channel. */
const workflowOf: Record<ChannelKind, CreationWorkflowType> = {
  VIRTUAL_ACCOUNT: 'PRESENT_TO_CUSTOMER',
  RETAIL_OUTLET: 'PRESENT_TO_CUSTOMER',
  QR_CODE: 'PRESENT_TO_CUSTOMER',
  EWALLET_REDIRECT: 'REDIRECT',
  ONLINE_BANKING: 'REDIRECT',
  EWALLET_PUSH: 'PUSH_NOTIFICATION',
  DIRECT_DEBIT: 'OTP',
  CARDS: 'CARDS_SESSION_JS',
};

export interface StoreChannel {
  code: string;
  name: string;
  is_saveable: boolean;
  creation_workflow_type: CreationWorkflowType;
  /** Amount limits in major units. */
  min: number;
  max: number;
  /** Properties the customer fills; each `mobile_number` is prefilled with the customer's. */
  requiredProperties: readonly string[];
}

/** Each market's channels, made once: the table is fixed, and every create looks a channel up. */
const channelsByCountry = new Map<string, readonly StoreChannel[]>();

/** The channels of the app's country, in the provider's order; none for a market it lacks. */
export function marketChannels(country: string): readonly StoreChannel[] {
  let channels = channelsByCountry.get(country);
  if (!channels) {
    channels = (marketOf(country)?.channels ?? []).map((channel) => ({
      code: channel.code,
      name: channel.name,
      is_saveable: channel.saveable,
      creation_workflow_type: workflowOf[channel.kind],
      min: channel.min,
      max: channel.max,
      requiredProperties: channel.requiredProperties ?? [],
    }));
    channelsByCountry.set(country, channels);
  }
  return channels;
}
