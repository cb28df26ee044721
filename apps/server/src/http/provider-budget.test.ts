import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { vaOrder } from '../../harness/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // A provider whose rate limit another customer has already spent.
  server = await startTestServer({}, { simulator: { rateLimit: { max: 2, windowSeconds: 60 } } });
});
afterAll(() => server?.close());

describe('the provider answering 429 to a create', () => {
  it('leaves the payment open to be sent again with the same key, never FAILED', async () => {
    const token = await server.signIn('unlucky@example.com');
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${server.url}/api/payments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(vaOrder()),
      });
      answers.push({ status: response.status, body: (await response.json()) as { id: string } });
    }
    // The provider took two; it has not taken the others yet, which is not a refusal.
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const [, , third] = answers;
    const [row] = await server.db
      .select()
      .from(payments)
      .where(eq(payments.id, third?.body.id ?? ''));
    expect(row?.status).toBe('CREATING');
    expect(row?.failureCode).toBeNull();
  });
});
