import type { ApiErrorBody, ProviderExchange } from '@store/contract';

/**
 * A failure the client should see as `{error_code, message}` with this HTTP status. A failed
 * provider call also says whether the provider refused (`refused`: a definite answer, nothing
 * happened there) or the outcome is unknown (`unknown`: it may have taken effect).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly exchange?: ProviderExchange,
    readonly providerOutcome?: 'refused' | 'unknown',
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return {
      error_code: this.errorCode,
      message: this.message,
      ...(this.exchange ? { response: this.exchange } : {}),
    };
  }
}

export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);

/**
 * Whether a failure is final: a provider refusal, or the store's own 4xx before the provider was
 * reached. Only an unknown provider outcome leaves a payment, refund or method open for later.
 */
export function isRefusal(error: unknown): error is AppError {
  if (!(error instanceof AppError)) return false;
  return error.providerOutcome ? error.providerOutcome === 'refused' : error.statusCode < 500;
}
