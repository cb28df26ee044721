/**
 * The customer's sentence for an error the store itself answers where no payment failed (a page
 * for something the customer cannot see, an unknown store, an ended session), shown beside the
 * code and message the error panel keeps for developers. Payment failures have their own words
 * (`describeFailure` in the contract), shown where a payment fails.
 */
const words: Record<string, string> = {
  NOT_FOUND:
    'We could not find this in your account. The link may be mistyped or belong to another account; your payments are listed under Orders.',
  APP_NOT_FOUND: 'There is no store with this App Id. Check it for a typing mistake.',
  INVALID_CREDENTIAL: 'Signing in did not work. Please try again.',
  UNAUTHORIZED: 'Your session has ended. Please sign in again.',
  TOKEN_EXPIRED_ERROR: 'Your session has ended. Please sign in again.',
  CUSTOMER_NOT_FOUND: 'Your session has ended. Please sign in again.',
  RATE_LIMIT_EXCEEDED: 'Too many tries in a short time. Wait a minute, then try again.',
  PAYMENT_NOT_ACTIONABLE:
    'This payment cannot do that: it has ended (paid, failed or cancelled), or it does not ask for it. Its status is on the Orders page.',
  PAYMENT_METHOD_NOT_ACTIONABLE:
    'This payment method cannot do that in its current status. Its status is on the Payment Methods page.',
  SUBSCRIPTION_NOT_ACTIONABLE:
    'This subscription cannot do that any more: it has ended or is still being set up.',
  NO_SCHEDULED_CYCLE:
    'The next cycle is not scheduled yet. Wait a moment for the provider, then try again.',
  REFUND_IN_PROGRESS:
    'A refund of this payment is still being processed. Once it has finished, usually within moments, you can refund more.',
  REFUND_NOT_SUPPORTED:
    'This payment channel does not take refunds through the store. Please contact our support team to have it refunded.',
  SIMULATION_NOT_ALLOWED: 'Running a cycle early is for development stores only.',
  SUBSCRIPTION_LIMIT_REACHED:
    'You have as many subscriptions as this store allows. Cancel one on the Subscriptions page before starting another.',
};

/**
 * The words for `errorCode`; a 429 whose Retry-After is longer than a minute (a limit counted over
 * most of an hour, as a subscription's runs are) says how long, rather than "a minute", and one of
 * a few seconds (too many requests of the account or the network at once) says "a moment".
 */
export function customerWords(
  errorCode: string,
  retryAfterSeconds: number | null = null,
): string | null {
  if (errorCode === 'RATE_LIMIT_EXCEEDED' && retryAfterSeconds !== null) {
    if (retryAfterSeconds > 90) {
      return `Too many tries in a short time. Try again in about ${Math.ceil(retryAfterSeconds / 60)} minutes.`;
    }
    if (retryAfterSeconds <= 5) {
      return 'Too many requests at once from your account or network. Wait a moment, then try again.';
    }
  }
  return words[errorCode] ?? null;
}
