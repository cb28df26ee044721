import { useSyncExternalStore } from 'react';
import { readProduct, type Currency, type Product } from '@store/contract/client';
import { formatPrice } from '@/utils/format';

export const cartStorageKey = 'cart';

export interface CartLine {
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

function lineFor(product: Product, selected?: boolean): CartLine {
  return {
    product_id: product.id,
    quantity: 1,
    price: product.price.amount,
    currency: product.price.currency,
    product,
    ...(selected === undefined ? {} : { selected }),
  };
}

/**
 * Reads what local storage holds, keeping only lines whose product is valid; price and currency
 * are taken from the product, so an edited or older entry cannot carry a different price.
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
    const product = readProduct((entry as { product?: unknown }).product);
    if (product === null || lines.some((line) => line.product_id === product.id)) continue;
    const selected = (entry as { selected?: unknown }).selected;
    lines.push(lineFor(product, typeof selected === 'boolean' ? selected : undefined));
  }
  return lines;
}

export interface CartStore {
  getLines(): CartLine[];
  subscribe(listener: () => void): () => void;
  add(product: Product): void;
  remove(productId: string): void;
  clear(): void;
}

/** The cart, persisted under local storage key `cart` and shared with other tabs. */
export function createCartStore(storage: Storage = localStorage): CartStore {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; lines: CartLine[] } = { raw: null, lines: [] };

  function getLines(): CartLine[] {
    const raw = storage.getItem(cartStorageKey);
    if (raw !== cache.raw) cache = { raw, lines: parseLines(raw) };
    return cache.lines;
  }

  function write(lines: CartLine[]) {
    if (lines.length === 0) storage.removeItem(cartStorageKey);
    else storage.setItem(cartStorageKey, JSON.stringify(lines));
    for (const listener of listeners) listener();
  }

  return {
    getLines,
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === cartStorageKey || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    add(product) {
      const lines = getLines();
      if (lines.some((line) => line.product_id === product.id)) return;
      write([...lines, lineFor(product)]);
    },
    remove(productId) {
      write(getLines().filter((line) => line.product_id !== productId));
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
