import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@store/contract';
import type { TestServer } from './test-server.ts';
import { waitFor } from './wait-for.ts';

/** A DANA account linked on the provider's page: an ACTIVE method that can pay a subscription. */
export async function linkedEwallet(server: TestServer, token: string): Promise<PaymentMethod> {
  const authorization = `Bearer ${token}`;
  const created = (
    await server.app.inject({
      method: 'POST',
      url: '/api/payment_methods',
      headers: { authorization, 'idempotency-key': randomUUID() },
      payload: { channel: 'DANA', country: 'ID', reference_id: randomUUID().slice(0, 8) },
    })
  ).json() as PaymentMethod;
  const page = await fetch(created.actions[0]?.value ?? '', {
    method: 'POST',
    body: new URLSearchParams({ decision: 'link' }),
    redirect: 'manual',
  });
  if (page.status >= 400) throw new Error(`the linking page answered ${page.status}`);
  return waitFor(`method ${created.id} ACTIVE`, async () => {
    const method = (
      await server.app.inject({
        method: 'GET',
        url: `/api/payment_methods/${created.id}`,
        headers: { authorization },
      })
    ).json() as PaymentMethod;
    return method.status === 'ACTIVE' && method;
  });
}
