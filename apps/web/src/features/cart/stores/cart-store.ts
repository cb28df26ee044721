import { useSyncExternalStore } from 'react';
import { readProduct, type Currency, type Product } from '@store/contract/client';
import { getSession, tokenStorageKey } from '@/lib/session';
import { formatPrice } from '@/utils/format';

export const cartStorageKey = 'cart';

export interface CartLine {
  /** The store (app) the product is sold by: a cart belongs to one store. */
  app_id: string;
  product_id: string;
  /** Always 1: a product is in the cart once or not at all. */
  quantity: 1;
  price: number;
  currency: Currency;
  product: Product;
  selected?: boolean;
}

export interface CartTotal {
  amount: number;
  /** The first line's currency; null for an empty cart. */
  currency: Currency | null;
}

export function cartTotal(lines: readonly CartLine[]): CartTotal {
  return {
    amount: lines.reduce((sum, line) => sum + line.price, 0),
    currency: lines[0]?.currency ?? null,
  };
}

export function formatCartTotal({ amount, currency }: CartTotal): string {
  return currency === null ? '0' : formatPrice({ amount, currency });
}

function lineFor(appId: string, product: Product, selected?: boolean): CartLine {
  return {
    app_id: appId,
    product_id: product.id,
    quantity: 1,
    price: product.price.amount,
    currency: product.price.currency,
    product,
    ...(selected === undefined ? {} : { selected }),
  };
}

/**
 * Reads what local storage holds, keeping only lines whose product is valid and whose store is
 * named; price and currency are taken from the product, so an edited or older entry cannot carry
 * a different price. Lines of every store are kept here; each store sees only its own.
 */
function parseLines(raw: string | null): CartLine[] {
  if (raw === null) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  const lines: CartLine[] = [];
  for (const entry of stored as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const appId = (entry as { app_id?: unknown }).app_id;
    const product = readProduct((entry as { product?: unknown }).product);
    if (typeof appId !== 'string' || product === null) continue;
    if (lines.some((line) => line.app_id === appId && line.product_id === product.id)) continue;
    const selected = (entry as { selected?: unknown }).selected;
    lines.push(lineFor(appId, product, typeof selected === 'boolean' ? selected : undefined));
  }
  return lines;
}

/** One store's lines, all in one currency: the first line's, as the total uses. */
function storeLines(all: readonly CartLine[], appId: string | null): CartLine[] {
  const own = all.filter((line) => line.app_id === appId);
  return own.filter((line) => line.currency === own[0]?.currency);
}

export interface CartStore {
  getLines(): CartLine[];
  subscribe(listener: () => void): () => void;
  add(product: Product): void;
  remove(productId: string): void;
  clear(): void;
}

/**
 * The cart, persisted under local storage key `cart` and shared with other tabs. It belongs to the
 * store (app) signed in to: another store's lines stay stored for it but are never shown, counted
 * or paid here, so a total never adds two currencies.
 */
export function createCartStore(
  storage: Storage = localStorage,
  currentApp: () => string | null = () => getSession()?.claims.app_id ?? null,
): CartStore {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; appId: string | null; all: CartLine[]; lines: CartLine[] } = {
    raw: null,
    appId: null,
    all: [],
    lines: [],
  };

  function read() {
    const raw = storage.getItem(cartStorageKey);
    const appId = currentApp();
    if (raw !== cache.raw || appId !== cache.appId) {
      const all = parseLines(raw);
      cache = { raw, appId, all, lines: storeLines(all, appId) };
    }
    return cache;
  }

  /** Replaces this store's lines, keeping the other stores'. */
  function write(lines: CartLine[]) {
    const { all, appId } = read();
    const kept = [...all.filter((line) => line.app_id !== appId), ...lines];
    if (kept.length === 0) storage.removeItem(cartStorageKey);
    else storage.setItem(cartStorageKey, JSON.stringify(kept));
    for (const listener of listeners) listener();
  }

  return {
    getLines: () => read().lines,
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === cartStorageKey || event.key === tokenStorageKey || event.key === null) {
          listener();
        }
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    add(product) {
      const { lines, appId } = read();
      if (appId === null || lines.some((line) => line.product_id === product.id)) return;
      // A product in another currency is not this store's: adding it would mix currencies.
      if (lines[0] !== undefined && lines[0].currency !== product.price.currency) return;
      write([...lines, lineFor(appId, product)]);
    },
    remove(productId) {
      write(read().lines.filter((line) => line.product_id !== productId));
    },
    clear() {
      write([]);
    },
  };
}

export const cartStore = createCartStore();

export function useCart() {
  const lines = useSyncExternalStore(cartStore.subscribe, cartStore.getLines);
  return {
    lines,
    total: cartTotal(lines),
    add: cartStore.add,
    remove: cartStore.remove,
    clear: cartStore.clear,
  };
}
