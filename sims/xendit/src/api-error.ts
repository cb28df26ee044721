import type { z } from 'zod';

export type ErrorDetail = { path: string; message: string };

/** A provider error answer: thrown by handlers, written by the app's one error handler. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly errors?: ErrorDetail[],
  ) {
    super(message);
  }

  toBody() {
    return {
      error_code: this.errorCode,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export function validationError(errors: ErrorDetail[]): ApiError {
  return new ApiError(
    400,
    'API_VALIDATION_ERROR',
    errors.map((error) => `${error.path}: ${error.message}`).join('; ') || 'Invalid request',
    errors,
  );
}

/** Parses a request body with the shared wire schema; a mismatch is the provider's 400. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? undefined);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || '(body)',
      message: issue.message,
    })),
  );
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError(404, 'DATA_NOT_FOUND', `No ${what} with id ${id} was found`);
}

export function ineligible(what: string, status: string, action: string): ApiError {
  return new ApiError(
    400,
    'INELIGIBLE_TRANSACTION_STATUS',
    `The ${what} cannot be ${action} while its status is ${status}`,
  );
}
