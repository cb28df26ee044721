import {
  paymentResultPath,
  resultScreenFor,
  screenPath,
  screenPaths,
  type Payment,
  type PaymentMethod,
} from '@store/contract/client';

/**
 * Where the browser goes next after a create, a link or a Continue: a page of the provider's (or
 * an app's custom scheme), left with a full navigation, or a screen of the store. One helper, so
 * every flow decides the same way.
 */
export type NextStep = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

/** `https://…`, `xenditdemo://…`: a URL with a scheme leaves the store. */
export function isAbsoluteUrl(value: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(value);
}

export const stepTo = (target: string): NextStep =>
  isAbsoluteUrl(target) ? { kind: 'external', url: target } : { kind: 'internal', path: target };

/**
 * Takes the step: a full navigation away, or the router within the store. `replace` takes the
 * place of the current entry, for a screen the customer must not come back to (a checkout
 * already paid): Back then leaves the flow instead of looping through it.
 */
export function follow(
  step: NextStep,
  navigate: (path: string, options?: { replace?: boolean }) => void,
  { replace = false }: { replace?: boolean } = {},
): void {
  if (step.kind === 'external') {
    if (replace) window.location.replace(step.url);
    else window.location.assign(step.url);
  } else navigate(step.path, { replace });
}

/**
 * After a payment is made (specification section 4): the first action's value when any action
 * exists; otherwise the result page of its status (the contract's resultScreenFor: SUCCEEDED to
 * the success page, FAILED to the failure page, whose declared route is /payments/failure though
 * the specification's code says /payments/failed; what the provider may still change to pending).
 * The result page reads the payment it names, so it can tell the truth and move on by itself.
 */
export function nextStepAfterPayment(
  payment: Pick<Payment, 'id' | 'status' | 'actions'>,
): NextStep {
  const value = payment.actions.find((action) => action.value)?.value;
  if (value) return stepTo(value);
  return stepTo(paymentResultPath(resultScreenFor(payment.status), payment.id));
}

/**
 * Continue Payment on a listed payment: the REDIRECT_CUSTOMER action's value, else the first
 * action with a value (store screens such as the virtual-account or OTP page); null when none.
 */
export function continuePaymentStep(payment: Pick<Payment, 'actions'>): NextStep | null {
  const redirect = payment.actions.find((action) => action.type === 'REDIRECT_CUSTOMER');
  const target = redirect?.value ?? payment.actions.find((action) => action.value)?.value;
  return target ? stepTo(target) : null;
}

/**
 * Continue Linking: the provider's linking page (REDIRECT_CUSTOMER), or the store's OTP screen
 * for a method waiting for its one-time password; null when neither.
 */
export function continueLinkingStep(
  method: Pick<PaymentMethod, 'id' | 'actions'>,
): NextStep | null {
  const redirect = method.actions.find((action) => action.type === 'REDIRECT_CUSTOMER');
  if (redirect?.value) return stepTo(redirect.value);
  if (method.actions.some((action) => action.value.endsWith('/otp'))) {
    return stepTo(screenPath('paymentMethodOtp', { paymentMethodId: method.id }));
  }
  return null;
}

/** After a link is made: its provider page or OTP screen, else the result of the link. */
export function nextStepAfterLinking(
  method: Pick<PaymentMethod, 'id' | 'status' | 'actions'>,
): NextStep {
  const value = method.actions[0]?.value;
  if (value && (isAbsoluteUrl(value) || value.startsWith('/'))) return stepTo(value);
  const query = { payment_method_id: method.id };
  if (method.status === 'ACTIVE') return stepTo(screenPath('linkingSuccess', {}, query));
  if (method.status === 'FAILED') return stepTo(screenPath('linkingFailure', {}, query));
  return stepTo(screenPaths.paymentMethods);
}

/**
 * The cards script's action_url (3DS) stands in for the store's answer when that answer still
 * requires action but carries none of its own: the answer's action wins whenever there is one.
 */
function cardScriptStep(
  completed: { status: string; actions: readonly unknown[] },
  scriptActionUrl: string | undefined,
): NextStep | null {
  if (completed.actions.length > 0 || completed.status !== 'REQUIRES_ACTION') return null;
  return scriptActionUrl ? { kind: 'external', url: scriptActionUrl } : null;
}

/** After a card payment is completed: 3DS (the payment's action or the script's), else its result. */
export function nextStepAfterCardPayment(
  payment: Pick<Payment, 'id' | 'status' | 'actions'>,
  scriptActionUrl: string | undefined,
): NextStep {
  return cardScriptStep(payment, scriptActionUrl) ?? nextStepAfterPayment(payment);
}

/** After a card is linked: 3DS (the method's action or the script's), else the link's result. */
export function nextStepAfterCardLink(
  method: Pick<PaymentMethod, 'id' | 'status' | 'actions'>,
  scriptActionUrl: string | undefined,
): NextStep {
  return cardScriptStep(method, scriptActionUrl) ?? nextStepAfterLinking(method);
}
