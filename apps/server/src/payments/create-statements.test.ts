import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { inJsonbOrder } from './create-statements.ts';

// A create's first call to the provider is built from its new row as the store made it, a replay's
// from the row as the database gives it back: the two bodies must be the same JSON, key for key.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The value as a read of a jsonb column gives it back. */
async function throughJsonb(value: unknown): Promise<unknown> {
  const result = (await database.db.execute(
    sql`select (${JSON.stringify(value)}::jsonb)::text as value`,
  )) as unknown as { rows: { value: string }[] };
  return JSON.parse(result.rows[0]!.value);
}

describe("a new payment's JSON in jsonb's key order", () => {
  it('orders keys as the database does: by length in bytes, then by their bytes', async () => {
    // Keys of one length in UTF-16 and another in UTF-8, and keys of one length in bytes whose
    // UTF-16 order is not their bytes' ('\uE000' comes before '𝒳' in UTF-8, after it in UTF-16).
    const keys = [
      'success_return_url',
      'failure_return_url',
      'mobile_number',
      'b',
      'a',
      'ab',
      'é',
      'ä',
      'Z',
      'zz',
      '中',
      'abc',
      '\uE000a',
      '𝒳',
      'a𝒳',
      'ab\uE000',
      '\uFFFDx',
    ];
    const reversed = Object.fromEntries(keys.toReversed().map((key, index) => [key, index]));
    const value = {
      ...reversed,
      nested: { ...reversed },
      list: [reversed, { z: 1, y: [reversed] }],
    };
    expect(JSON.stringify(inJsonbOrder(value))).toBe(JSON.stringify(await throughJsonb(value)));
  });

  it('leaves values that are not objects as they are', async () => {
    for (const value of [null, 'text', 3, true, [1, 'two', null]]) {
      expect(inJsonbOrder(value)).toEqual(await throughJsonb(value));
    }
  });
});
