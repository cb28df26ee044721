import { useSyncExternalStore } from 'react';
import { readProduct, type Currency, type Product } from '@store/contract/client';
import { getSession, tokenStorageKey } from '@/lib/session';
import { formatPrice } from '@/utils/format';

export const cartStorageKey = 'cart';

export interface CartLine {
  /** The store (app) the product is sold by: a cart belongs to one store. */
  app_id: string;
  /** The customer whose cart it is: another customer signing in on this browser never sees it. */
  customer_id: string;
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

/** Whose cart is shown: the store and the customer signed in to it. */
export interface CartOwner {
  appId: string;
  customerId: string;
}

const ownedBy = (line: CartLine, owner: CartOwner | null) =>
  owner !== null && line.app_id === owner.appId && line.customer_id === owner.customerId;

function lineFor(owner: CartOwner, product: Product, selected?: boolean): CartLine {
  return {
    app_id: owner.appId,
    customer_id: owner.customerId,
    product_id: product.id,
    quantity: 1,
    price: product.price.amount,
    currency: product.price.currency,
    product,
    ...(selected === undefined ? {} : { selected }),
  };
}

/**
 * Reads what local storage holds, keeping only lines whose product is valid and whose store and
 * customer are named; price and currency are taken from the product, so an edited or older entry
 * cannot carry a different price. Lines of every store and customer are kept here; each sees only
 * their own.
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
    const customerId = (entry as { customer_id?: unknown }).customer_id;
    const product = readProduct((entry as { product?: unknown }).product);
    if (typeof appId !== 'string' || typeof customerId !== 'string' || product === null) continue;
    const owner = { appId, customerId };
    if (lines.some((line) => ownedBy(line, owner) && line.product_id === product.id)) continue;
    const selected = (entry as { selected?: unknown }).selected;
    lines.push(lineFor(owner, product, typeof selected === 'boolean' ? selected : undefined));
  }
  return lines;
}

/** One customer's lines at one store, all in one currency: the first line's, as the total uses. */
function ownLines(all: readonly CartLine[], owner: CartOwner | null): CartLine[] {
  const own = all.filter((line) => ownedBy(line, owner));
  return own.filter((line) => line.currency === own[0]?.currency);
}

export interface CartStore {
  getLines(): CartLine[];
  subscribe(listener: () => void): () => void;
  add(product: Product): void;
  remove(productId: string): void;
  clear(): void;
}

/** The store and customer of the session, if one is signed in. */
function sessionOwner(): CartOwner | null {
  const claims = getSession()?.claims;
  return claims ? { appId: claims.app_id, customerId: claims.customer_id } : null;
}

/**
 * The cart, persisted under local storage key `cart` and shared with other tabs. It belongs to the
 * store (app) and the customer signed in: another store's or another customer's lines stay stored
 * for them but are never shown, counted or paid here, so a total never adds two currencies and a
 * shared browser never shows one customer what the last one chose.
 */
export function createCartStore(
  storage: Storage = localStorage,
  currentOwner: () => CartOwner | null = sessionOwner,
): CartStore {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; ownerKey: string; all: CartLine[]; lines: CartLine[] } = {
    raw: null,
    ownerKey: '',
    all: [],
    lines: [],
  };

  function read() {
    const raw = storage.getItem(cartStorageKey);
    const owner = currentOwner();
    const ownerKey = owner === null ? '' : `${owner.appId} ${owner.customerId}`;
    if (raw !== cache.raw || ownerKey !== cache.ownerKey) {
      const all = parseLines(raw);
      cache = { raw, ownerKey, all, lines: ownLines(all, owner) };
    }
    return { ...cache, owner };
  }

  /** Replaces this customer's lines, keeping everyone else's. */
  function write(lines: CartLine[]) {
    const { all, owner } = read();
    const kept = [...all.filter((line) => !ownedBy(line, owner)), ...lines];
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
      const { lines, owner } = read();
      if (owner === null || lines.some((line) => line.product_id === product.id)) return;
      // A product in another currency is not this store's: adding it would mix currencies.
      if (lines[0] !== undefined && lines[0].currency !== product.price.currency) return;
      write([...lines, lineFor(owner, product)]);
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
