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

const summary = (errors: ErrorDetail[]) =>
  errors.map((error) => `${error.path}: ${error.message}`).join('; ') || 'Invalid request';

export function validationError(errors: ErrorDetail[]): ApiError {
  return new ApiError(400, 'API_VALIDATION_ERROR', summary(errors), errors);
}

/**
 * A value the specification allows that the channel does not take (the description's
 * Payments_API_Http400InvalidValueError: "not within expected range or expected configurations").
 */
export function invalidValueError(errors: ErrorDetail[]): ApiError {
  return new ApiError(400, 'INVALID_VALUE_ERROR', summary(errors), errors);
}

const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * A NUL, or half of a surrogate pair: text that PostgreSQL's jsonb cannot hold (nor its text, a
 * NUL). Refused in a body, and never an id or a reference any stored object has.
 */
export const isUnstorable = (text: string) =>
  text.includes('\u0000') || unpairedSurrogate.test(text);

/** Where a value sits in a body: its key and its parent's place, so a path is built only once found. */
interface Place {
  key: string;
  parent: Place | undefined;
}

const pathOf = (place: Place | undefined): string[] => {
  const path: string[] = [];
  for (let at = place; at; at = at.parent) path.unshift(at.key);
  return path;
};

/**
 * The path of a string (or key) in a body that could not be stored, if any. Walked with a stack of
 * its own, each entry linked to its parent rather than holding a copy of its path: a body nested
 * deeper than the call stack (within the body limit) is no server error, and costs time in
 * proportion to its size.
 */
function unstorablePath(body: unknown): string[] | undefined {
  const pending: [unknown, Place | undefined][] = [[body, undefined]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, place] = next;
    if (typeof value === 'string') {
      if (isUnstorable(value)) return pathOf(place);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorable(key)) return [...pathOf(place), '(a key)'];
        pending.push([item, { key, parent: place }]);
      }
    }
  }
  return undefined;
}

/**
 * Parses a request body with the shared wire schema; a mismatch is the provider's 400, and so is
 * text that cannot be stored (it failed the write with a 500).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const unstorable = unstorablePath(body);
  if (unstorable) {
    throw validationError([
      {
        path: unstorable.join('.') || '(body)',
        message: 'must not contain a NUL character or an unpaired surrogate',
      },
    ]);
  }
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
