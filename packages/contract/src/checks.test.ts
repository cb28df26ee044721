import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appIdSchema, sessionClaimsSchema } from './auth.ts';
import { productSchema } from './catalog.ts';
import { isAppId, readProduct, readSessionClaims } from './checks.ts';

/** A value of any JSON-ish type, or a near miss of the usual ones. */
const anyField = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.constantFrom('development', 'live', 'IDR', 'PHP', 'USD', 'EUR', '', 'a'.repeat(65)),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, -0, Number.MAX_SAFE_INTEGER, 2 ** 53, NaN, Infinity, -Infinity),
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
);

/** Records with the given keys (some missing, some extra) holding fields of any type. */
function records(keys: string[], overrides: Record<string, fc.Arbitrary<unknown>> = {}) {
  const fields = Object.fromEntries(
    keys.map((key) => [key, fc.oneof(anyField, ...(overrides[key] ? [overrides[key]] : []))]),
  );
  return fc.oneof(
    fc.record(fields, { requiredKeys: keys }),
    fc.record({ ...fields, extra: anyField }, { requiredKeys: [] }),
    fc.anything(),
  );
}

function sameAsSchema<T>(
  read: (value: unknown) => T | null,
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  values: fc.Arbitrary<unknown>,
) {
  fc.assert(
    fc.property(values, (value) => {
      const parsed = schema.safeParse(value);
      const result = read(value);
      expect(result !== null).toBe(parsed.success);
      if (parsed.success) expect(result).toEqual(parsed.data);
    }),
    { numRuns: 2000 },
  );
}

describe('plain checks agree with the schemas', () => {
  it('readSessionClaims is sessionClaimsSchema', () => {
    sameAsSchema(
      readSessionClaims,
      sessionClaimsSchema,
      records(['app_id', 'mode', 'customer_id', 'exp'], { exp: fc.double() }),
    );
  });

  it('readProduct is productSchema', () => {
    const price = records(['amount', 'currency'], { amount: fc.integer() });
    sameAsSchema(
      readProduct,
      productSchema,
      records(['id', 'name', 'description', 'image_url', 'price'], { price }),
    );
  });

  it('isAppId is appIdSchema', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 70 }),
          fc.stringMatching(/^[A-Za-z0-9_-]{0,70}$/),
          anyField,
        ),
        (value) => {
          expect(isAppId(value)).toBe(appIdSchema.safeParse(value).success);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
