import { createHash } from 'node:crypto';
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

  /**
   * A strong validator of exactly these bytes (a hash of the JSON), so a client that has them
   * gets 304 Not Modified instead of them again; the same answer made again has the same one.
   */
  readonly etag: string;

  private constructor(readonly json: string) {
    this.etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  }

  /**
   * Whether an If-None-Match header names this answer (RFC 9110 13.1.2: a list of tags, compared
   * weakly, or `*`).
   */
  matches(ifNoneMatch: string | undefined): boolean {
    if (ifNoneMatch === undefined) return false;
    return ifNoneMatch.split(',').some((candidate) => {
      const tag = candidate.trim();
      return tag === '*' || tag === this.etag || tag === `W/${this.etag}`;
    });
  }

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
