import type { Database } from '../db/database.ts';
import { customers } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { NewPayment } from './create-statements.ts';

/** The demo app's mug as a priced order's line, for creates written straight on their statements. */
export const mug = {
  id: 'id-ceramic-mug',
  name: 'Ceramic Mug',
  category: 'Home & Kitchen',
  description: 'Hand-glazed stoneware mug, 350 ml, dishwasher safe.',
  imagePath: '/images/ceramic-mug.svg',
  priceAmount: 89_000,
  currency: 'IDR',
};

/** A customer of the demo app named `name`; its id. */
export async function newCustomer(db: Database, name: string): Promise<string> {
  const id = newId('cus');
  await db.insert(customers).values({
    id,
    appId: 'demo-id',
    identityIssuer: 'https://accounts.example',
    identitySubject: id,
    email: `${name}@example.com`,
    name,
    mobileNumber: '+6281234567890',
  });
  return id;
}

/** A new virtual-account payment of the customer's, CREATING, with an idempotency key of its own. */
export function paymentOf(customerId: string, key = newId('key')): NewPayment {
  return {
    id: newId('pay'),
    appId: 'demo-id',
    customerId,
    idempotencyKey: key,
    requestHash: `hash-${key}`,
    type: 'PAY',
    channelCode: 'BCA_VIRTUAL_ACCOUNT',
    country: 'ID',
    currency: 'IDR',
    amount: 89_000,
    status: 'CREATING',
    channelProperties: { display_name: 'Ada' },
  };
}
