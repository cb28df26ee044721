import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { api, errorCodes, type CatalogProduct, type Voucher } from '@store/contract';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { apps, products, vouchers } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { SerializedResponse } from '../http/serialized-response.ts';
import { toCatalogProduct } from './catalog-service.ts';

export function toVoucher(row: typeof vouchers.$inferSelect): Voucher {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    payment_method_type: row.paymentMethodType,
    fixed_amount: row.fixedAmount,
  };
}

/**
 * The catalogue is read on every page and changes only when its data does: each app's listing is
 * kept serialised (with its ETag), so a load of product pages costs neither a database round-trip
 * nor a serialisation per request. Any change to the products is announced on this channel
 * (migration 0012), and every instance drops its copies then; the time bound only covers an
 * announcement lost while the listening connection was down.
 */
export const catalogueChangedChannel = 'catalogue_changed';
const catalogueTtlMs = 60_000;

type Catalogue = SerializedResponse<{ products: CatalogProduct[] }>;

export function registerCatalogRoutes(
  app: FastifyInstance,
  { db, listen }: { db: Database; listen: DatabaseHandle['listen'] },
): void {
  // `ready` once the listing is read, so a request answers it without waiting on the promise.
  const catalogues = new Map<
    string,
    { listing: Promise<Catalogue>; ready?: Catalogue; until: number }
  >();
  // A listing being read as the change is announced is dropped with the rest, so the next
  // request reads the changed rows.
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await listen(catalogueChangedChannel, () => catalogues.clear());
  });
  app.addHook('onClose', async () => unlisten?.());

  async function loadCatalogue(appId: string): Promise<Catalogue> {
    const rows = await db
      .select()
      .from(products)
      .where(eq(products.appId, appId))
      .orderBy(asc(products.position), asc(products.id));
    return SerializedResponse.of(api.listProducts, { products: rows.map(toCatalogProduct) });
  }

  registerEndpoint(
    app,
    api.listProducts,
    ({ session }) => {
      const now = Date.now();
      const cached = catalogues.get(session.appId);
      if (cached && cached.until > now) return cached.ready ?? cached.listing;
      const listing = loadCatalogue(session.appId);
      const entry: { listing: Promise<Catalogue>; ready?: Catalogue; until: number } = {
        listing,
        until: now + catalogueTtlMs,
      };
      catalogues.set(session.appId, entry);
      listing.then(
        (catalogue) => {
          entry.ready = catalogue;
        },
        // A failed read is not kept: the next request asks the database again.
        () => {
          if (catalogues.get(session.appId) === entry) catalogues.delete(session.appId);
        },
      );
      return listing;
    },
    { answeredFromMemory: true },
  );

  registerEndpoint(app, api.getProduct, async ({ session, params }) => {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, params.productId), eq(products.appId, session.appId)));
    if (!row) throw notFound(`Product ${params.productId}`);
    return toCatalogProduct(row);
  });

  // Open, as the specification has it; an app id the store does not know is 404 APP_NOT_FOUND, so
  // a signed-out browser can tell a mistyped store address from a store (sign-in says as much).
  registerEndpoint(app, api.listVouchers, async ({ query }) => {
    if (!query.app_id) return { vouchers: [] };
    const [tenant] = await db.select({ id: apps.id }).from(apps).where(eq(apps.id, query.app_id));
    if (!tenant) {
      throw new AppError(404, errorCodes.appNotFound, `App ${query.app_id} does not exist`);
    }
    const rows = await db
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.appId, query.app_id), eq(vouchers.active, 1)))
      .orderBy(asc(vouchers.code));
    return { vouchers: rows.map(toVoucher) };
  });
}
