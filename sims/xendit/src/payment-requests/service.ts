// The payment requests' public face, for their routes, the worker, the hosted pages and the other
// resources. Each step of a request's life has its module beside this one:
//   stored.ts            the stored request, its loading and its status table
//   create-checks.ts     the published rules a create call must meet
//   channel-actions.ts   what each channel asks of the customer first
//   create.ts            a create call, planned from reads alone
//   create-statement.ts  its write with its idempotency key, one prepared statement
//   settle.ts            the changes that end in a payment (and its webhook)
//   otp-confirmation.ts  a direct debit confirmed by OTP
//   status-changes.ts    cancel, expiry, following a payment
//   scheduled-jobs.ts    what the worker runs: later outcomes and expiries
export { createPaymentRequest, paymentRequestInserts, planPaymentRequest } from './create.ts';
export { refuseExcessDecimals } from './create-checks.ts';
export { preparePaymentRequestWrite } from './create-statement.ts';
export { resendPaymentRequestOtp, validatePaymentRequestOtp } from './otp-confirmation.ts';
export { runExpiryJob, runOutcomeJob } from './scheduled-jobs.ts';
export { payPresentedCode, settle } from './settle.ts';
export { cancelPaymentRequest, expirePaymentRequest, followPayment } from './status-changes.ts';
export { loadPaymentRequest, requestedAmount } from './stored.ts';
