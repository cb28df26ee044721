import { wrongOtpMessage } from '@store/contract';
import { AppError } from '../http/app-error.ts';

/**
 * A wrong OTP told in the store's words, with the tries left. The provider says how many only in
 * its message (no field carries it), so the number is read from there; without one the words
 * still say what to do. Other refusals pass as they are.
 */
export function inStoreWords(refusal: AppError): AppError {
  if (refusal.errorCode !== 'INVALID_OTP') return refusal;
  const left = /(\d+)\s+attempt/i.exec(refusal.message);
  return new AppError(
    refusal.statusCode,
    refusal.errorCode,
    wrongOtpMessage(left ? Number(left[1]) : null),
    refusal.exchange,
    refusal.providerOutcome,
  );
}
