import { screenPath, type ScreenName } from '@store/contract';

/** The store's result pages for each flow, and the query parameter that names what they show. */
const resultPages: Record<
  'payment' | 'linking',
  { idParameter: string; success: ScreenName; failure: ScreenName }
> = {
  payment: { idParameter: 'payment_id', success: 'paymentSuccess', failure: 'paymentFailure' },
  linking: {
    idParameter: 'payment_method_id',
    success: 'linkingSuccess',
    failure: 'linkingFailure',
  },
};

/**
 * Where the provider sends the browser back after a payment or a link: the store's result pages,
 * with the id they read, and the client when it is not the web app, so the page can hand back to it.
 */
export function returnUrls(
  publicUrl: string,
  flow: keyof typeof resultPages,
  id: string,
  clientId: string,
) {
  const pages = resultPages[flow];
  const query: Record<string, string> = { [pages.idParameter]: id };
  if (clientId !== 'web') query.source = clientId;
  return {
    success_return_url: `${publicUrl}${screenPath(pages.success, {}, query)}`,
    failure_return_url: `${publicUrl}${screenPath(pages.failure, {}, query)}`,
  };
}
