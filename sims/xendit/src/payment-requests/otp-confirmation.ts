import { TEST_OTPS, type PaymentRequest } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible } from '../api-error.ts';
import { authorisationOutcome } from '../cards.ts';
import { CHANNELS } from '../channels.ts';
import type { Database } from '../db/database.ts';
import { saveObject } from '../objects.ts';
import { judgeOtp } from '../otp.ts';
import type { SimContext } from '../sim-context.ts';
import { settle } from './settle.ts';
import { loadPaymentRequest, requestedAmount, type StoredPaymentRequest } from './stored.ts';

// A direct debit confirmed by the customer's OTP: the right code settles it, a wrong one counts
// an attempt, and the last allowed wrong one fails it.

/** The request as it now stands, with the refusal to answer when the OTP was not accepted. */
export type OtpResult = { data: PaymentRequest; error?: ApiError };

function requireOtpFlow(stored: StoredPaymentRequest) {
  if (CHANNELS[stored.data.channel_code]?.kind !== 'DIRECT_DEBIT') {
    throw new ApiError(
      400,
      'INELIGIBLE_TRANSACTION_STATUS',
      `Payments by ${stored.data.channel_code} are not confirmed by OTP`,
    );
  }
  if (stored.data.status !== 'REQUIRES_ACTION') {
    throw ineligible('payment request', stored.data.status, 'validated');
  }
}

export async function validatePaymentRequestOtp(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  id: string,
  otpCode: string,
): Promise<OtpResult> {
  const stored = await loadPaymentRequest(tx, owner, id, true);
  requireOtpFlow(stored);
  const verdict = judgeOtp(otpCode, TEST_OTPS.success, stored.internal.otpAttempts ?? 0);
  switch (verdict.kind) {
    case 'valid':
      return {
        data: await settle(
          ctx,
          tx,
          owner,
          stored,
          authorisationOutcome(requestedAmount(stored.data)),
        ),
      };
    case 'expired':
      return { data: stored.data, error: verdict.error };
    case 'invalid':
      await saveObject(tx, id, stored.data, { ...stored.internal, otpAttempts: verdict.attempts });
      return { data: stored.data, error: verdict.error };
    case 'max_attempts':
      return {
        data: await settle(ctx, tx, owner, stored, {
          status: 'FAILED',
          failureCode: 'OTP_ATTEMPT_COUNTS_EXCEEDED',
        }),
        error: verdict.error,
      };
  }
}

export async function resendPaymentRequestOtp(tx: Database, owner: Owner, id: string) {
  const stored = await loadPaymentRequest(tx, owner, id);
  requireOtpFlow(stored);
  return stored.data;
}
