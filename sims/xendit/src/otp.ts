import { MAX_OTP_ATTEMPTS, TEST_OTPS } from '@store/xendit';
import { ApiError } from './api-error.ts';

export type OtpVerdict =
  | { kind: 'valid' }
  | { kind: 'expired'; error: ApiError }
  | { kind: 'invalid'; attempts: number; error: ApiError }
  | { kind: 'max_attempts'; error: ApiError };

/**
 * Judges an OTP with the provider's test values: the success code passes, 222001 has expired (the
 * customer may ask for another), 222002 and the third wrong code in a row end the attempt.
 */
export function judgeOtp(otpCode: string, successCode: string, wrongSoFar: number): OtpVerdict {
  if (otpCode === successCode) return { kind: 'valid' };
  if (otpCode === TEST_OTPS.expired) {
    return {
      kind: 'expired',
      error: new ApiError(400, 'EXPIRED_OTP', 'The OTP has expired; ask for a new one'),
    };
  }
  const attempts = wrongSoFar + 1;
  if (otpCode === TEST_OTPS.maxAttempts || attempts >= MAX_OTP_ATTEMPTS) {
    return {
      kind: 'max_attempts',
      error: new ApiError(400, 'MAX_OTP_ATTEMPTS', 'Too many wrong OTPs; the attempt has failed'),
    };
  }
  return {
    kind: 'invalid',
    attempts,
    error: new ApiError(
      400,
      'INVALID_OTP',
      `The OTP is not valid; ${MAX_OTP_ATTEMPTS - attempts} ${MAX_OTP_ATTEMPTS - attempts === 1 ? 'attempt' : 'attempts'} left`,
    ),
  };
}
