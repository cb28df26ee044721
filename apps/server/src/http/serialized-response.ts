import { safeEncode } from 'zod/v4/core';
import type { Endpoint, ResponseOf } from '@store/contract';

/**
 * An answer serialised ahead of time, for an answer many requests share: registerEndpoint sends
 * its JSON as it is. Made only by `of`, which checks the value against the endpoint's response
 * schema exactly as the route's serializer does on every other answer.
 */
export class SerializedResponse<T> {
  /** Ties the JSON to the type it was serialised from. */
  declare readonly value?: T;

  private constructor(readonly json: string) {}

  static of<E extends Endpoint>(
    endpoint: E,
    value: ResponseOf<E>,
  ): SerializedResponse<ResponseOf<E>> {
    const result = safeEncode(endpoint.response, value);
    if (!result.success) {
      throw new Error(`${endpoint.method} ${endpoint.path}: the answer does not match its schema`, {
        cause: result.error,
      });
    }
    return new SerializedResponse(JSON.stringify(result.data));
  }
}
