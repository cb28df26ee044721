import { and, eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { apps, catalogueGeneration, products, vouchers } from '../db/schema.ts';
import type { AppRow } from '../provider/provider.ts';
import type { ProductRow, VoucherRow } from './pricing.ts';

/** What a create prices an order from: the app, its products and its active vouchers. */
export interface AppOrderCatalogue {
  app: AppRow;
  products: Map<string, ProductRow>;
  vouchers: Map<string, VoucherRow>;
  /**
   * The catalogue's generation (migration 0016) as it was before the rows were read: a create's
   * insert writes nothing once it has moved, so a change committed but not yet announced never
   * prices a create.
   */
  generation: number;
}

/** Announced by the triggers of migrations 0012 (products) and 0014 (apps, vouchers). */
const catalogueChangedChannel = 'catalogue_changed';
/** Only covers an announcement lost while the listening connection was down. */
const catalogueTtlMs = 60_000;

/**
 * Each instance's copy of what a payment create reads besides the customer, so that a create makes
 * no read of its own before its insert: the copies are dropped whenever any of those rows changes
 * (every instance hears the announcement), and nothing is kept before the instance listens.
 */
export function createOrderCatalogue(db: Database) {
  const catalogues = new Map<
    string,
    { catalogue: Promise<AppOrderCatalogue | null>; until: number }
  >();
  let listening = false;
  let unlisten: (() => Promise<void>) | undefined;

  async function load(appId: string): Promise<AppOrderCatalogue | null> {
    // Read first: a change that commits while the rows are read moves it past this value.
    const [current] = await db
      .select({ generation: catalogueGeneration.generation })
      .from(catalogueGeneration);
    const [[app], productRows, voucherRows] = await Promise.all([
      db.select().from(apps).where(eq(apps.id, appId)),
      db.select().from(products).where(eq(products.appId, appId)),
      db
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.appId, appId), eq(vouchers.active, 1))),
    ]);
    if (!app || !current) return null;
    return {
      app,
      products: new Map(productRows.map((row) => [row.id, row])),
      vouchers: new Map(voucherRows.map((row) => [row.id, row])),
      generation: current.generation,
    };
  }

  return {
    async listen(listen: DatabaseHandle['listen']): Promise<void> {
      unlisten = await listen(catalogueChangedChannel, () => catalogues.clear());
      listening = true;
    },
    async close(): Promise<void> {
      listening = false;
      catalogues.clear();
      await unlisten?.();
    },
    /** Drops every copy: a create's insert found the catalogue changed since one was read. */
    outdated(): void {
      catalogues.clear();
    },
    /** The app's catalogue; null when the app does not exist. */
    of(appId: string): Promise<AppOrderCatalogue | null> {
      if (!listening) return load(appId);
      const now = Date.now();
      const cached = catalogues.get(appId);
      if (cached && cached.until > now) return cached.catalogue;
      const catalogue = load(appId);
      catalogues.set(appId, { catalogue, until: now + catalogueTtlMs });
      // A failed read is not kept: the next create asks the database again.
      catalogue.catch(() => {
        if (catalogues.get(appId)?.catalogue === catalogue) catalogues.delete(appId);
      });
      return catalogue;
    },
  };
}
export type OrderCatalogue = ReturnType<typeof createOrderCatalogue>;
