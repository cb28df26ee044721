import { and, eq } from 'drizzle-orm';
import type { CatalogProduct, Currency, Product, SubscriptionTerms } from '@store/contract';
import type { Database } from '../db/database.ts';
import { products } from '../db/schema.ts';

// The catalogue's products as the API and other folders (subscriptions) see them.

type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.imagePath,
    price: { amount: row.priceAmount, currency: row.currency as Currency },
  };
}

/** What a subscribable product charges per cycle; null when it is not sold by subscription. */
export function subscriptionTermsOf(row: ProductRow): SubscriptionTerms | null {
  const { subscriptionInterval, subscriptionIntervalCount, subscriptionAmount } = row;
  if (!subscriptionInterval || !subscriptionIntervalCount || !subscriptionAmount) return null;
  return {
    interval: subscriptionInterval,
    interval_count: subscriptionIntervalCount,
    amount: subscriptionAmount,
  };
}

/** A product as the catalogue lists it, with its subscription terms when it has them. */
export function toCatalogProduct(row: ProductRow): CatalogProduct {
  const terms = subscriptionTermsOf(row);
  return { ...toProduct(row), ...(terms ? { subscription: terms } : {}) };
}

/** An app's product, or undefined when the app sells no such product. */
export async function findProduct(db: Database, appId: string, productId: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.appId, appId)));
  return row;
}
