import type { ApiErrorBody, ProviderExchange } from '@store/contract';

/** A failure the client should see as `{error_code, message}` with this HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly exchange?: ProviderExchange,
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
